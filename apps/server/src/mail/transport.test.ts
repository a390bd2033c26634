import { once } from 'node:events';
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { multipart } from '../test/multipart.ts';
import { mailTo, oobCodeIn } from '../test/outbox.ts';
import { createPrettyLogStream } from '../lib/log-format.ts';
import { linksIn } from './transport.ts';

const PASSWORD = 'amber-otter-lantern-29';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** The decoded text/plain part of a raw MIME message. */
function plainTextOf(raw: string): string {
  const boundary = raw.match(/boundary="?([^"\r\n;]+)"?/i)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((p) => /content-type:\s*text\/plain/i.test(p)) ?? '';
  const split = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, split);
  const body = part.slice(split + 4);
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

async function signup(app: TestApp, email: string) {
  return app.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    ...(await multipart({
      first_name: 'Ruth',
      surname: 'Adeyemi',
      job_title: 'Fire Safety Adviser',
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    })),
  });
}

describe('with SMTP_URL', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let t: TestApp;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP test server has no port');
    t = await buildTestApp({
      SMTP_URL: `smtp://127.0.0.1:${address.port}?ignoreTLS=true`,
      MAIL_FROM: 'Verity <no-reply@verity.test>',
      AUTH_RATE_LIMIT_PER_IP: '1000',
    });
  });

  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('sign-up mail goes out over SMTP; its link verifies the address and the outbox row is marked sent', async () => {
    const email = `ruth.${Date.now()}@example.org`;
    expect((await signup(t, email)).statusCode).toBe(201);
    const [row] = await mailTo(t, email);
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row?.sentAt).toBeInstanceOf(Date);

    const message = received.find((m) => m.to.includes(email));
    expect(message?.from).toBe('no-reply@verity.test');
    expect(message?.raw).toMatch(/^Subject: Verify your e-mail address for Verity/m);
    const text = plainTextOf(message?.raw ?? '');
    const code = oobCodeIn(text, 'verifyEmail');

    const verified = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { oobCode: code } });
    expect(verified.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email, password: PASSWORD })) });
    expect(login.statusCode).toBe(200);
  });
});

describe('when the SMTP server cannot be reached', () => {
  let t: TestApp;

  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const address = probe.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    t = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${address.port}?ignoreTLS=true&connectionTimeout=2000` });
  });

  afterAll(async () => {
    await t.close();
  });

  test('the person signing up still gets the normal answer; the outbox row keeps a redacted reason', async () => {
    const email = `unlucky.${Date.now()}@example.org`;
    const response = await signup(t, email);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Account created. Check your e-mail for a link to verify your address.' });
    const [row] = await mailTo(t, email);
    expect(row).toMatchObject({ transport: 'smtp', sentAt: null });
    expect(row?.error).toMatch(/ECONNECTION|ECONNREFUSED/);
    const [stored] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(stored?.textBody).toContain('mode=verifyEmail');
  });
});

describe('without SMTP_URL', () => {
  test('the message stays in the outbox and one log line gives its recipient, subject and links', async () => {
    const lines: string[] = [];
    const t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } });
    try {
      const email = `offline.${Date.now()}@example.org`;
      expect((await signup(t, email)).statusCode).toBe(201);
      const [row] = await mailTo(t, email);
      expect(row).toMatchObject({ transport: 'outbox', sentAt: null, error: null });
      const code = oobCodeIn(row?.textBody ?? '', 'verifyEmail');

      const entries = lines.map((line) => JSON.parse(line) as { msg: string; mail?: { to: string; subject: string; links: string[] } });
      const outboxLines = entries.filter((e) => e.msg === 'e-mail kept in the outbox (no SMTP_URL)');
      expect(outboxLines).toHaveLength(1);
      expect(outboxLines[0]?.mail).toMatchObject({ to: email, subject: 'Verify your e-mail address for Verity' });
      expect(outboxLines[0]?.mail?.links).toContain(`http://verity.test/auth/action-handler?mode=verifyEmail&oobCode=${code}`);
      // That is the only line carrying the code.
      expect(lines.filter((line) => line.includes(code))).toHaveLength(1);

      // On a terminal it reads as an Outbox line, with the link alone on the next line to click.
      let printed = '';
      const pretty = createPrettyLogStream({ write: (text: string) => (printed += text) });
      for (const line of lines) pretty.write(line);
      const outboxAt = printed.split('\n').findIndex((line) => line.includes('Outbox:'));
      expect(printed.split('\n')[outboxAt]).toMatch(
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d Outbox: e-mail to ${email.replaceAll('.', '\\.')}: "Verify your e-mail address for Verity"$`),
      );
      expect(printed.split('\n')[outboxAt + 1]?.trim()).toBe(`http://verity.test/auth/action-handler?mode=verifyEmail&oobCode=${code}`);
    } finally {
      await t.close();
    }
  });
});

describe('linksIn', () => {
  test('finds every http(s) link in plain text', () => {
    expect(linksIn('Open https://a.example/x?y=1&z=2.\n\nOr http://b.example/path (here).')).toEqual([
      'https://a.example/x?y=1&z=2.',
      'http://b.example/path',
    ]);
  });
});
