import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../db/connect.ts';
import { documents, invitations, notifications, users } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from '../../test/factories.ts';
import { inviteByLink } from '../../test/invitations.ts';
import { notify } from '../notifications/service.ts';
import { countedMembers, dashboardOrganisation } from './dashboard.ts';
import { documentVisibleTo, documentVisibleToSql, externalLibrarySql } from './documents.ts';
import { invitationsPendingIn, pendingInvitation } from './invitations.ts';
import { ownNotifications } from './notifications.ts';
import { reviewAbilities } from './review.ts';

/**
 * The record policies the newer areas read through, each run against the database: what they let
 * a caller reach, and that another organisation's (or another user's) record is never among it.
 */

let t: TestApp;
let champion: TestUser;
let outsider: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  const organisation = await buildOrganisation(t);
  champion = await buildUser(t, { roles: ['standard', 'champion'], organisationId: organisation.id });
  outsider = await buildUser(t, { roles: ['standard', 'champion'] });
});

afterAll(async () => {
  await t.close();
});

const own = (user: TestUser) => ({ userId: user.user.id, organisationId: user.user.organisationId });

describe('invitations', () => {
  test('a champion reaches their organisation’s pending invitations, by invitation id or user id, and no other', async () => {
    const ours = await inviteByLink(t, own(champion));
    const theirs = await inviteByLink(t, own(outsider));
    const [row] = await t.db.select().from(invitations).where(eq(invitations.userId, ours.userId));
    const found = async (where: ReturnType<typeof pendingInvitation>) =>
      (await t.db.select().from(invitations).where(where)).map((r) => r.id);
    expect(await found(pendingInvitation(own(champion), { userId: ours.userId }))).toEqual([row?.id]);
    expect(await found(pendingInvitation(own(champion), { id: row?.id ?? '' }))).toEqual([row?.id]);
    expect(await found(pendingInvitation(own(champion), { userId: theirs.userId }))).toEqual([]);
    expect(await found(pendingInvitation(own(outsider), { id: row?.id ?? '' }))).toEqual([]);
    const pending = await found(invitationsPendingIn(own(champion)));
    expect(pending).toContain(row?.id);
    // Accepted, it is no longer pending.
    await t.db.update(invitations).set({ acceptedAt: new Date() }).where(eq(invitations.userId, ours.userId));
    expect(await found(pendingInvitation(own(champion), { userId: ours.userId }))).toEqual([]);
  });

  test('a held invitation (no user) is named by its own id where a user id is asked for', async () => {
    const id = newId();
    await t.db.insert(invitations).values({
      id,
      userId: null,
      email: `held.${Date.now()}@example.test`,
      organisationId: champion.user.organisationId,
      invitedBy: champion.user.id,
      kind: 'email',
      tokenHash: `hash-${id}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const rows = await t.db
      .select()
      .from(invitations)
      .where(pendingInvitation(own(champion), { userId: id }));
    expect(rows.map((row) => row.id)).toEqual([id]);
    expect(
      await t.db
        .select()
        .from(invitations)
        .where(pendingInvitation(own(outsider), { userId: id })),
    ).toEqual([]);
  });
});

describe('notifications', () => {
  test('a reader sees their own notifications alone: not a colleague’s, and not their id under another organisation', async () => {
    const colleague = await buildUser(t, { organisationId: champion.user.organisationId });
    for (const user of [champion, colleague]) {
      await notify({
        db: t.db,
        userId: user.user.id,
        organisationId: user.user.organisationId,
        title: 'Hello',
        message: 'A note.',
        link: '/',
      });
    }
    const mine = await t.db
      .select()
      .from(notifications)
      .where(ownNotifications(own(champion)));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((row) => row.userId === champion.user.id)).toBe(true);
    const elsewhere = await t.db
      .select()
      .from(notifications)
      .where(ownNotifications({ userId: champion.user.id, organisationId: outsider.user.organisationId }));
    expect(elsewhere).toEqual([]);
  });
});

describe('dashboard', () => {
  test('counts the organisation’s enabled members, not the disabled, the invited-but-pending or anyone elsewhere', async () => {
    const organisation = await buildOrganisation(t);
    const member = await buildUser(t, { organisationId: organisation.id });
    const disabled = await buildUser(t, { organisationId: organisation.id });
    await t.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    const lead = await buildUser(t, { roles: ['standard', 'champion'], organisationId: organisation.id });
    const invited = await inviteByLink(t, own(lead));
    await buildUser(t);
    const viewer = { organisationId: organisation.id };
    const counted = rowsOf<{ id: string }>(
      await t.db.execute(sql`select u.id from users u where ${countedMembers(dashboardOrganisation(viewer), 'u')} order by u.id`),
    ).map((row) => row.id);
    expect(counted.sort()).toEqual([member.user.id, lead.user.id].sort());
    expect(counted).not.toContain(invited.userId);
  });
});

describe('reviews', () => {
  test('the author may do everything with a review; a colleague reading it shared, or the same id elsewhere, nothing', () => {
    const review = { userId: champion.user.id, organisationId: champion.user.organisationId };
    expect(Object.values(reviewAbilities(own(champion), review)).every(Boolean)).toBe(true);
    const colleague = { userId: 'someone-else', organisationId: champion.user.organisationId };
    expect(Object.values(reviewAbilities(colleague, review)).some(Boolean)).toBe(false);
    expect(Object.values(reviewAbilities({ userId: champion.user.id, organisationId: 'another' }, review)).some(Boolean)).toBe(false);
  });
});

describe('documents', () => {
  test('the shared library and the organisation’s own internal documents; another organisation’s never', async () => {
    const shared = await buildDocument(t, { code: `EXT-${Date.now()}`, filename: `ext-${Date.now()}.md` });
    const ours = await buildDocument(t, {
      code: `OWN-${Date.now()}`,
      filename: `own-${Date.now()}.md`,
      organisationId: champion.user.organisationId,
    });
    const theirs = await buildDocument(t, {
      code: `OTH-${Date.now()}`,
      filename: `oth-${Date.now()}.md`,
      organisationId: outsider.user.organisationId,
    });
    const ids = [shared, ours, theirs];
    const visible = (await t.db.select({ id: documents.id }).from(documents).where(documentVisibleTo(champion.user.organisationId)))
      .map((row) => row.id)
      .filter((id) => ids.includes(id));
    expect(visible.sort()).toEqual([shared, ours].sort());
    const written = rowsOf<{ id: string; external: boolean }>(
      await t.db.execute(
        sql`select d.id, ${externalLibrarySql('d')} as external from documents d where ${documentVisibleToSql(champion.user.organisationId, 'd')}`,
      ),
    ).filter((row) => ids.includes(row.id));
    expect(Object.fromEntries(written.map((row) => [row.id, row.external]))).toEqual({ [shared]: true, [ours]: false });
    expect(
      await t.db
        .select()
        .from(documents)
        .where(and(eq(documents.id, theirs), documentVisibleTo(champion.user.organisationId))),
    ).toEqual([]);
  });
});
