import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { ENDPOINTS, type EndpointDefinition, endpointUrl, INGESTION_TOKEN_HEADER, ROLES, type Role } from '@verity/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/connect.ts';
import {
  documents,
  files,
  invitations,
  joinDomainRequests,
  joinRequests,
  jobs,
  mailOutbox,
  microsoftTenants,
  organisations as organisationsTable,
  tutorials,
  userPhotos,
  users as usersTable,
} from './db/schema.ts';
import { INGEST_JOB_KIND } from './ingest/job.ts';
import { newId } from './lib/ids.ts';
import { setPhoto } from './modules/account/service.ts';
import { createActionCode } from './core/identity/action-codes.ts';
import { createSession } from './core/identity/sessions.ts';
import { createSession as createConversation, setSharing } from './modules/chat/conversations.ts';
import { notify } from './core/notifications/service.ts';
import { approveDomain } from './core/identity/organisations.ts';
import { openJoinRequest } from './core/identity/joining.ts';
import { saveScreenshot } from './modules/tutorials/screenshots.ts';
import { seedTutorials } from './modules/tutorials/seed.ts';
import { inviteByLink, profileTokenFor } from './test/invitations.ts';
import { flushEventBuffers } from './core/events/service.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { ask, newSession } from './test/chat.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from './test/factories.ts';
import { startTestForum, type TestForum } from './test/forum.ts';
import { type MultipartValue, multipart } from './test/multipart.ts';
import { startTestOidcProvider, type TestOidcProvider } from './test/oidc-provider.ts';
import { LV_POLICY, postPolicy, storedReview } from './test/review.ts';
import { MEETING, postTranscript, STORED_CONTENT, storedWriteDocument } from './test/write.ts';

/**
 * Walks the whole descriptor table: every endpoint is called by nobody, by a person waiting for
 * approval to join the organisation (an account holding no role), by a user holding each
 * role on its own, by another organisation's user and, for the ingestion API, by a holder of the
 * ingestion token, and must answer exactly as its descriptor's access rule says. A refused call
 * must change no row. Each endpoint needs a sample request below, so a new endpoint cannot be
 * added without being walked.
 */

const INGESTION_TOKEN = 'route-access-ingestion-token';
const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1]);

interface SampleRequest {
  /** Text that names the owner's record in an answer (an e-mail address, a title): a caller it is hidden from must not see it. */
  marker?: string;
  params?: Record<string, string>;
  query?: Record<string, string | string[]>;
  json?: unknown;
  form?: Record<string, MultipartValue | MultipartValue[]>;
  /** Headers the request itself needs (a bearer token), besides the caller's. */
  headers?: Record<string, string>;
}

interface Fixture {
  t: TestApp;
  /** An internal document of the owner's organisation. */
  internalDocument(owner: TestUser): Promise<string>;
}

interface Sample {
  /** A valid request about records the owner holds (the owner is the caller, except in the outsider case). */
  build(fixture: Fixture, owner: TestUser): Promise<SampleRequest>;
  /**
   * Whose records the request names: an organisation's (another organisation's user gets 404) or
   * one user's (a colleague gets 404 too). Unset: nothing in the request belongs to anyone.
   */
  scope?: 'organisation' | 'user';
  /**
   * For endpoints that only ever answer about the caller's own records (a list, the dashboard):
   * whose records the sample holds. Another organisation's user (and for 'user' a colleague) gets
   * a success that neither names the owner's record (the request's marker) nor changes a row.
   */
  hidden?: 'organisation' | 'user';
  /**
   * Administrators read every organisation's records here by design (a report): the outsider
   * tried is another organisation's user holding every role but verity_admin.
   */
  administratorsSeeEvery?: true;
  /**
   * For an endpoint any signed-in account may call (`ACCOUNT`: members and people waiting to join):
   * what a member (each role) and a person waiting for approval get, when not a success — a 409
   * that changes nothing; `declined` makes the waiting caller one whose request was declined.
   */
  account?: { member?: number; pending?: number; declined?: true };
  /** What a caller the access rule lets through gets when the sample cannot succeed for them (a 409 that changes nothing). */
  allowed?: number;
}

/** The policy (core/policies/<name>.ts) that decides each area's records. */
const AREA_POLICY: Record<string, string> = {
  documents: 'documents',
  chat: 'conversations',
  write: 'write',
  review: 'review',
  invitations: 'invitations',
  members: 'members',
  notifications: 'notifications',
  dashboard: 'dashboard',
  reports: 'reports',
  library: 'data-library',
  join: 'join',
};

/** A champion's pending request for a domain of its own, for an administrator to decide. */
async function domainRequest(t: TestApp, owner: TestUser): Promise<string> {
  const id = newId();
  await t.db
    .insert(joinDomainRequests)
    .values({ id, organisationId: owner.user.organisationId, domain: `walk-${id.toLowerCase()}.test`, requestedBy: owner.user.id });
  return id;
}

/** A person of the organisation whose request to join is waiting (or was declined): an account holding no role. */
async function personWaiting(t: TestApp, organisationId: string, declined = false): Promise<{ person: TestUser; requestId: string }> {
  const person = await buildUser(t, { organisationId, roles: [], firstname: 'Jordan' });
  await openJoinRequest({ db: t.db, user: person.user, domain: 'example.test' });
  if (declined)
    await t.db.update(joinRequests).set({ status: 'declined', decidedAt: new Date() }).where(eq(joinRequests.userId, person.user.id));
  const [request] = await t.db.select({ id: joinRequests.id }).from(joinRequests).where(eq(joinRequests.userId, person.user.id));
  return { person, requestId: request?.id ?? '' };
}

const none = async (): Promise<SampleRequest> => ({});

/** A document of the owner's organisation's data library, which the owner uploaded. */
async function ownedDocument(t: TestApp, owner: TestUser, code: string): Promise<string> {
  const id = await buildDocument(t, {
    code,
    filename: `${code.toLowerCase()}.md`,
    organisationId: owner.user.organisationId,
    elements: [{ type: 'paragraph', text: 'Our own procedure.' }],
  });
  await t.db.update(documents).set({ uploadedBy: owner.user.id }).where(eq(documents.id, id));
  return id;
}

/** A document of the shared library, uploaded (so it may be deleted). */
function sharedDocument(t: TestApp): Promise<string> {
  const name = `shared-${newId()}`;
  return buildDocument(t, { code: name, filename: `${name}.md` });
}

/** An ingestion whose process died, its file kept for a retry. */
async function failedIngestion(t: TestApp): Promise<string> {
  const fileId = newId();
  const jobId = newId();
  await t.db
    .insert(files)
    .values({ id: fileId, filename: 'kept.md', sha256: newId(), size: 6, format: 'markdown', bytes: Buffer.from('# Kept') });
  await t.db.insert(jobs).values({
    id: jobId,
    kind: INGEST_JOB_KIND,
    status: 'failed',
    attempts: 1,
    maxAttempts: 3,
    payload: { file_id: fileId, filename: 'kept.md', metadata: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 04' } },
    error: 'The server stopped while processing this file.',
  });
  return jobId;
}

async function conversationOf(fixture: Fixture, owner: TestUser): Promise<string> {
  return (await newSession(fixture.t, owner, 'Legionella checks')).id;
}

/**
 * A conversation of the owner's, shared with their organisation. Made through the service, so a
 * user of any role can hold one (a guest cannot start a conversation, but may read a shared one).
 */
async function sharedConversationOf(fixture: Fixture, owner: TestUser): Promise<string> {
  const chatOwner = { organisationId: owner.user.organisationId, userId: owner.user.id };
  const session = await createConversation({ db: fixture.t.db, owner: chatOwner, title: 'Shared legionella checks' });
  await setSharing({ db: fixture.t.db, owner: chatOwner, sessionId: session.id, shared: true });
  return session.id;
}

async function answeredConversation(fixture: Fixture, owner: TestUser): Promise<{ id: string; question: string; answer: string }> {
  const id = await conversationOf(fixture, owner);
  const { done } = await ask(fixture.t, owner, id, { content: 'How often should sentinel outlets be checked?' });
  if (!done) throw new Error('the sample question was not answered');
  return { id, question: done.question.id, answer: done.answer.id };
}

async function attachedFile(fixture: Fixture, owner: TestUser): Promise<{ id: string; attachmentId: string }> {
  const id = await conversationOf(fixture, owner);
  const form = await multipart({ file: new File(['Weekly flushing of little-used outlets.'], 'notes.txt') });
  const response = await fixture.t.app.inject({
    method: 'POST',
    url: `/api/chat/sessions/${id}/attachments`,
    headers: { ...owner.headers, ...form.headers },
    payload: form.payload,
  });
  if (response.statusCode !== 201) throw new Error(`the sample attachment was refused: ${response.body}`);
  return { id, attachmentId: response.json<{ id: string }>().id };
}

/** An invitation request for an address nobody has. */
function invitee() {
  return {
    email: `invitee.${Math.random().toString(36).slice(2)}@example.test`,
    first_name: 'Priya',
    last_name: 'Shah',
    job_title: 'Ward Manager',
  };
}

/** The owner's organisation as the inviting side (the owner need not be a champion for the records to exist). */
/** A new standard member of the owner's organisation, for a champion to manage. */
function memberOf(t: TestApp, owner: TestUser): Promise<TestUser> {
  return buildUser(t, { roles: ['standard'], organisationId: owner.user.organisationId });
}

function championOf(owner: TestUser) {
  return { userId: owner.user.id, organisationId: owner.user.organisationId };
}

const SAMPLES: Record<string, Sample> = {
  'platform.health': { build: none },
  'platform.appConfig': { build: none },
  'platform.flags': { build: none },
  'platform.openApi': { build: none },
  'platform.reference': { build: none },

  'platform.ready': { build: none },
  'auth.login': { build: async (_fixture, owner) => ({ form: { email: owner.email, password: owner.password } }) },
  'auth.signup': {
    build: async () => {
      const password = 'a-long-and-unusual-passphrase-9';
      const email = `signup.${Math.random().toString(36).slice(2)}@example.test`;
      return { form: { first_name: 'Sam', surname: 'Lee', job_title: 'Estates officer', email, password, confirm_password: password } };
    },
  },
  'auth.signout': { build: none },
  'join.domain': { build: async () => ({ query: { email: 'someone@example.test' } }) },
  'join.status': { build: none },
  'join.requests': {
    hidden: 'organisation',
    build: async ({ t }, owner) => ({ marker: (await personWaiting(t, owner.user.organisationId)).person.email }),
  },
  'join.approve': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({ params: { requestId: (await personWaiting(t, owner.user.organisationId)).requestId }, json: {} }),
  },
  'join.decline': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({ params: { requestId: (await personWaiting(t, owner.user.organisationId)).requestId } }),
  },
  // Only a declined person starts an organisation here, and only one waiting or declined withdraws.
  'join.startOrganisation': { account: { member: 409, declined: true }, build: none },
  'join.leave': { account: { member: 409 }, build: none },
  'join.ownDomain': { build: none },
  // The champion's own domain (example.test) is verified for organisation A already.
  'join.requestDomain': { allowed: 409, build: none },
  'join.domainRequests': { build: none },
  'join.approveDomainRequest': { build: async ({ t }, owner) => ({ params: { requestId: await domainRequest(t, owner) } }) },
  'join.refuseDomainRequest': { build: async ({ t }, owner) => ({ params: { requestId: await domainRequest(t, owner) } }) },
  'auth.requestPasswordReset': { build: async (_fixture, owner) => ({ form: { email: owner.email } }) },
  'auth.resetPassword': {
    build: async ({ t }, owner) => ({
      json: {
        oobCode: await createActionCode({ db: t.db, config: t.config, userId: owner.user.id, purpose: 'resetPassword' }),
        newPassword: owner.password,
      },
    }),
  },
  'auth.checkResetCode': {
    build: async ({ t }, owner) => ({
      json: { oobCode: await createActionCode({ db: t.db, config: t.config, userId: owner.user.id, purpose: 'resetPassword' }) },
    }),
  },
  'auth.verifyEmail': {
    build: async ({ t }, owner) => ({
      json: { oobCode: await createActionCode({ db: t.db, config: t.config, userId: owner.user.id, purpose: 'verifyEmail' }) },
    }),
  },

  'sso.microsoftStart': { build: async () => ({ json: { redirect: '/home' } }) },
  'sso.microsoftFinish': {
    // A real round trip at the test provider, for someone of a tenant linked to the owner's organisation.
    build: async ({ t }, owner) => {
      const tenantId = randomUUID();
      await t.db.insert(microsoftTenants).values({ tenantId, organisationId: owner.user.organisationId });
      const started = await t.app.inject({ method: 'POST', url: '/api/auth/microsoft/start', payload: {} });
      const { authorization_url, flow } = started.json<{ authorization_url: string; flow: string }>();
      const oid = randomUUID();
      const callback = await oidcProvider.authorize(authorization_url, {
        oid,
        tid: tenantId,
        email: `microsoft.${oid}@example.test`,
        email_verified: true,
        name: 'Sam Lee',
      });
      return { json: { flow, callback } };
    },
  },
  'sso.forumConnect': {
    build: async () => {
      const { sso, sig } = testForum.signInRequest();
      return { json: { sso, sig } };
    },
  },
  'sso.createForumUser': {
    build: async () => ({
      form: {
        first_name: 'Sam',
        last_name: 'Lee',
        job_title: 'Care home manager',
        new_password: 'a-long-and-unusual-passphrase-9',
        organisation: 'Larchfield Care Home',
        email: `forum.${Math.random().toString(36).slice(2)}@example.test`,
      },
    }),
  },

  'invitations.createUser': { build: async () => ({ json: invitee() }) },
  'invitations.createLink': { build: async () => ({ json: invitee() }) },
  'invitations.sendWelcomeEmail': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({ query: { new_user: (await inviteByLink(t, championOf(owner))).userId } }),
  },
  'invitations.resend': {
    scope: 'organisation',
    build: async ({ t }, owner) => {
      const { userId } = await inviteByLink(t, championOf(owner));
      const [row] = await t.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.userId, userId));
      return { json: { invitation_id: row?.id } };
    },
  },
  'invitations.renew': {
    build: async ({ t }, owner) => {
      // Only an expired link is renewed.
      const invitation = await inviteByLink(t, championOf(owner));
      await t.db
        .update(invitations)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitations.userId, invitation.userId));
      return { json: { token: invitation.token } };
    },
  },
  'invitations.verify': { build: async ({ t }, owner) => ({ query: { token: (await inviteByLink(t, championOf(owner))).token } }) },
  'invitations.completeProfile': {
    build: async ({ t }, owner) => {
      const profileToken = await profileTokenFor(t, await inviteByLink(t, championOf(owner)));
      return {
        form: {
          first_name: 'Priya',
          last_name: 'Shah',
          job_title: 'Infection Prevention Nurse',
          new_password: 'a-long-and-unusual-passphrase-9',
        },
        headers: { authorization: `Bearer ${profileToken}` },
      };
    },
  },

  'account.info': { build: none },
  'account.update': { build: async () => ({ json: { firstname: 'Alex', surname: 'Morgan', job_title: 'Estates Compliance Manager' } }) },
  'account.uploadImage': { build: async () => ({ form: { file: new File([PNG], 'me.png', { type: 'image/png' }) } }) },
  'account.deleteImage': { build: none },
  'account.onboarding': { build: async () => ({ json: { completed_modules: ['welcome'] } }) },
  'account.image': { build: none },
  'account.photo': {
    build: async ({ t }, owner) => {
      await setPhoto({ db: t.db, userId: owner.user.id, bytes: Buffer.from(PNG), maxBytes: t.config.IMAGE_MAX_BYTES });
      const [row] = await t.db.select({ id: userPhotos.id }).from(userPhotos).where(eq(userPhotos.userId, owner.user.id));
      return { params: { photoId: row?.id ?? '' } };
    },
  },
  'account.changePassword': {
    build: async (_fixture, owner) => ({ json: { old_password: owner.password, new_password: `${owner.password}!x` } }),
  },

  'notifications.list': {
    hidden: 'user',
    build: async ({ t }, owner) => {
      const title = `Fire risk assessment due ${Math.random().toString(36).slice(2)}`;
      await notify({ db: t.db, userId: owner.user.id, organisationId: owner.user.organisationId, title, message: 'Due this week.' });
      return { marker: title };
    },
  },
  'analytics.record': {
    build: async () => ({
      json: { events: [{ name: '$pageview', properties: { path: '/home' }, timestamp: '2026-03-02T09:15:00.000Z' }] },
    }),
  },
  'notifications.markRead': {
    hidden: 'user',
    build: async ({ t }, owner) => {
      const notification = await notify({
        db: t.db,
        userId: owner.user.id,
        organisationId: owner.user.organisationId,
        title: 'Policy review due',
        message: 'The water safety policy is due for review.',
      });
      return { json: { notification_ids: [notification.id] } };
    },
  },

  'documents.filterData': { build: none },
  'documents.document': {
    scope: 'organisation',
    build: async (fixture, owner) => ({ params: { id: await fixture.internalDocument(owner) } }),
  },
  'documents.newestByFilename': {
    scope: 'organisation',
    build: async (fixture, owner) => {
      const id = await fixture.internalDocument(owner);
      const [row] = await fixture.t.db.select({ filename: documents.filename }).from(documents).where(eq(documents.id, id));
      return { params: { filename: row?.filename ?? '' } };
    },
  },
  'documents.setFavourite': {
    scope: 'organisation',
    build: async (fixture, owner) => ({ json: { external_id: await fixture.internalDocument(owner), like: true } }),
  },
  'documents.myFavourites': { build: none },
  'documents.recent': { build: async () => ({ query: { limit: '5' } }) },
  'documents.search': { build: async () => ({ query: { q: 'legionella' } }) },
  'documents.compare': {
    scope: 'organisation',
    build: async (fixture, owner) => ({
      query: { left: await fixture.internalDocument(owner), right: await fixture.internalDocument(owner) },
    }),
  },

  'chat.config': { build: none },
  'chat.createSession': { build: async () => ({ json: { title: 'Fire doors' } }) },
  'chat.listSessions': { build: none },
  'chat.getSession': { scope: 'user', build: async (fixture, owner) => ({ params: { id: await conversationOf(fixture, owner) } }) },
  'chat.renameSession': {
    scope: 'user',
    build: async (fixture, owner) => ({ params: { id: await conversationOf(fixture, owner) }, json: { title: 'Renamed' } }),
  },
  'chat.deleteSession': { scope: 'user', build: async (fixture, owner) => ({ params: { id: await conversationOf(fixture, owner) } }) },
  'chat.shareSession': { scope: 'user', build: async (fixture, owner) => ({ params: { id: await conversationOf(fixture, owner) } }) },
  'chat.unshareSession': {
    scope: 'user',
    build: async (fixture, owner) => ({ params: { id: await sharedConversationOf(fixture, owner) } }),
  },
  // Any member of the organisation reads a shared conversation; the caller's own serves for the walk.
  'chat.sharedSession': {
    scope: 'organisation',
    build: async (fixture, owner) => ({ params: { id: await sharedConversationOf(fixture, owner) } }),
  },
  'chat.ask': {
    scope: 'user',
    build: async (fixture, owner) => ({
      params: { id: await conversationOf(fixture, owner) },
      json: { content: 'What is a sentinel outlet?' },
    }),
  },
  'chat.regenerate': {
    scope: 'user',
    build: async (fixture, owner) => {
      const answered = await answeredConversation(fixture, owner);
      return { params: { id: answered.id, messageId: answered.answer } };
    },
  },
  'chat.edit': {
    scope: 'user',
    build: async (fixture, owner) => {
      const answered = await answeredConversation(fixture, owner);
      return { params: { id: answered.id, messageId: answered.question }, json: { content: 'What is a sentinel tap?' } };
    },
  },
  'chat.feedback': {
    scope: 'user',
    build: async (fixture, owner) => {
      const answered = await answeredConversation(fixture, owner);
      return { params: { id: answered.id, messageId: answered.answer }, json: { rating: 'up' } };
    },
  },
  'chat.uploadAttachment': {
    scope: 'user',
    build: async (fixture, owner) => ({
      params: { id: await conversationOf(fixture, owner) },
      form: { file: new File(['Monthly temperature checks of sentinel outlets.'], 'notes.txt') },
    }),
  },
  'chat.listAttachments': { scope: 'user', build: async (fixture, owner) => ({ params: { id: await conversationOf(fixture, owner) } }) },
  'chat.deleteAttachment': {
    scope: 'user',
    build: async (fixture, owner) => {
      const attached = await attachedFile(fixture, owner);
      return { params: { id: attached.id, attachmentId: attached.attachmentId } };
    },
  },
  'chat.export': { scope: 'user', build: async (fixture, owner) => ({ params: { id: (await answeredConversation(fixture, owner)).id } }) },

  'ingest.uploadDocument': {
    build: async () => ({
      form: {
        file: new File([`# Sample ${Math.random()}\n\nAn internal procedure for testing access.`], 'access-sample.md'),
        category: 'Guidance',
        domain: 'HTM',
        subdomain: 'HTM 04 Water systems',
      },
    }),
  },
  'ingest.job': {
    build: async ({ t }) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/ingest/documents',
        ...(await withIngestionToken(
          await multipart({
            file: new File([`# Job sample ${Math.random()}\n\nText.`], 'job-sample.md'),
            category: 'Guidance',
            domain: 'HTM',
            subdomain: 'HTM 04 Water systems',
          }),
        )),
      });
      return { params: { id: response.json<{ job_id: string }>().job_id } };
    },
  },

  'write.createDocument': { build: async () => ({ form: { text: MEETING, kind: 'action_log' } }) },
  'write.job': {
    scope: 'user',
    build: async ({ t }, owner) => {
      const response = await postTranscript(t, owner, { text: MEETING });
      if (response.statusCode !== 202) throw new Error(`the sample transcript was refused: ${response.body}`);
      return { params: { id: response.json<{ job_id: string }>().job_id } };
    },
  },
  'write.listDocuments': { build: async () => ({ query: { q: 'estates', page: '1' } }) },
  'write.getDocument': { scope: 'user', build: async ({ t }, owner) => ({ params: { external_id: await storedWriteDocument(t, owner) } }) },
  'write.saveContent': {
    scope: 'user',
    build: async ({ t }, owner) => ({
      params: { external_id: await storedWriteDocument(t, owner) },
      json: { content: STORED_CONTENT, version: 1 },
    }),
  },
  'write.renameDocument': {
    scope: 'user',
    build: async ({ t }, owner) => ({ params: { external_id: await storedWriteDocument(t, owner) }, json: { title: 'Renamed minutes' } }),
  },
  'write.deleteDocument': {
    scope: 'user',
    build: async ({ t }, owner) => ({ params: { external_id: await storedWriteDocument(t, owner) } }),
  },
  'write.exportDocument': {
    scope: 'user',
    build: async ({ t }, owner) => ({ params: { external_id: await storedWriteDocument(t, owner) } }),
  },
  'write.evidence': {
    scope: 'user',
    build: async ({ t }, owner) => ({ params: { external_id: await storedWriteDocument(t, owner), item: 'action-1' } }),
  },
  'write.sampleTranscript': { build: none },

  'review.createReview': { build: async () => ({ form: { file: new File([LV_POLICY], 'lv-policy.md') } }) },
  'review.createVersion': {
    scope: 'user',
    build: async ({ t }, owner) => ({
      params: { id: (await storedReview(t, owner)).id },
      form: { file: new File([LV_POLICY], 'lv-policy-v2.md') },
    }),
  },
  'review.job': {
    scope: 'user',
    build: async ({ t }, owner) => {
      const response = await postPolicy(t, owner, { file: new File([LV_POLICY], 'lv-policy.md') });
      if (response.statusCode !== 202) throw new Error(`the sample policy was refused: ${response.body}`);
      return { params: { id: response.json<{ job_id: string }>().job_id } };
    },
  },
  'review.listReviews': { build: async () => ({ query: { q: 'electrical', page: '1' } }) },
  'review.getReview': { scope: 'user', build: async ({ t }, owner) => ({ params: { id: (await storedReview(t, owner)).id } }) },
  'review.deleteReview': { scope: 'user', build: async ({ t }, owner) => ({ params: { id: (await storedReview(t, owner)).id } }) },
  'review.updateFinding': {
    scope: 'user',
    build: async ({ t }, owner) => {
      const review = await storedReview(t, owner);
      return { params: { id: review.id, finding: review.findingId }, json: { status: 'dismissed', reason: 'Adopted next month.' } };
    },
  },
  'review.exportReview': { scope: 'user', build: async ({ t }, owner) => ({ params: { id: (await storedReview(t, owner)).id } }) },
  'review.samplePolicy': { build: none },
  'review.shareReview': { scope: 'user', build: async ({ t }, owner) => ({ params: { id: (await storedReview(t, owner)).id } }) },
  'review.unshareReview': {
    scope: 'user',
    build: async ({ t }, owner) => ({ params: { id: (await storedReview(t, owner, { shared: true })).id } }),
  },

  // The dashboard reads the caller's own organisation: no request names another's records, and
  // another organisation's champion sees none of them.
  'dashboard.users': { hidden: 'organisation', build: async (_fixture, owner) => ({ query: { days: '30' }, marker: owner.email }) },
  'dashboard.metrics': { build: async () => ({ query: { days: '30' } }) },
  // A report names its organisation: another organisation's user is refused as if it did not exist.
  // The organisation's own documents: another organisation's user sees none of them and reaches none by id.
  'library.documents': {
    hidden: 'organisation',
    build: async ({ t }, owner) => {
      const code = `OWN-${newId()}`;
      await ownedDocument(t, owner, code);
      return { marker: code };
    },
  },
  'library.upload': {
    build: async () => ({ form: { file: new File([`# Our procedure ${newId()}\n\nSteps we follow.`], `own-${newId()}.md`) } }),
  },
  'library.uploadVersion': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({
      params: { documentId: await ownedDocument(t, owner, `VER-${newId()}`) },
      form: { file: new File([`# A new version ${newId()}\n\nChanged steps.`], 'new-version.md') },
    }),
  },
  'library.job': {
    scope: 'organisation',
    build: async ({ t }, owner) => {
      const jobId = newId();
      await t.db.insert(jobs).values({
        id: jobId,
        kind: INGEST_JOB_KIND,
        status: 'queued',
        maxAttempts: 3,
        payload: {
          file_id: newId(),
          filename: 'own.md',
          organisation_id: owner.user.organisationId,
          metadata: { category: 'Internal', domain: 'Our organisation', subdomain: 'General' },
        },
      });
      return { params: { jobId } };
    },
  },
  'library.update': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({
      params: { documentId: await ownedDocument(t, owner, `UPD-${newId()}`) },
      json: { title: `Retitled ${newId()}` },
    }),
  },
  'library.remove': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({ params: { documentId: await ownedDocument(t, owner, `DEL-${newId()}`) } }),
  },
  'reports.workforce': {
    scope: 'organisation',
    administratorsSeeEvery: true,
    build: async (_fixture, owner) => ({ query: { days: '30', organisation_id: owner.user.organisationId }, marker: owner.email }),
  },
  'reports.workforceCsv': {
    scope: 'organisation',
    administratorsSeeEvery: true,
    build: async (_fixture, owner) => ({ query: { days: '7', organisation_id: owner.user.organisationId }, marker: owner.email }),
  },
  'reports.workforcePdf': {
    scope: 'organisation',
    administratorsSeeEvery: true,
    build: async (_fixture, owner) => ({ query: { days: '90', organisation_id: owner.user.organisationId } }),
  },
  'dashboard.messages': { build: async () => ({ query: { days: '7' } }) },
  'dashboard.subdomainUsage': { build: async () => ({ query: { days: '90' } }) },
  'dashboard.documents': { build: async () => ({ query: { days: '365' } }) },
  'dashboard.tasks': { build: async () => ({ query: { days: '30' } }) },
  'dashboard.pendingUsers': {
    hidden: 'organisation',
    build: async ({ t }, owner) => {
      const { email } = await inviteByLink(t, championOf(owner));
      return { marker: email };
    },
  },

  // A champion manages their own organisation's members: another organisation's champion gets 404.
  'members.changeRole': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({ params: { userId: (await memberOf(t, owner)).user.id }, json: { role: 'guest' } }),
  },
  'members.deactivate': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({ params: { userId: (await memberOf(t, owner)).user.id } }),
  },
  'members.reactivate': {
    scope: 'organisation',
    build: async ({ t }, owner) => {
      const leaver = await memberOf(t, owner);
      await t.db.update(usersTable).set({ disabledAt: new Date() }).where(eq(usersTable.id, leaver.user.id));
      return { params: { userId: leaver.user.id } };
    },
  },
  'members.holdings': {
    scope: 'organisation',
    build: async ({ t }, owner) => ({ params: { userId: (await memberOf(t, owner)).user.id } }),
  },
  'members.handover': {
    scope: 'organisation',
    build: async ({ t }, owner) => {
      const leaver = await memberOf(t, owner);
      await storedWriteDocument(t, leaver);
      return { params: { userId: leaver.user.id }, json: { to_user_id: (await memberOf(t, owner)).user.id } };
    },
  },
  'members.revokeInvitation': {
    scope: 'organisation',
    build: async ({ t }, owner) => {
      const { userId } = await inviteByLink(t, championOf(owner));
      const [row] = await t.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.userId, userId));
      return { params: { invitationId: row?.id as string } };
    },
  },
  // Every member reads their own organisation's champions; another organisation's user sees its own, never these.
  'members.champions': { hidden: 'organisation', build: async () => ({ marker: (users.get('champion') as TestUser).email }) },

  // The product's tutorials belong to nobody: every signed-in caller the descriptor allows reads the same ones.
  'tutorials.list': { build: none },
  'admin.flags': { build: none },
  'admin.setFlag': { build: async () => ({ json: { flag: 'data-library', scope: 'global', enabled: true } }) },
  'admin.organisations': { build: none },
  'admin.createOrganisation': { build: async () => ({ json: { name: `Route Access Trust ${Math.random().toString(36).slice(2)}` } }) },
  'admin.updateOrganisation': {
    build: async (_fixture, owner) => ({ params: { organisationId: owner.user.organisationId }, json: { active: true } }),
  },
  'admin.deleteOrganisation': {
    build: async ({ t }) => {
      const name = `Closing Trust ${Math.random().toString(36).slice(2)}`;
      const organisation = await buildOrganisation(t, name);
      await t.db.update(organisationsTable).set({ deactivatedAt: new Date() }).where(eq(organisationsTable.id, organisation.id));
      return { params: { organisationId: organisation.id }, json: { name } };
    },
  },
  'admin.addMicrosoftTenant': {
    build: async (_fixture, owner) => ({ params: { organisationId: owner.user.organisationId }, json: { tenant_id: randomUUID() } }),
  },
  'admin.removeMicrosoftTenant': {
    build: async ({ t }, owner) => {
      const tenantId = randomUUID();
      await t.db.insert(microsoftTenants).values({ tenantId, organisationId: owner.user.organisationId });
      return { params: { organisationId: owner.user.organisationId, tenantId } };
    },
  },
  'admin.audit': { build: async () => ({ query: { kind: 'auth.signed_in', limit: '5' } }) },
  'admin.users': { build: async () => ({ query: { q: 'morgan' } }) },
  'admin.status': { build: none },
  'admin.checkConnections': { build: none },
  'tutorials.manage': { build: none },
  'tutorials.create': {
    build: async () => ({
      json: { title: `Route access ${newId()}`, summary: 'A tutorial written by the walk.', body: '## One\n\nText.' },
    }),
  },
  'tutorials.update': {
    build: async ({ t }) => {
      await seedTutorials(t.db);
      const [first] = await t.db.select({ id: tutorials.id }).from(tutorials).limit(1);
      return { params: { tutorialId: first?.id ?? '' }, json: { summary: `Changed by the walk ${newId()}` } };
    },
  },
  'tutorials.reorder': {
    build: async ({ t }) => {
      await seedTutorials(t.db);
      const rows = await t.db.select({ id: tutorials.id }).from(tutorials);
      return { json: { ids: rows.map((row) => row.id).reverse() } };
    },
  },
  'admin.broadcast': {
    build: async (_fixture, owner) => ({
      json: {
        title: 'Route access',
        message: 'A broadcast to one organisation.',
        audience: 'organisation',
        organisation_id: owner.user.organisationId,
      },
    }),
  },
  'admin.outbox': { build: async () => ({ query: { page: '1' } }) },
  'admin.outboxMessage': {
    build: async ({ t }) => {
      const id = newId();
      await t.db
        .insert(mailOutbox)
        .values({ id, toAddress: 'kept@example.org', subject: 'Kept', textBody: 'Kept text', transport: 'outbox' });
      return { params: { messageId: id } };
    },
  },
  'admin.updateUser': { build: async (_fixture, owner) => ({ params: { userId: owner.user.id }, json: { active: true } }) },
  'admin.signOutUser': { build: async ({ t }) => ({ params: { userId: (await buildUser(t)).user.id } }) },
  'admin.resendVerification': { build: async ({ t }) => ({ params: { userId: (await buildUser(t, { verified: false })).user.id } }) },
  'admin.auditExport': { build: async () => ({ query: { kind: 'flags.changed' } }) },
  'admin.library': { build: async () => ({ query: { q: 'HTM', status: 'current' } }) },
  'admin.uploadLibraryDocument': {
    build: async () => ({
      form: {
        file: new File([`# Library sample ${Math.random()}\n\nA document added in the admin area.`], 'admin-sample.md'),
        category: 'Guidance',
        domain: 'HTM',
        subdomain: 'HTM 04 Water systems',
      },
    }),
  },
  'admin.updateLibraryDocument': {
    build: async ({ t }) => ({ params: { documentId: await sharedDocument(t) }, json: { title: 'Retitled by an administrator' } }),
  },
  'admin.supersedeLibraryDocument': {
    build: async ({ t }) => ({ params: { documentId: await sharedDocument(t) }, json: { superseded_by_id: await sharedDocument(t) } }),
  },
  'admin.reindexLibraryDocument': { build: async ({ t }) => ({ params: { documentId: await sharedDocument(t) } }) },
  'admin.deleteLibraryDocument': { build: async ({ t }) => ({ params: { documentId: await sharedDocument(t) } }) },
  'admin.libraryJobs': { build: async () => ({ query: { status: 'failed' } }) },
  'admin.libraryJob': { build: async ({ t }) => ({ params: { jobId: await failedIngestion(t) } }) },
  'admin.retryLibraryJob': { build: async ({ t }) => ({ params: { jobId: await failedIngestion(t) } }) },
  'tutorials.tutorial': {
    build: async ({ t }) => {
      await seedTutorials(t.db);
      return { params: { id: 'getting-started' } };
    },
  },
  // A picture of the demo's pages, public like any image the page shows.
  'tutorials.screenshot': {
    build: async ({ t }) => {
      await saveScreenshot(t.db, { name: 'chat', build: 'route-access', png: Buffer.from(PNG) });
      return { params: { name: 'chat' } };
    },
  },
};

async function withIngestionToken(body: { payload: Buffer; headers: Record<string, string> }) {
  return { payload: body.payload, headers: { ...body.headers, [INGESTION_TOKEN_HEADER]: INGESTION_TOKEN } };
}

/** Who calls: nobody, a user with one role, another organisation's user with every role, a colleague, or the ingestion system. */
type Caller =
  | { kind: 'anonymous' }
  | { kind: 'role'; role: Role }
  | { kind: 'pending' }
  | { kind: 'outsider' }
  | { kind: 'colleague' }
  | { kind: 'ingestion' };

function expectedStatus(endpoint: EndpointDefinition, caller: Caller, sample: Sample): 'success' | number {
  const { access } = endpoint;
  if (access.kind === 'public') return 'success';
  if (access.kind === 'ingestion-token') return caller.kind === 'ingestion' ? 'success' : 401;
  if (caller.kind === 'anonymous' || caller.kind === 'ingestion') return 401;
  // A person waiting to join holds no role: only their own account's endpoints answer them.
  if (caller.kind === 'pending') return access.roles === 'account' ? (sample.account?.pending ?? 'success') : 403;
  if (caller.kind === 'role' && access.roles === 'account') return sample.account?.member ?? 'success';
  if (caller.kind === 'role' && access.roles !== 'any' && !access.roles.includes(caller.role)) return 403;
  if (caller.kind === 'outsider' || caller.kind === 'colleague') return sample.hidden ? 'success' : 404;
  return sample.allowed ?? 'success';
}

function successStatuses(endpoint: EndpointDefinition): number[] {
  return [endpoint.status, ...(endpoint.alternatives ?? []).filter((alternative) => alternative.status < 300).map((a) => a.status)];
}

/** A digest of every table's rows, except the ones each request may touch for bookkeeping. */
async function fingerprint(t: TestApp): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await t.db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  ).map((row) => row.name);
  // Sessions record when they were last used and rate limits count attempts: neither is a change to anyone's data.
  const bookkeeping = new Set(['sessions', 'rate_limits']);
  const digests: Record<string, string> = {};
  for (const table of tables.filter((name) => !bookkeeping.has(name))) {
    const [row] = rowsOf<{ digest: string }>(
      await t.db.execute(
        sql.raw(`select md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as digest from "${table}" t`),
      ),
    );
    digests[table] = row?.digest ?? '';
  }
  return digests;
}

let t: TestApp;
let fixture: Fixture;
let oidcProvider: TestOidcProvider;
let testForum: TestForum;
const users = new Map<string, TestUser>();
let organisationA: string;

beforeAll(async () => {
  oidcProvider = await startTestOidcProvider({ redirectUri: 'http://verity.test/microsoft-auth-callback' });
  testForum = await startTestForum({ appUrl: 'http://verity.test' });
  t = await buildTestApp({
    INGESTION_TOKEN,
    MICROSOFT_TENANT_ID: 'organizations',
    MICROSOFT_CLIENT_ID: oidcProvider.clientId,
    MICROSOFT_CLIENT_SECRET: oidcProvider.clientSecret,
    MICROSOFT_AUTHORITY_URL: oidcProvider.issuer,
    DISCOURSE_CONNECT_SECRET: testForum.secret,
    FORUM_URL: testForum.url,
    // The walk makes many calls from one address and one account: the limits are tested elsewhere.
    AUTH_RATE_LIMIT_PER_IP: '10000',
    AUTH_RATE_LIMIT_PER_ACCOUNT: '10000',
    CHAT_RATE_LIMIT_PER_MINUTE: '10000',
    READ_RATE_LIMIT_PER_MINUTE: '10000',
    WRITE_RATE_LIMIT_PER_HOUR: '10000',
    REVIEW_RATE_LIMIT_PER_HOUR: '10000',
    INVITATION_RATE_LIMIT_PER_HOUR: '10000',
  });
  organisationA = (await buildOrganisation(t)).id;
  // Its champion makes copyable invitation links for the invitees' domain.
  await approveDomain({ db: t.db, organisationId: organisationA, domain: 'example.test', approvedBy: 'test', via: 'command_line' });
  for (const role of ROLES) users.set(role, await buildUser(t, { roles: [role], organisationId: organisationA }));
  users.set('colleague', await buildUser(t, { roles: ['standard'], organisationId: organisationA }));
  users.set('outsider', await buildUser(t, { roles: [...ROLES] }));
  users.set('outsider-not-admin', await buildUser(t, { roles: ROLES.filter((role) => role !== 'verity_admin') }));
  let documents = 0;
  fixture = {
    t,
    internalDocument: async (owner) =>
      buildDocument(t, {
        code: `INT ${++documents}`,
        filename: `internal-${documents}.md`,
        organisationId: owner.user.organisationId,
        elements: [{ type: 'paragraph', text: 'Internal water safety procedure.' }],
      }),
  };
});

afterAll(async () => {
  await t?.close();
  await oidcProvider?.close();
  await testForum?.close();
});

describe('every endpoint has a sample request for the walk', () => {
  it('no descriptor is missing from the table and the table names no other endpoint', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(ENDPOINTS.map((endpoint) => endpoint.id).sort());
  });

  it('every record policy is walked by another organisation: each has an endpoint whose sample names its records', () => {
    const policies = readdirSync(new URL('./core/policies/', import.meta.url))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.replace(/\.ts$/, ''))
      .sort();
    const walked = new Set(
      ENDPOINTS.filter((endpoint) => SAMPLES[endpoint.id]?.scope || SAMPLES[endpoint.id]?.hidden).map(
        (endpoint) => AREA_POLICY[endpoint.id.split('.')[0] as string],
      ),
    );
    expect(policies.filter((policy) => !walked.has(policy))).toEqual([]);
  });
});

describe.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))('%s', (_name, endpoint) => {
  const sample = SAMPLES[endpoint.id] as Sample;
  const callers: Caller[] = [
    { kind: 'anonymous' },
    ...ROLES.map((role) => ({ kind: 'role', role }) as const),
    { kind: 'pending' },
    ...(sample?.scope || sample?.hidden ? [{ kind: 'outsider' } as const] : []),
    ...(sample?.scope === 'user' || sample?.hidden === 'user' ? [{ kind: 'colleague' } as const] : []),
    ...(endpoint.access.kind === 'ingestion-token' ? [{ kind: 'ingestion' } as const] : []),
  ];

  it.each(callers.map((caller) => [describeCaller(caller), caller] as const))('%s', async (_who, caller) => {
    const expected = expectedStatus(endpoint, caller, sample);
    const hiddenFrom = expected === 'success' && (caller.kind === 'outsider' || caller.kind === 'colleague');
    // The records the request names are the caller's own when the call should succeed; otherwise a
    // standard user of the organisation holds them (the outsider and the colleague try someone else's).
    const owner = await signedIn(users.get(expected === 'success' && caller.kind === 'role' ? caller.role : 'standard') as TestUser);
    // An earlier call's background work (a reset e-mail's new code) must not spoil this sample.
    await t.mailIdle();
    const request = await sample.build(fixture, owner);
    const callerHeaders = await headersFor(caller, sample);
    // Background work of earlier calls (a sign-up's account and e-mail, a search's event) must not land mid-comparison.
    await t.mailIdle();
    await flushEventBuffers();
    const before = expected === 'success' && !hiddenFrom ? undefined : await fingerprint(t);
    const response = await t.app.inject({
      method: endpoint.method,
      url: endpointUrl(endpoint, { params: request.params, query: request.query }),
      ...(await bodyOf(request, { ...callerHeaders, ...request.headers })),
    });
    if (expected === 'success') {
      expect(successStatuses(endpoint), `${response.statusCode}: ${response.body.slice(0, 300)}`).toContain(response.statusCode);
      // The marker is in the owner's own answer, so its absence below means something.
      if (!hiddenFrom) {
        if (request.marker) expect(response.body).toContain(request.marker);
        return;
      }
      if (request.marker) expect(response.body).not.toContain(request.marker);
      await t.mailIdle();
      await flushEventBuffers();
      expect(await fingerprint(t)).toEqual(before);
      return;
    }
    expect(response.statusCode, response.body.slice(0, 300)).toBe(expected);
    expect(response.json()).toMatchObject({ message: expect.any(String), request_id: expect.any(String) });
    await t.mailIdle();
    await flushEventBuffers();
    expect(await fingerprint(t)).toEqual(before);
  });
});

function describeCaller(caller: Caller): string {
  switch (caller.kind) {
    case 'anonymous':
      return 'without a session';
    case 'role':
      return `a ${caller.role} user`;
    case 'pending':
      return 'a person whose request to join the organisation is waiting (no role)';
    case 'outsider':
      return "another organisation's user (every role), about this organisation's record";
    case 'colleague':
      return "a colleague in the same organisation, about another user's record";
    case 'ingestion':
      return 'the ingestion token holder';
  }
}

/**
 * The user with a fresh session: signing out, resetting or changing a password in one call ends
 * sessions, and must not spoil the next call.
 */
async function signedIn(user: TestUser): Promise<TestUser> {
  const token = await createSession({
    db: t.db,
    userId: user.user.id,
    policy: { idleMinutes: t.config.SESSION_IDLE_MINUTES, absoluteDays: t.config.SESSION_ABSOLUTE_DAYS },
  });
  return { ...user, token, headers: { 'auth-token': token } };
}

async function headersFor(caller: Caller, sample?: Sample): Promise<Record<string, string>> {
  if (caller.kind === 'anonymous') return {};
  if (caller.kind === 'ingestion') return { [INGESTION_TOKEN_HEADER]: INGESTION_TOKEN };
  // A fresh one each time: withdrawing closes the account.
  if (caller.kind === 'pending') return (await personWaiting(t, organisationA, sample?.account?.declined)).person.headers;
  const who =
    caller.kind === 'role'
      ? caller.role
      : caller.kind === 'outsider' && sample?.administratorsSeeEvery
        ? 'outsider-not-admin'
        : caller.kind;
  return (await signedIn(users.get(who) as TestUser)).headers;
}

async function bodyOf(request: SampleRequest, headers: Record<string, string>) {
  if (request.form) {
    const body = await multipart(request.form);
    return { payload: body.payload, headers: { ...headers, ...body.headers } };
  }
  if (request.json !== undefined) return { payload: request.json as object, headers };
  return { headers };
}
