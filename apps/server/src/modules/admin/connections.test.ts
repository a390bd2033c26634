import { once } from 'node:events';
import { createServer } from 'node:net';
import type { ConnectionCheck } from '@verity/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser, type TestUser } from '../../test/factories.ts';
import { type FakeOpenAI, startFakeOpenAI } from '../../test/fake-openai.ts';

const API_KEY = 'sk-connection-check-secret-0123456789';

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return address.port;
}

async function check(t: TestApp, who: TestUser | null) {
  return t.app.inject({ method: 'POST', url: '/api/admin/status/check', headers: who?.headers ?? {} });
}

describe('checking the connections', () => {
  let fake: FakeOpenAI;
  let smtp: SMTPServer;
  let t: TestApp;
  let admin: TestUser;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    smtp = new SMTPServer({
      authOptional: true,
      logger: false,
      onData: (stream, _session, callback) => stream.on('end', callback).resume(),
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const address = smtp.server.address();
    if (!address || typeof address === 'string') throw new Error('SMTP test server has no port');
    t = await buildTestApp({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: fake.url,
      AI_MODEL: 'fake-chat',
      AI_API_KEY: API_KEY,
      SMTP_URL: `smtp://127.0.0.1:${address.port}?ignoreTLS=true`,
    });
    admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
  });

  afterAll(async () => {
    await t.close();
    await fake.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  test('both answer: the provider with a few-token completion, the SMTP server with a connection', async () => {
    fake.reset();
    const response = await check(t, admin);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<ConnectionCheck>();
    expect(body.ai).toMatchObject({ reachable: true, detail: expect.stringMatching(/^fake-chat answered in \d+ ms\.$/) });
    expect(body.email).toMatchObject({ reachable: true, detail: expect.stringMatching(/accepted the connection/) });
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]?.body.model).toBe('fake-chat');
  });

  test('a provider that refuses the key is unreachable, named without the key', async () => {
    fake.reset();
    fake.replyWith({ kind: 'error', status: 401, message: `Incorrect API key provided: ${API_KEY}` });
    const body = (await check(t, admin)).json<ConnectionCheck>();
    expect(body.ai.reachable).toBe(false);
    expect(body.ai.detail).toMatch(/HTTP 401.*check AI_API_KEY/);
    expect(JSON.stringify(body)).not.toContain(API_KEY);
  });

  test('only an administrator may run it', async () => {
    fake.reset();
    expect((await check(t, null)).statusCode).toBe(401);
    expect((await check(t, await buildUser(t, { roles: ['standard', 'champion'] }))).statusCode).toBe(403);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('with nothing configured, or nothing listening', () => {
  test('no provider and no SMTP: nothing to reach, said so', async () => {
    const t = await buildTestApp();
    const admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
    const body = (await check(t, admin)).json<ConnectionCheck>();
    expect(body.ai).toEqual({ reachable: null, detail: 'No AI provider is configured: the built-in engines answer offline.', ms: 0 });
    expect(body.email).toEqual({ reachable: null, detail: 'No SMTP_URL: e-mails are kept in the outbox for you to pass on.', ms: 0 });
    await t.close();
  });

  test('a provider and an SMTP server that are not there: unreachable, with the kind of failure', async () => {
    const [aiPort, smtpPort] = [await closedPort(), await closedPort()];
    const t = await buildTestApp({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: `http://127.0.0.1:${aiPort}/v1`,
      AI_MODEL: 'fake-chat',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
    });
    const admin = await buildUser(t, { roles: ['verity_admin', 'standard'] });
    const body = (await check(t, admin)).json<ConnectionCheck>();
    expect(body.ai.reachable).toBe(false);
    expect(body.ai.detail).toMatch(/could not be reached|HTTP/);
    expect(body.email.reachable).toBe(false);
    expect(body.email.detail).toMatch(/ECONNREFUSED|ESOCKET/);
    await t.close();
  });
});
