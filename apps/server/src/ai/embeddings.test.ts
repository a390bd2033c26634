/**
 * Semantic ranking with embeddings (AI_EMBEDDING_MODEL), end to end through the HTTP API against the
 * fake OpenAI-compatible server's real /v1/embeddings protocol: the library is embedded by the job,
 * a question is embedded and fused with the lexical ranking, nothing crosses an organisation, and a
 * failing embeddings provider leaves search lexical.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { elementEmbeddings, jobs } from '../db/schema.ts';
import { jobHandlers } from '../job-handlers.ts';
import { INGEST_JOB_KIND } from '../ingest/job.ts';
import { WRITE_JOB_KIND } from '../modules/write/job.ts';
import type { JobRow } from '../jobs/queue.ts';
import { READY_NOTICE_JOB_KIND } from '../jobs/ready-notice.ts';
import { buildTestApp, type TestApp } from '../test/app.ts';
import { newSession, post, readStream } from '../test/chat.ts';
import { type FakeOpenAI, hashedWords, startFakeOpenAI } from '../test/fake-openai.ts';
import { buildDocument, buildOrganisation, buildUser, type TestUser } from '../test/factories.ts';
import { REVIEW_JOB_KIND } from '../modules/review/job.ts';
import { builtinReviewEngine } from '../review/engine.ts';
import { builtinWriteEngine } from '../write/builtin.ts';
import { EMBED_JOB_KIND, embedLibraryJobHandler, semanticIndexFor, unitVector } from './embeddings.ts';
import { retrievePassages } from './retrieval.ts';
import { fuseRankings } from './retrieval/candidates.ts';
import type { EmbeddingSettings } from '../core/provider/settings.ts';

let fake: FakeOpenAI;
let t: TestApp;
let standard: TestUser;
let settings: EmbeddingSettings;
let ownId: string;
let otherOrganisationDocumentId: string;

const job = { id: 'test', payload: {} } as JobRow;
const embedLibrary = () => embedLibraryJobHandler(settings).run({ job, db: t.db, reportProgress: async () => {} });

/** Words the fake embedder treats as one meaning, so a question can match a document it shares no word with. */
const SYNONYMS: Record<string, string> = { thunderstorms: 'lightning', thunderstorm: 'lightning', storms: 'lightning' };
const synonymEmbedder = (text: string) => hashedWords(text.replace(/[a-z]+/gi, (word) => SYNONYMS[word.toLowerCase()] ?? word));

beforeAll(async () => {
  fake = await startFakeOpenAI();
  t = await buildTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_MODEL: 'llama3.1',
    AI_BASE_URL: fake.url,
    AI_EMBEDDING_MODEL: 'fake-embedding',
    AI_TIMEOUT_MS: '2000',
    AI_MAX_RETRIES: '0',
    CHAT_RATE_LIMIT_PER_MINUTE: '1000',
  });
  settings = { provider: 'openai-compatible', model: 'fake-embedding', baseUrl: fake.url, timeoutMs: 2000, maxRetries: 0 };
  standard = await buildUser(t);
  await buildDocument(t, {
    code: 'HTM 99-02',
    filename: 'htm-99-02.pdf',
    title: 'Lightning protection systems',
    elements: [
      { type: 'title', text: 'Lightning protection systems' },
      { type: 'heading', text: 'Inspection' },
      { type: 'paragraph', text: 'Lightning protection systems are inspected and tested every year by a competent person.' },
    ],
  });
  await buildDocument(t, {
    code: 'HTM 99-03',
    filename: 'htm-99-03.pdf',
    title: 'Boiler descaling',
    elements: [{ type: 'paragraph', text: 'Boilers are descaled every year by a competent person.' }],
  });
  ownId = await buildDocument(t, {
    code: 'OWN-1',
    filename: 'own-storm-plan.pdf',
    title: 'Our lightning plan',
    organisationId: standard.user.organisationId,
    elements: [{ type: 'paragraph', text: 'Our lightning plan: the estates team inspects every year.' }],
  });
  const outsider = await buildOrganisation(t);
  otherOrganisationDocumentId = await buildDocument(t, {
    code: 'THEIRS-1',
    filename: 'their-storm-plan.pdf',
    title: 'Their lightning plan',
    organisationId: outsider.id,
    elements: [{ type: 'paragraph', text: 'Their lightning plan: secret arrangements inspected every year.' }],
  });
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
  fake.embedWith(synonymEmbedder);
});

describe('fusion and vectors', () => {
  test('reciprocal rank fusion puts what both rankings agree on first', () => {
    const fused = fuseRankings([
      ['a', 'b', 'c'],
      ['c', 'a', 'd'],
    ]);
    expect(fused.map((entry) => entry.id)).toEqual(['a', 'c', 'b', 'd']);
    expect(fused[0]?.score).toBeCloseTo(1 / 61 + 1 / 62);
  });

  test('vectors are stored at unit length', () => {
    const vector = unitVector([3, 4]);
    expect([vector[0], vector[1]]).toEqual([expect.closeTo(0.6), expect.closeTo(0.8)]);
    expect([...unitVector([0, 0])]).toEqual([0, 0]);
  });
});

describe('the embedding job', () => {
  test('embeds every passage element once, through the provider, and again only what is new', async () => {
    const first = (await embedLibrary()) as { embedded: number };
    const [stored] = await t.db.select({ n: count() }).from(elementEmbeddings);
    expect(first.embedded).toBe(stored?.n);
    // Titles and headings are not passages: one paragraph in each of the four documents.
    expect(first.embedded).toBe(4);
    expect(fake.embeddingRequests.flat()).toContain(
      'Lightning protection systems are inspected and tested every year by a competent person.',
    );
    fake.reset();
    expect(await embedLibrary()).toEqual({ embedded: 0 });
    expect(fake.embeddingRequests).toEqual([]);
  });

  test('a provider failure fails the attempt (the queue retries) and stores nothing half-done', async () => {
    await t.db.delete(elementEmbeddings);
    fake.embedWith(() => {
      throw new Error('down');
    });
    await expect(embedLibrary()).rejects.toThrow();
    const [stored] = await t.db.select({ n: count() }).from(elementEmbeddings);
    expect(stored?.n).toBe(0);
    fake.embedWith(synonymEmbedder);
    await embedLibrary();
  });

  test('with embeddings configured, a successful ingest queues the embedding job in its own transaction', async () => {
    const handlers = jobHandlers({ embeddings: settings, writeEngine: builtinWriteEngine, reviewEngine: builtinReviewEngine });
    expect(Object.keys(handlers).sort()).toEqual(
      [EMBED_JOB_KIND, INGEST_JOB_KIND, READY_NOTICE_JOB_KIND, REVIEW_JOB_KIND, WRITE_JOB_KIND].sort(),
    );
    await t.db.transaction(async (tx) => {
      await handlers[INGEST_JOB_KIND]?.onSucceeded?.(tx, { ...job, payload: { file_id: 'gone' } });
    });
    const queued = await t.db.select().from(jobs).where(eq(jobs.kind, EMBED_JOB_KIND));
    expect(queued).toHaveLength(1);
    // A second ingest does not queue another while one waits.
    await handlers[INGEST_JOB_KIND]?.onSucceeded?.(t.db, { ...job, payload: { file_id: 'gone' } });
    expect(await t.db.select().from(jobs).where(eq(jobs.kind, EMBED_JOB_KIND))).toHaveLength(1);
    await t.db.delete(jobs);
    expect(
      Object.keys(jobHandlers({ embeddings: null, writeEngine: builtinWriteEngine, reviewEngine: builtinReviewEngine })).sort(),
    ).toEqual([INGEST_JOB_KIND, READY_NOTICE_JOB_KIND, REVIEW_JOB_KIND, WRITE_JOB_KIND].sort());
  });
});

describe('semantic ranking', () => {
  const rank = (organisationId: string, question: string, includeInternal: boolean) =>
    semanticIndexFor(t.db, settings.model).rank({
      db: t.db,
      organisationId,
      vector: unitVector(synonymEmbedder(question)),
      filters: { category: [], domain: [], subDomain: [] },
      includeInternal,
    });

  test('ranks by meaning, never shows another organisation’s document, and the own ones only on request', async () => {
    const question = 'Who inspects for thunderstorms?';
    const withInternal = (await rank(standard.user.organisationId, question, true)).map((entry) => entry.id);
    expect(withInternal).toContain(ownId);
    expect(withInternal).not.toContain(otherOrganisationDocumentId);
    const libraryOnly = (await rank(standard.user.organisationId, question, false)).map((entry) => entry.id);
    expect(libraryOnly).not.toContain(ownId);
    expect(libraryOnly).not.toContain(otherOrganisationDocumentId);
  });

  test('retrieval fuses it with the lexical ranking; a failing provider leaves the lexical answer', async () => {
    const options = {
      db: t.db,
      organisationId: standard.user.organisationId,
      question: 'How often are lightning protection systems inspected?',
    };
    const lexical = await retrievePassages(options);
    const failing = await retrievePassages({ ...options, semantic: async () => null });
    expect(failing.passages.map((passage) => passage.code)).toEqual(lexical.passages.map((passage) => passage.code));
    expect(lexical.passages[0]?.code).toBe('HTM 99-02');
  });
});

describe('the provider engine with embeddings', () => {
  test('embeds the question, answers over the fused ranking, and keeps answering when embeddings fail', async () => {
    await embedLibrary();
    fake.reset();
    fake.embedWith(synonymEmbedder);
    fake.replyWith({ kind: 'text', text: 'Every year [1].' });
    const session = await newSession(t, standard);
    const question = 'How often are lightning protection systems inspected?';
    const answered = readStream((await post(t, standard, `/chat/sessions/${session.id}/messages`, { content: question })).body);
    expect(answered.citations?.map((citation) => citation.code)).toEqual(['HTM 99-02']);
    expect(fake.embeddingRequests).toEqual([[question]]);

    fake.reset();
    fake.embedWith(() => {
      throw new Error('embeddings down');
    });
    fake.replyWith({ kind: 'text', text: 'Every year [1].' });
    // A new conversation, so the question is not a follow-up for the model to rewrite first.
    const another = await newSession(t, standard);
    const fallback = readStream((await post(t, standard, `/chat/sessions/${another.id}/messages`, { content: question })).body);
    expect(fallback.error).toBeUndefined();
    expect(fallback.citations?.map((citation) => citation.code)).toEqual(['HTM 99-02']);
  });
});
