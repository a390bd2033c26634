import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { actionCodes, mailOutbox, users } from '../../db/schema.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createMailer } from '../../mail/transport.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo } from '../../test/outbox.ts';
import { findUserByEmail } from '../../core/identity/accounts.ts';

const PASSWORD = 'amber-otter-lantern-29';

/**
 * The real mailer, except that work handed to later() waits until the test lets it go: what a
 * request answers while that work has not even started cannot depend on whether there was any.
 */
function gatedMailer() {
  let inner: Mailer | undefined;
  let held: (() => void)[] | null = [];
  const real = () => {
    if (!inner) throw new Error('mailer used before it was connected');
    return inner;
  };
  const mailer: Mailer = {
    send: (message) => real().send(message),
    idle: () => real().idle(),
    close: () => real().close(),
    check: (timeoutMs) => real().check(timeoutMs),
    later: (label, work) => {
      if (held) held.push(() => real().later(label, work));
      else real().later(label, work);
    },
  };
  return {
    mailer,
    connect: (t: TestApp) => {
      inner = createMailer({ config: t.config, db: t.db, log: t.app.log });
    },
    release: () => {
      for (const run of held ?? []) run();
      held = null;
    },
    holding: () => held?.length ?? 0,
  };
}

/** Everything a client can see of an answer, except what differs on every request anyway. */
function visible(response: LightMyRequestResponse) {
  const { 'x-request-id': _id, date: _date, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

async function outboxSize(t: TestApp): Promise<number> {
  return (await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).length;
}

/** An app for the describe block whose mail work waits until the test releases it. */
function useGatedApp(): { app(): TestApp; gate(): ReturnType<typeof gatedMailer> } {
  let t: TestApp;
  let gate: ReturnType<typeof gatedMailer>;
  beforeAll(async () => {
    gate = gatedMailer();
    t = await buildTestApp({}, { mailer: gate.mailer });
    gate.connect(t);
  });
  afterAll(async () => {
    gate.release();
    await t.close();
  });
  return { app: () => t, gate: () => gate };
}

describe('sign-up and reset requests answer before doing anything that depends on the address', () => {
  const gated = useGatedApp();
  let t: TestApp;
  let gate: ReturnType<typeof gatedMailer>;
  beforeEach(() => {
    t = gated.app();
    gate = gated.gate();
  });

  test('a reset request for a known and an unknown address: identical answers, no write before answering, the mail still arrives', async () => {
    const known = await buildUser(t, { firstname: 'Nadia' });
    const request = async (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset_password', ...(await multipart({ email })) });
    const outboxBefore = await outboxSize(t);

    const forKnown = await request(known.email);
    const forUnknown = await request('nobody.here@example.org');
    expect(forKnown.statusCode).toBe(200);
    expect(visible(forKnown)).toEqual(visible(forUnknown));
    // Answered while the work was still waiting: no code issued, nothing sent yet.
    expect(gate.holding()).toBe(2);
    expect(await t.db.select().from(actionCodes).where(eq(actionCodes.userId, known.user.id))).toEqual([]);
    expect(await outboxSize(t)).toBe(outboxBefore);

    gate.release();
    const mails = await mailTo(t, known.email);
    expect(mails.map((m) => m.subject)).toEqual(['Reset your Verity password']);
    expect(await mailTo(t, 'nobody.here@example.org')).toEqual([]);
  });
});

describe('sign-up for a new and a taken address', () => {
  const gated = useGatedApp();
  let t: TestApp;
  let gate: ReturnType<typeof gatedMailer>;
  beforeEach(() => {
    t = gated.app();
    gate = gated.gate();
  });

  test('identical answers, the account created after answering, and both e-mails arrive', async () => {
    const owner = await buildUser(t, { firstname: 'Imogen' });
    const fresh = `new.person.${Date.now()}@example.org`;
    const signup = async (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        ...(await multipart({
          first_name: 'Hannah',
          surname: 'Whitfield',
          job_title: 'Estates Compliance Lead',
          email,
          password: PASSWORD,
          confirm_password: PASSWORD,
        })),
      });

    const forTaken = await signup(owner.email);
    const forNew = await signup(fresh);
    expect(forNew.statusCode).toBe(201);
    expect(visible(forTaken)).toEqual(visible(forNew));
    expect(gate.holding()).toBe(2);
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.email, fresh))).toEqual([]);

    gate.release();
    await t.mailIdle();
    expect(await findUserByEmail(t.db, fresh)).toMatchObject({ firstname: 'Hannah', emailVerifiedAt: null });
    expect((await mailTo(t, fresh)).map((m) => m.subject)).toEqual(['Verify your e-mail address for Verity']);
    expect((await mailTo(t, owner.email)).map((m) => m.subject)).toEqual([
      'Someone tried to create a Verity account with your e-mail address',
    ]);
  });

  test('a request the checks refuse is still refused at once (nothing is deferred)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      ...(await multipart({
        first_name: 'Hannah',
        surname: 'Whitfield',
        job_title: 'Estates Compliance Lead',
        email: `weak.${Date.now()}@example.org`,
        password: 'password1234',
        confirm_password: 'password1234',
      })),
    });
    expect(response.statusCode).toBe(422);
  });
});
