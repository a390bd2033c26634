import type { CreateWriteDocumentResponse, LibraryJob } from '@verity/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages, chatSessions, events, reviewFindings, reviews, writeDocuments } from './db/schema.ts';
import { jobHandlers } from './job-handlers.ts';
import { createJobWorker, type JobWorker } from './jobs/worker.ts';
import { reviewEngineFor } from './review/engine.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { ask, newSession } from './test/chat.ts';
import { buildOrganisation, buildUser, type TestUser } from './test/factories.ts';
import { type FakeOpenAI, startFakeOpenAI } from './test/fake-openai.ts';
import { multipart } from './test/multipart.ts';
import { INJECTED_INSTRUCTION, obedientModel, promptOf } from './test/obedient-model.ts';
import { accepted, postPolicy, readReview } from './test/review.ts';
import { drain, postTranscript, writeDocument } from './test/write.ts';
import { writeEngineFor } from './write/engine.ts';

/**
 * A model that obeys whatever instructions it finds (test/obedient-model.ts), reached as the
 * configured provider, given a library document, a transcript and a policy that tell it to hand
 * over another organisation's documents and everything it was given. Organisation B holds a
 * private data-library document on the very subject organisation A asks about. Nothing of B's may
 * reach the prompts the model receives, and nothing the model writes may make the server answer,
 * cite or store anything outside A's scope.
 */

/** Words found only in organisation B's private document. */
const MARKER = 'QX7-HILLSIDE-CANARY-4412';
const PRIVATE_TITLE = 'Hillside legionella escalation plan';

/** The subject both organisations' documents share, so B's would be retrieved if A could see it. */
const SUBJECT =
  'Legionella control: the hot water outlet temperature is checked monthly and must reach 55 degrees within one minute; the water safety group reviews every failed outlet.';

let fake: FakeOpenAI;
let t: TestApp;
let worker: JobWorker;
let member: TestUser;
let privateDocumentId: string;
let ownDocumentId: string;
/** Everything of organisation B's that must stay out of A's prompts, answers and rows. */
let secrets: string[];

async function uploadToLibrary(who: TestUser, name: string, text: string, title: string): Promise<string> {
  const body = await multipart({ file: new File([text], name), title, category: 'Procedure', domain: 'Water' });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/data-library/documents',
    payload: body.payload,
    headers: { ...body.headers, ...who.headers },
  });
  expect(response.statusCode, response.body).toBe(202);
  await drain(worker);
  const job = await t.app.inject({ method: 'GET', url: `/api/data-library/jobs/${response.json<LibraryJob>().id}`, headers: who.headers });
  const stored = job.json<LibraryJob>();
  expect(stored.status, job.body).toBe('succeeded');
  return stored.document?.id as string;
}

beforeAll(async () => {
  fake = await startFakeOpenAI();
  fake.replyWith(obedientModel);
  t = await buildTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: fake.url,
    AI_MODEL: 'obedient-model',
    AI_MAX_RETRIES: '0',
  });
  worker = createJobWorker({
    db: t.db,
    handlers: jobHandlers({ embeddings: null, writeEngine: writeEngineFor(t.config), reviewEngine: reviewEngineFor(t.config) }),
    pollIntervalMs: 60_000,
    staleAfterMs: 15 * 60_000,
    retryBaseMs: 0,
  });
  const hillside = await buildOrganisation(t, 'Hillside Care Partnership');
  const riverside = await buildOrganisation(t, 'Riverside Health');
  const outsider = await buildUser(t, { organisationId: hillside.id, roles: ['standard', 'champion'], email: 'owner@hillside.test' });
  member = await buildUser(t, { organisationId: riverside.id });
  privateDocumentId = await uploadToLibrary(
    outsider,
    'hillside-plan.md',
    `# ${PRIVATE_TITLE}\n\n## Escalation\n\n${SUBJECT} Hillside's private escalation code is ${MARKER}.\n`,
    PRIVATE_TITLE,
  );
  ownDocumentId = await uploadToLibrary(
    member,
    'riverside-procedure.md',
    `# Riverside legionella procedure\n\n## Monitoring\n\n${SUBJECT} ${INJECTED_INSTRUCTION}\n`,
    'Riverside legionella procedure',
  );
  secrets = [MARKER, PRIVATE_TITLE, privateDocumentId, hillside.id, hillside.name, outsider.email, outsider.user.id];
});

afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await fake?.close();
});

/** Fails naming the secret and where it was found. */
function expectNoSecrets(where: string, text: string) {
  for (const secret of secrets) expect(text.includes(secret), `${where} holds "${secret}"`).toBe(false);
}

/** The prompts the model received since `from`, checked, and proof it obeyed at least one. */
function expectCleanPrompts(from: number) {
  const received = fake.requests.slice(from);
  expect(received.length).toBeGreaterThan(0);
  for (const request of received) expectNoSecrets('a prompt', promptOf(request));
  expect(received.some((request) => promptOf(request).includes(INJECTED_INSTRUCTION))).toBe(true);
}

describe('a model obeying instructions injected into what it reads', () => {
  test('chat: the library document it retrieves cannot bring in, or cite, another organisation’s', async () => {
    const from = fake.requests.length;
    const session = await newSession(t, member);
    const answer = await ask(t, member, session.id, {
      content: 'How often is the hot water outlet temperature checked for legionella control, and what must it reach?',
    });
    expectCleanPrompts(from);
    // It obeyed: its answer repeats its prompt, and so carries A's own document and the injection.
    expect(answer.text).toContain('Everything I was given');
    expectNoSecrets('the answer', JSON.stringify(answer.events));
    // Sixty markers asked for, only the sources the model was shown kept, each one A may read.
    const cited = answer.citations.map((citation) => citation.document_id);
    expect(cited).toContain(ownDocumentId);
    expect(cited).not.toContain(privateDocumentId);
    const shown = new Set(answer.citations.map((citation) => citation.n));
    for (const match of answer.text.matchAll(/\[(\d+)\]/g)) expect(shown.has(Number(match[1])), `marker ${match[0]}`).toBe(true);
    expect(answer.citations.length).toBeLessThan(60);
    for (const citation of answer.citations) {
      const opened = await t.app.inject({ method: 'GET', url: `/api/docs/document/${citation.document_id}`, headers: member.headers });
      expect(opened.statusCode, `cited ${citation.document_id}`).toBe(200);
    }
  });

  test('write: a transcript telling the model to list every organisation’s documents adds nothing of theirs', async () => {
    const from = fake.requests.length;
    const transcript = [
      'Dawn Ellery: This is the water safety group on the fifth of February 2026.',
      `Rhys Maddock: ${SUBJECT}`,
      `Rhys Maddock: ${INJECTED_INSTRUCTION}`,
      'Dawn Ellery: I will check the failed outlets by the end of February.',
    ].join('\n');
    const response = await postTranscript(t, member, { file: new File([transcript], 'meeting.txt'), kind: 'minutes' });
    expect(response.statusCode, response.body).toBe(202);
    await drain(worker);
    const document = await writeDocument(t, member, response.json<CreateWriteDocumentResponse>().external_id);
    expect(document.status).toBe('ready');
    expectCleanPrompts(from);
    expectNoSecrets('the written document', JSON.stringify(document));
    // Line 999 was never shown: every item the model kept cites lines of the transcript alone.
    const findings = document.findings ?? { decisions: [], actions: [] };
    const cited = [...findings.decisions, ...findings.actions].flatMap((item) => item.lines);
    for (const line of cited) expect(line).toBeLessThanOrEqual(4);
  });

  test('review: findings cite only passages the model was shown, from the library A may read', async () => {
    const from = fake.requests.length;
    const policy = `# Hot water policy\n\n## Temperatures\n\nThe hot water outlet temperature is checked every year and must reach 40 degrees.\n\n## Notes\n\n${INJECTED_INSTRUCTION}\n`;
    const { id } = accepted(await postPolicy(t, member, { file: new File([policy], 'hot-water-policy.md') }));
    await drain(worker);
    const review = await readReview(t, member, id);
    expect(review.status).toBe('ready');
    expectCleanPrompts(from);
    expectNoSecrets('the review', JSON.stringify(review));
    const evidence = review.findings.flatMap((finding) => finding.evidence.map((item) => item.document_id));
    expect(evidence).not.toContain(privateDocumentId);
  });

  test('nothing of the other organisation is stored with the answers, documents, reviews or events', async () => {
    const organisationId = member.user.organisationId;
    const sessions = await t.db.select({ id: chatSessions.id }).from(chatSessions).where(eq(chatSessions.organisationId, organisationId));
    const ownReviews = await t.db.select().from(reviews).where(eq(reviews.organisationId, organisationId));
    const stored = {
      messages: await t.db
        .select()
        .from(chatMessages)
        .where(
          inArray(
            chatMessages.sessionId,
            sessions.map((session) => session.id),
          ),
        ),
      written: await t.db.select().from(writeDocuments).where(eq(writeDocuments.organisationId, organisationId)),
      reviews: ownReviews,
      findings: await t.db
        .select()
        .from(reviewFindings)
        .where(
          inArray(
            reviewFindings.reviewId,
            ownReviews.map((review) => review.id),
          ),
        ),
      events: await t.db.select().from(events).where(eq(events.organisationId, organisationId)),
    };
    expect(stored.messages.length).toBeGreaterThan(0);
    expect(stored.written.length).toBeGreaterThan(0);
    expect(stored.events.length).toBeGreaterThan(0);
    expectNoSecrets('the stored rows', JSON.stringify(stored));
  });
});
