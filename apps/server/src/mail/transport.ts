import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Database } from '../db/connect.ts';
import { mailOutbox } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { MailMessage, MailResult, Mailer } from './mailer.ts';

/**
 * Every message is first written to `mail_outbox`, so there is always a record of what was sent
 * (and, without SMTP, that table is the outbox an administrator reads). With SMTP_URL the message
 * is then handed to nodemailer and the row marked sent or given the reason it failed.
 */
export function createMailer(options: { config: Config; db: Database; log: FastifyBaseLogger }): Mailer {
  const { config, db, log } = options;
  const transporter = config.SMTP_URL ? createTransport(config.SMTP_URL, { from: config.MAIL_FROM }) : null;
  const inFlight = new Set<Promise<unknown>>();

  async function deliver(message: MailMessage): Promise<MailResult> {
    const id = newId();
    try {
      await db.insert(mailOutbox).values({
        id,
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        transport: transporter ? 'smtp' : 'outbox',
      });
    } catch (error) {
      // The failed query would carry the message body (with its one-time link): log only its kind.
      log.error({ mail: { id, ...describeError(error) } }, 'could not record e-mail in the outbox');
      return { id: null, status: 'failed' };
    }

    if (!transporter) {
      // Without SMTP this line is how the person running Verity reaches the link; it is the only
      // place a one-time link is ever written to the log.
      log.info(
        { mail: { id, to: message.to, subject: message.subject, links: linksIn(message.text) } },
        'e-mail kept in the outbox (no SMTP_URL)',
      );
      return { id, status: 'outbox' };
    }

    try {
      await transporter.sendMail({ to: message.to, subject: message.subject, text: message.text, html: message.html });
    } catch (error) {
      const described = describeError(error);
      log.warn({ mail: { id, ...described } }, 'e-mail delivery failed');
      await db
        .update(mailOutbox)
        .set({ error: outboxReason(described) })
        .where(eq(mailOutbox.id, id))
        .catch(() => undefined);
      return { id, status: 'failed' };
    }
    // Delivered: failing to note that must not turn into a report of a failed delivery.
    await db
      .update(mailOutbox)
      .set({ sentAt: new Date() })
      .where(eq(mailOutbox.id, id))
      .catch((error: unknown) => log.warn({ mail: { id, ...describeError(error) } }, 'could not mark e-mail as sent'));
    return { id, status: 'sent' };
  }

  return {
    send(message) {
      const pending = deliver(message);
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
      return pending;
    },
    later(label, work) {
      // setImmediate: the reply is written (microtasks) before the work's first query starts.
      const pending = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ event: label, error: describeError(error) }, 'background work failed'));
      inFlight.add(pending);
      void pending.finally(() => inFlight.delete(pending));
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      transporter?.close();
    },
    async check(timeoutMs) {
      if (!transporter) return { reachable: null, detail: 'No SMTP_URL: e-mails are kept in the outbox for you to pass on.', ms: 0 };
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const timedOut = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })), timeoutMs);
      });
      try {
        await Promise.race([transporter.verify(), timedOut]);
        return { reachable: true, detail: `The SMTP server accepted the connection and sign-in in ${elapsed()} ms.`, ms: elapsed() };
      } catch (error) {
        return { reachable: false, detail: `The SMTP server could not be used: ${outboxReason(describeError(error))}.`, ms: elapsed() };
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

function outboxReason(described: ReturnType<typeof describeError>): string {
  const parts = [
    described.code ?? described.name,
    described.cause,
    described.responseCode,
    described.command && `during ${described.command}`,
  ];
  return parts.filter((p) => p !== undefined && p !== '').join(' ') || 'delivery failed';
}

/** The links in a plain-text body, in order. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"')]+/g) ?? [];
}

/**
 * The parts of a transport or database error that are safe to log. Messages are left out: an
 * SMTP reply can echo addresses, and a failed query carries its parameters.
 */
function describeError(error: unknown): { name?: string; code?: string; cause?: string; responseCode?: number; command?: string } {
  if (typeof error !== 'object' || error === null) return { name: typeof error };
  const record = error as {
    name?: unknown;
    code?: unknown;
    originalCode?: unknown;
    responseCode?: unknown;
    command?: unknown;
    cause?: unknown;
  };
  const inner = record.cause as { code?: unknown } | undefined;
  const code = typeof record.code === 'string' ? record.code : typeof inner?.code === 'string' ? inner.code : undefined;
  return {
    name: typeof record.name === 'string' ? record.name : undefined,
    code,
    // nodemailer wraps network failures as ESOCKET and keeps the system code (ECONNREFUSED…) here.
    cause: typeof record.originalCode === 'string' ? record.originalCode : undefined,
    responseCode: typeof record.responseCode === 'number' ? record.responseCode : undefined,
    // Only the verb: the rest of an AUTH command line is the encoded credentials.
    command: typeof record.command === 'string' ? record.command.split(' ')[0] : undefined,
  };
}
