export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * What became of one message: `sent` (SMTP accepted it), `outbox` (no SMTP configured; kept in
 * the table and its links logged) or `failed` (recorded with a redacted reason). Callers decide
 * whether a failure matters to the person waiting; the raw transport error never reaches them.
 */
export interface MailResult {
  id: string | null;
  status: 'sent' | 'outbox' | 'failed';
}

/** Sends over SMTP when configured; always records the message in the outbox table. */
export interface Mailer {
  /** Never rejects: a failure is logged (redacted) and reported as `status: 'failed'`. */
  send(message: MailMessage): Promise<MailResult>;
  /** Resolves once every message handed over so far is recorded and its delivery attempt over. */
  idle(): Promise<void>;
  /**
   * Runs work that may end in an e-mail (look-ups, writes, sending) after the answer has gone, so
   * an answer never takes longer because there was something to do. idle() and close() wait for
   * it; a failure is logged under `label` (its kind only) and never reaches the caller.
   */
  later(label: string, work: () => Promise<unknown>): void;
  /** Waits for messages still being delivered, then releases the transport. */
  close(): Promise<void>;
  /**
   * Whether the SMTP server accepts a connection and sign-in now (null without SMTP: messages
   * stay in the outbox). Never rejects; the reason names only the kind of failure.
   */
  check(timeoutMs: number): Promise<MailCheck>;
}

export interface MailCheck {
  reachable: boolean | null;
  detail: string;
  ms: number;
}
