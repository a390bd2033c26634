import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, invitations, notifications, users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { multipart } from '../../test/multipart.ts';
import { mailTo } from '../../test/outbox.ts';
import { tokenOfLink } from '../../test/invitations.ts';
import { approveDomain } from '../../core/identity/organisations.ts';
import { INVITATION_MESSAGES, pendingInvitations } from './service.ts';

const PASSWORD = 'meadow-copper-violin-58';

let t: TestApp;
let champion: TestUser;
let counter = 0;

const address = (prefix = 'invitee') => `${prefix}.${++counter}.${Date.now()}@example.org`;
const person = (email = address()) => ({ email, first_name: 'Priya', last_name: 'Shah', job_title: 'Ward Manager' });

async function invite(by: TestUser, body: Record<string, unknown>, kind: 'user' | 'invitation_link' = 'user') {
  const path = kind === 'user' ? 'champion_create_user' : 'champion_create_invitation_link';
  return t.app.inject({ method: 'POST', url: `/api/auth/${path}`, headers: by.headers, payload: body });
}

async function verify(token: string) {
  return t.app.inject({ method: 'GET', url: `/api/auth/verify_invitation?token=${encodeURIComponent(token)}` });
}

async function complete(bearer: string | null, fields: Record<string, string> = {}) {
  const body = await multipart({ first_name: 'Priya', last_name: 'Shah', job_title: 'Ward Manager', new_password: PASSWORD, ...fields });
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/complete_profile',
    payload: body.payload,
    headers: { ...body.headers, ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }) },
  });
}

/** The token of the newest invitation link e-mailed to the address. */
async function mailedToken(email: string): Promise<string> {
  const mails = await mailTo(t, email);
  const text = mails.at(-1)?.textBody ?? '';
  const link = text.match(/http:\/\/verity\.test\/auth\/complete-profile\?token=\S+/)?.[0];
  if (!link) throw new Error(`no invitation link mailed to ${email}`);
  return tokenOfLink(link);
}

async function invitationOf(userId: string) {
  const [row] = await t.db.select().from(invitations).where(eq(invitations.userId, userId));
  if (!row) throw new Error('no invitation');
  return row;
}

beforeAll(async () => {
  t = await buildTestApp({ INVITATION_TTL_DAYS: '7' });
  const organisation = await buildOrganisation(t, 'Riverside Community Trust');
  // The invitees' domain is the organisation's own, approved by an administrator: copyable links are made for it.
  await approveDomain({ db: t.db, organisationId: organisation.id, domain: 'example.org', approvedBy: 'test', via: 'command_line' });
  champion = await buildUser(t, { roles: ['standard', 'champion'], organisationId: organisation.id, firstname: 'Jordan' });
});

afterAll(async () => {
  await t?.close();
});

describe('a copyable link only for the organisation’s verified domains', () => {
  test('a self-made organisation’s champion cannot make a link for someone else’s address, and nothing is created', async () => {
    // Anyone who signs up is champion of a new organisation with no verified domains.
    const squatter = await buildUser(t, { roles: ['standard', 'champion'] });
    const victim = `estates.lead.${++counter}@othertrust.nhs.uk`;
    const before = await t.db.select({ id: users.id }).from(users);
    const response = await invite(squatter, person(victim), 'invitation_link');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: INVITATION_MESSAGES.linkNeedsDomain, detail: [{ loc: ['body', 'email'] }] });
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
    // By e-mail the link goes to the mailbox alone: the squatter never sees it.
    const byMail = await invite(squatter, person(`other.${++counter}@othertrust.nhs.uk`));
    expect(byMail.statusCode).toBe(201);
    expect(byMail.json().link).toBeNull();
  });

  test('an invitation another organisation holds, never completed, gives way to the organisation that verified the domain', async () => {
    const squatter = await buildUser(t, { roles: ['standard', 'champion'] });
    const email = `facilities.${++counter}@hilltrust.nhs.uk`;
    expect((await invite(squatter, person(email))).statusCode).toBe(201);
    const [held] = await t.db.select().from(users).where(eq(users.email, email));
    expect(held?.organisationId).toBe(squatter.user.organisationId);

    const organisation = await buildOrganisation(t, 'Hill Trust');
    await approveDomain({ db: t.db, organisationId: organisation.id, domain: 'hilltrust.nhs.uk', approvedBy: 'test', via: 'command_line' });
    const owner = await buildUser(t, { roles: ['standard', 'champion'], organisationId: organisation.id });
    const response = await invite(owner, person(email), 'invitation_link');
    expect(response.statusCode, response.body).toBe(201);
    const [now] = await t.db.select().from(users).where(eq(users.email, email));
    expect(now).toMatchObject({ id: response.json().user_id, organisationId: organisation.id });
    expect(
      await t.db
        .select()
        .from(invitations)
        .where(eq(invitations.userId, held?.id ?? '')),
    ).toEqual([]);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, squatter.user.id));
    expect(told.map((row) => row.title)).toContain('Invitation withdrawn');

    // A completed account elsewhere is never withdrawn: a link is refused, an e-mail invitation answers as new.
    const member = await buildUser(t, { email: `nurse.${++counter}@hilltrust.nhs.uk` });
    expect((await invite(owner, person(member.email), 'invitation_link')).statusCode).toBe(409);
    expect((await invite(owner, person(member.email))).statusCode).toBe(201);
    const [kept] = await t.db.select().from(users).where(eq(users.id, member.user.id));
    expect(kept?.organisationId).toBe(member.user.organisationId);
  });

  test('once an administrator approves the domain, its champion can make links for it', async () => {
    const organisation = await buildOrganisation(t, 'Othertrust NHS Foundation Trust');
    const realChampion = await buildUser(t, { roles: ['standard', 'champion'], organisationId: organisation.id });
    const email = `ward.manager.${++counter}@othertrust.nhs.uk`;
    expect((await invite(realChampion, person(email), 'invitation_link')).statusCode).toBe(422);
    await approveDomain({
      db: t.db,
      organisationId: organisation.id,
      domain: 'othertrust.nhs.uk',
      approvedBy: 'test',
      via: 'command_line',
    });
    const response = await invite(realChampion, person(email.toUpperCase()), 'invitation_link');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().link).toMatch(/\/auth\/complete-profile\?token=/);
  });
});

describe('inviting by e-mail', () => {
  test('creates a pending user in the champion’s organisation, lower-cases the address and e-mails a link', async () => {
    const email = address('Mixed.Case');
    const response = await invite(champion, person(email.toUpperCase()));
    expect(response.statusCode, response.body).toBe(201);
    const { user_id, link } = response.json();
    expect(link).toBeNull();

    const [user] = await t.db.select().from(users).where(eq(users.id, user_id));
    expect(user).toMatchObject({
      email: email.toLowerCase(),
      organisationId: champion.user.organisationId,
      passwordHash: null,
      roles: ['standard'],
    });
    const mails = await mailTo(t, email.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You are invited to join Riverside Community Trust on Verity');
    expect(mails[0]?.textBody).toContain('Jordan Morgan has invited you');
    expect(mails[0]?.textBody).toContain('expires in 7 days');

    const pending = await pendingInvitations({ db: t.db, organisationId: champion.user.organisationId });
    expect(pending.find((row) => row.user_id === user_id)).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Priya',
      kind: 'email',
      expired: false,
    });
    const [created] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'invitations.created'), eq(events.subjectId, user_id)));
    expect(created).toMatchObject({ actorUserId: champion.user.id, data: { kind: 'email' } });
  });

  test('the invited person cannot sign in before completing the profile', async () => {
    const email = address();
    await invite(champion, person(email));
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email, password: PASSWORD })) });
    expect(login.statusCode).toBe(401);
  });

  test('nor set a password through "forgot password": the invitation is their way in', async () => {
    const email = address();
    await invite(champion, person(email));
    const before = (await mailTo(t, email)).length;
    const asked = await t.app.inject({ method: 'POST', url: '/api/auth/reset_password', ...(await multipart({ email })) });
    expect(asked.statusCode).toBe(200);
    await t.mailIdle();
    expect(await mailTo(t, email)).toHaveLength(before);
  });

  test('the link from the e-mail verifies, completes the profile, signs in and tells the champion', async () => {
    const email = address();
    const { user_id } = (await invite(champion, person(email))).json();
    const token = await mailedToken(email);

    const verified = await verify(token);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      user_id,
      email,
      first_name: 'Priya',
      last_name: 'Shah',
      job_title: 'Ward Manager',
      organisation: 'Riverside Community Trust',
    });

    const completed = await complete(verified.json().token, { first_name: 'Priya', last_name: 'Shah-Okafor', job_title: 'Matron' });
    expect(completed.statusCode, completed.body).toBe(200);
    const { auth_token } = completed.json();
    const info = await t.app.inject({ method: 'GET', url: '/api/account/info', headers: { 'auth-token': auth_token } });
    expect(info.json()).toMatchObject({ email, surname: 'Shah-Okafor', job_title: 'Matron', email_verified: true });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', ...(await multipart({ email, password: PASSWORD })) });
    expect(login.statusCode).toBe(200);

    expect((await invitationOf(user_id)).acceptedAt).not.toBeNull();
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, champion.user.id));
    expect(told.find((n) => n.message.includes(email))).toMatchObject({
      title: 'Invitation accepted',
      message: `Priya Shah-Okafor (${email}) accepted your invitation and has joined your organisation on Verity.`,
    });
    const [accepted] = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'invitations.accepted'), eq(events.subjectId, user_id)));
    expect(accepted).toMatchObject({ actorUserId: user_id, data: { kind: 'email' } });
    const pending = await pendingInvitations({ db: t.db, organisationId: champion.user.organisationId });
    expect(pending.some((row) => row.user_id === user_id)).toBe(false);

    // Single use: the link and the form's token are spent.
    expect((await verify(token)).json().message).toMatch(/already been used/);
    expect((await complete(verified.json().token)).statusCode).toBe(401);
  });
});

describe('inviting by link', () => {
  test('answers a link to share, e-mails nothing, and the link works', async () => {
    const email = address();
    const response = await invite(champion, person(email), 'invitation_link');
    expect(response.statusCode, response.body).toBe(201);
    const { link } = response.json();
    expect(link).toMatch(/^http:\/\/verity\.test\/auth\/complete-profile\?token=/);
    expect(await mailTo(t, email)).toHaveLength(0);
    const verified = await verify(tokenOfLink(link));
    expect(verified.statusCode).toBe(200);
    expect((await complete(verified.json().token)).statusCode).toBe(200);
  });

  test('only the newest verification’s token completes the profile', async () => {
    const { link } = (await invite(champion, person(), 'invitation_link')).json();
    const first = (await verify(tokenOfLink(link))).json().token;
    const second = (await verify(tokenOfLink(link))).json().token;
    expect((await complete(first)).statusCode).toBe(401);
    expect((await complete(second)).statusCode).toBe(200);
  });
});

describe('links that do not work say why (the web shows the resend form)', () => {
  test('an unknown token is invalid', async () => {
    const response = await verify('not-a-real-invitation-token');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/invalid/i);
  });

  test('an expired link says so, and renewing it e-mails a new link to the invited address only', async () => {
    const email = address();
    const { user_id, link } = (await invite(champion, person(email), 'invitation_link')).json();
    const token = tokenOfLink(link);
    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, user_id));
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/i);
    const pending = await pendingInvitations({ db: t.db, organisationId: champion.user.organisationId });
    expect(pending.find((row) => row.user_id === user_id)?.expired).toBe(true);

    const renewed = await t.app.inject({ method: 'POST', url: '/api/auth/renew_invitation', payload: { token } });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = await mailedToken(email);
    expect((await verify(token)).json().message).toMatch(/invalid/i);
    expect((await verify(fresh)).statusCode).toBe(200);
    // The old token renews nothing more.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/renew_invitation', payload: { token } })).statusCode).toBe(400);
  });

  test('a live link is not renewed, and one expired token renews once however many ask at the same moment', async () => {
    const email = address();
    const { user_id, link } = (await invite(champion, person(email), 'invitation_link')).json();
    const token = tokenOfLink(link);
    const live = await t.app.inject({ method: 'POST', url: '/api/auth/renew_invitation', payload: { token } });
    expect(live.statusCode).toBe(400);
    expect(live.json().message).toMatch(/still works/);
    expect(await mailTo(t, email)).toHaveLength(0);

    await t.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.userId, user_id));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.app.inject({ method: 'POST', url: '/api/auth/renew_invitation', payload: { token } })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 400)).toHaveLength(5);
    expect(await mailTo(t, email)).toHaveLength(1);
    const resent = await t.db
      .select()
      .from(events)
      .where(and(eq(events.kind, 'invitations.resent'), eq(events.subjectId, user_id)));
    expect(resent).toHaveLength(1);
  });

  test('renewing a used link is refused as used', async () => {
    const { link } = (await invite(champion, person(), 'invitation_link')).json();
    await complete((await verify(tokenOfLink(link))).json().token);
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/renew_invitation', payload: { token: tokenOfLink(link) } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/already been used/);
  });
});

describe('complete_profile refusals', () => {
  test('without, or with a wrong, bearer token: 401 and nothing changes', async () => {
    expect((await complete(null)).statusCode).toBe(401);
    expect((await complete('x'.repeat(43))).statusCode).toBe(401);
    const { link } = (await invite(champion, person(), 'invitation_link')).json();
    // The link token itself is not the form's token.
    expect((await complete(tokenOfLink(link))).statusCode).toBe(401);
  });

  test('a weak password is refused with the sign-up rules and the invitation stays usable', async () => {
    const { user_id, link } = (await invite(champion, person(), 'invitation_link')).json();
    const token = (await verify(tokenOfLink(link))).json().token;
    const weak = await complete(token, { new_password: 'short' });
    expect(weak.statusCode).toBe(422);
    const guessable = await complete(token, { new_password: 'zzzzzzzzzzzzzzzz' });
    expect(guessable.statusCode).toBe(422);
    expect((await invitationOf(user_id)).acceptedAt).toBeNull();
    expect((await complete(token)).statusCode).toBe(200);
  });
});

describe('who may invite, and whom', () => {
  test('a standard user cannot invite', async () => {
    const standard = await buildUser(t, { organisationId: champion.user.organisationId });
    expect((await invite(standard, person())).statusCode).toBe(403);
    expect((await invite(standard, person(), 'invitation_link')).statusCode).toBe(403);
  });

  test('a malformed e-mail address is refused with 422 and creates nothing', async () => {
    const response = await invite(champion, person('not-an-address'));
    expect(response.statusCode).toBe(422);
    expect(await t.db.select().from(users).where(eq(users.email, 'not-an-address'))).toHaveLength(0);
  });

  test('an address with an account in another organisation answers as a new one: nothing is moved, its owner is told', async () => {
    const elsewhere = await buildUser(t);
    const fresh = await invite(champion, person(address('fresh')));
    const response = await invite(champion, person(elsewhere.email.toUpperCase()));
    // The same status and the same shape: the answer does not say whether the address has an account.
    expect(response.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(response.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(response.json()).toMatchObject({ user_id: expect.stringMatching(/^[0-9A-Z]{26}$/), link: null });
    const [user] = await t.db.select().from(users).where(eq(users.email, elsewhere.email));
    expect(user).toMatchObject({ id: elsewhere.user.id, organisationId: elsewhere.user.organisationId });
    expect(await t.db.select().from(users).where(eq(users.id, response.json().user_id))).toEqual([]);
    const mails = await mailTo(t, elsewhere.email);
    expect(mails.at(-1)?.subject).toBe('An invitation to join Riverside Community Trust on Verity');
    expect(mails.at(-1)?.textBody).toMatch(/already has a Verity account with another organisation, so nothing has changed/);
    expect(mails.at(-1)?.textBody).not.toMatch(/complete-profile/);
  });

  test('that invitation is listed as pending like any other, and inviting the address again is refused alike', async () => {
    const elsewhere = await buildUser(t);
    const fresh = address('listed');
    const newcomer = (await invite(champion, person(fresh))).json();
    const held = (await invite(champion, person(elsewhere.email))).json();
    const pending = await pendingInvitations({ db: t.db, organisationId: champion.user.organisationId });
    const listed = pending.find((row) => row.user_id === held.user_id);
    const ordinary = pending.find((row) => row.user_id === newcomer.user_id);
    expect(listed).toMatchObject({
      email: elsewhere.email,
      first_name: 'Priya',
      last_name: 'Shah',
      job_title: 'Ward Manager',
      kind: 'email',
    });
    expect(listed?.expired).toBe(false);
    // Field for field the same kind of entry: nothing in the list tells the two apart.
    expect(Object.keys(listed ?? {}).sort()).toEqual(Object.keys(ordinary ?? {}).sort());
    for (const [again, email] of [
      [await invite(champion, person(elsewhere.email)), elsewhere.email],
      [await invite(champion, person(fresh)), fresh],
    ] as const) {
      expect(again.statusCode, email).toBe(409);
      expect(again.json().message).toBe(INVITATION_MESSAGES.alreadyInvited);
    }
    // Only the notice, once: the second request created and sent nothing.
    expect(await mailTo(t, elsewhere.email)).toHaveLength(1);
    // The account elsewhere is untouched and no user was made for the invitation.
    expect(await t.db.select().from(users).where(eq(users.email, elsewhere.email))).toHaveLength(1);
  });

  test('a member, or a person already invited, of the same organisation is refused with a message saying which', async () => {
    const member = await buildUser(t, { organisationId: champion.user.organisationId });
    expect((await invite(champion, person(member.email))).json().message).toMatch(/already has an account in your organisation/);
    const email = address();
    await invite(champion, person(email), 'invitation_link');
    const again = await invite(champion, person(email));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been invited/);
  });
});

describe('resending', () => {
  test('the champion resends: a new link is e-mailed and the old one stops working', async () => {
    const email = address();
    const { user_id, link } = (await invite(champion, person(email), 'invitation_link')).json();
    const { id } = await invitationOf(user_id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend_invitation',
      headers: champion.headers,
      payload: { invitation_id: id },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await verify(tokenOfLink(link))).json().message).toMatch(/invalid/i);
    expect((await verify(await mailedToken(email))).statusCode).toBe(200);
  });

  test('send_welcome_email e-mails the invitation of a pending user named by new_user', async () => {
    const email = address();
    const { user_id } = (await invite(champion, person(email), 'invitation_link')).json();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/auth/send_welcome_email?new_user=${user_id}`,
      headers: champion.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await mailTo(t, email)).toHaveLength(1);
  });

  test('a champion of another organisation cannot resend ours (404) and nothing is sent', async () => {
    const email = address();
    const { user_id, link } = (await invite(champion, person(email), 'invitation_link')).json();
    const { id } = await invitationOf(user_id);
    const other = await buildUser(t, { roles: ['standard', 'champion'] });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend_invitation',
      headers: other.headers,
      payload: { invitation_id: id },
    });
    expect(resend.statusCode).toBe(404);
    const welcome = await t.app.inject({ method: 'POST', url: `/api/auth/send_welcome_email?new_user=${user_id}`, headers: other.headers });
    expect(welcome.statusCode).toBe(404);
    expect(await mailTo(t, email)).toHaveLength(0);
    expect((await verify(tokenOfLink(link))).statusCode).toBe(200);
  });

  test('resending a held invitation e-mails its notice again; another organisation’s champion gets 404', async () => {
    const elsewhere = await buildUser(t);
    const { user_id } = (await invite(champion, person(elsewhere.email))).json();
    const [pending] = (await pendingInvitations({ db: t.db, organisationId: champion.user.organisationId })).filter(
      (row) => row.user_id === user_id,
    );
    const other = await buildUser(t, { roles: ['standard', 'champion'] });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend_invitation',
      headers: other.headers,
      payload: { invitation_id: pending?.invitation_id },
    });
    expect(refused.statusCode).toBe(404);
    const refusedByUser = await t.app.inject({
      method: 'POST',
      url: `/api/auth/send_welcome_email?new_user=${user_id}`,
      headers: other.headers,
    });
    expect(refusedByUser.statusCode).toBe(404);
    expect(await mailTo(t, elsewhere.email)).toHaveLength(1);
    const byUser = await t.app.inject({
      method: 'POST',
      url: `/api/auth/send_welcome_email?new_user=${user_id}`,
      headers: champion.headers,
    });
    expect(byUser.statusCode, byUser.body).toBe(200);
    const byInvitation = await t.app.inject({
      method: 'POST',
      url: '/api/auth/resend_invitation',
      headers: champion.headers,
      payload: { invitation_id: pending?.invitation_id },
    });
    expect(byInvitation.statusCode, byInvitation.body).toBe(200);
    const mails = await mailTo(t, elsewhere.email);
    expect(mails).toHaveLength(3);
    for (const mail of mails) expect(mail.textBody).not.toMatch(/complete-profile/);
  });

  test('once the address’s account elsewhere is gone, resending a held invitation sends a working link', async () => {
    const elsewhere = await buildUser(t);
    const { user_id } = (await invite(champion, person(elsewhere.email))).json();
    await t.db.delete(users).where(eq(users.id, elsewhere.user.id));
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/auth/send_welcome_email?new_user=${user_id}`,
      headers: champion.headers,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const verified = await verify(await mailedToken(elsewhere.email));
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ email: elsewhere.email, first_name: 'Priya', organisation: 'Riverside Community Trust' });
    const completed = await complete(verified.json().token);
    expect(completed.statusCode, completed.body).toBe(200);
    const [joined] = await t.db.select().from(users).where(eq(users.email, elsewhere.email));
    expect(joined?.organisationId).toBe(champion.user.organisationId);
    expect((await pendingInvitations({ db: t.db, organisationId: champion.user.organisationId })).map((row) => row.email)).not.toContain(
      elsewhere.email,
    );
  });

  test('an accepted invitation is not pending any more (404)', async () => {
    const { user_id, link } = (await invite(champion, person(), 'invitation_link')).json();
    await complete((await verify(tokenOfLink(link))).json().token);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/auth/send_welcome_email?new_user=${user_id}`,
      headers: champion.headers,
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('limits', () => {
  test('the invited person’s calls count per client address', async () => {
    const limited = await buildTestApp({ AUTH_RATE_LIMIT_PER_IP: '2' });
    try {
      const check = () =>
        limited.app.inject({ method: 'GET', url: '/api/auth/verify_invitation?token=guess', remoteAddress: '203.0.113.9' });
      expect((await check()).statusCode).toBe(400);
      expect((await check()).statusCode).toBe(400);
      expect((await check()).statusCode).toBe(429);
      const renew = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/renew_invitation',
        payload: { token: 'guess' },
        remoteAddress: '203.0.113.9',
      });
      expect(renew.statusCode).toBe(400);
    } finally {
      await limited.close();
    }
  });

  test('a champion may create only INVITATION_RATE_LIMIT_PER_HOUR invitations an hour', async () => {
    const limited = await buildTestApp({ INVITATION_RATE_LIMIT_PER_HOUR: '2' });
    try {
      const lead = await buildUser(limited, { roles: ['standard', 'champion'] });
      await approveDomain({
        db: limited.db,
        organisationId: lead.user.organisationId,
        domain: 'example.org',
        approvedBy: 'test',
        via: 'command_line',
      });
      const send = (body: unknown) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/champion_create_invitation_link',
          headers: lead.headers,
          payload: body as object,
        });
      expect((await send(person())).statusCode).toBe(201);
      expect((await send(person())).statusCode).toBe(201);
      const third = await send(person());
      expect(third.statusCode).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
