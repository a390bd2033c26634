export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends over SMTP when configured; always records the message in the outbox table. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
