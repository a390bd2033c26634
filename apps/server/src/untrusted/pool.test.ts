import { afterAll, describe, expect, test } from 'vitest';
import { buildManyPagePdf } from '../test/hostile-files.ts';
import { buildPdf } from '../test/sample-files.ts';
import { runBuiltin } from '../review/builtin.ts';
import type { ReviewInput } from '../review/types.ts';
import { builtinWriteEngine } from '../write/builtin.ts';
import { readTranscript } from '../write/transcript.ts';
import type { WriteInput } from '../write/types.ts';
import {
  createUntrustedPool,
  DEFAULT_UNTRUSTED_SETTINGS,
  EngineLimitError,
  REVIEW_TOO_COMPLEX,
  TOO_COMPLEX_MESSAGE,
  WRITE_TOO_COMPLEX,
} from './pool.ts';
import { DEFAULT_PARSE_LIMITS } from '../ingest/limits.ts';
import { WORKER_DID_NOT_START } from '../lib/worker-pool.ts';

// The real worker plus two files that misbehave on purpose (exhausting memory, never ending).
const hostileWorker = new URL('../test/hostile-parse-worker.ts', import.meta.url);
const ended: { worker: { cause: string; code?: string } }[] = [];
const log = { warn: (object: object) => ended.push(object as (typeof ended)[number]) };
const pool = createUntrustedPool(
  { ...DEFAULT_UNTRUSTED_SETTINGS, workers: 1, memoryMb: 96, timeoutMs: 3000 },
  { workerUrl: hostileWorker, log },
);
const text = (value: string) => new TextEncoder().encode(value);
const NOTES = text('# Ward notes\n\nThe sluice room is cleaned twice a day.');

afterAll(async () => {
  await pool.close();
});

describe('parsing in the worker pool', () => {
  test('parses a real file off the main thread, with the same result as in-thread parsing', async () => {
    const parsed = await pool.parse({ bytes: await buildPdf(), filename: 'policy.pdf' });
    expect(parsed).toMatchObject({ format: 'pdf', title: 'Fire Safety Policy', pageCount: 2 });
    expect(parsed.elements.length).toBeGreaterThan(5);
  });

  test("the caller's bytes stay usable (the worker gets a copy)", async () => {
    const bytes = text('Plain text kept by the caller.');
    await pool.parse({ bytes, filename: 'a.txt' });
    expect(bytes.byteLength).toBe(30);
  });

  test('a parse that exhausts the memory cap fails as too complex, and the next parse works', async () => {
    ended.length = 0;
    await expect(pool.parse({ bytes: text('x'), filename: 'exhausts-memory.txt' })).rejects.toMatchObject({
      name: 'UnreadableFileError',
      reason: 'too_complex',
      message: TOO_COMPLEX_MESSAGE,
    });
    // The heap cap ended it, not the time-out, and the log says so (without the file's name).
    expect(ended.map((entry) => entry.worker)).toEqual([expect.objectContaining({ cause: 'error', code: 'ERR_WORKER_OUT_OF_MEMORY' })]);
    expect(JSON.stringify(ended)).not.toContain('exhausts-memory');
    const parsed = await pool.parse({ bytes: NOTES, filename: 'notes.md' });
    expect(parsed.title).toBe('Ward notes');
  });

  test('a parse that runs past the time-out has its worker terminated, and the next parse works', async () => {
    ended.length = 0;
    const started = performance.now();
    await expect(pool.parse({ bytes: text('x'), filename: 'never-ends.txt' })).rejects.toMatchObject({
      reason: 'too_complex',
      message: expect.stringMatching(/^This file is too large or complex to read\./),
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(2900);
    expect(ended.map((entry) => entry.worker.cause)).toEqual(['time-out']);
    expect((await pool.parse({ bytes: NOTES, filename: 'notes.md' })).elements).toHaveLength(2);
  });

  test("a worker's start-up does not count against the time-out, and a task posted while it starts is not lost", async () => {
    const slowStart = createUntrustedPool(
      { ...DEFAULT_UNTRUSTED_SETTINGS, workers: 1, timeoutMs: 1000 },
      { workerUrl: new URL('../test/slow-start-worker.ts', import.meta.url) },
    );
    try {
      const started = performance.now();
      expect((await slowStart.parse({ bytes: NOTES, filename: 'notes.md' })).title).toBe('Ward notes');
      expect(performance.now() - started).toBeGreaterThanOrEqual(1500);
    } finally {
      await slowStart.close();
    }
  });

  test("a worker that never says it listens is ended at its start-up limit, and its task fails as the server's error, not the file's", async () => {
    const warned: object[] = [];
    const neverReady = createUntrustedPool(
      { ...DEFAULT_UNTRUSTED_SETTINGS, workers: 1, startupMs: 500 },
      { workerUrl: new URL('../test/never-ready-worker.ts', import.meta.url), log: { warn: (object) => warned.push(object) } },
    );
    try {
      const failure = await neverReady.parse({ bytes: NOTES, filename: 'notes.md' }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe(WORKER_DID_NOT_START);
      expect(warned).toEqual([{ worker: { cause: 'start-up', startupMs: 500 } }]);
    } finally {
      await neverReady.close();
    }
  });

  test('files wait for a free worker and each gets its own answer', async () => {
    const results = await Promise.allSettled([
      pool.parse({ bytes: text('First file.'), filename: 'a.txt' }),
      pool.parse({ bytes: text('x'), filename: 'exhausts-memory.txt' }),
      pool.parse({ bytes: text('Third file.'), filename: 'c.txt' }),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[2]).toMatchObject({ value: { elements: [{ text: 'Third file.' }] } });
  });

  test("refusals keep the parser's reason and sentence; the page cap stops a 20,000-page PDF before its pages are read", async () => {
    await expect(pool.parse({ bytes: text('\u0000binary'), filename: 'a.txt' })).rejects.toMatchObject({ reason: 'unsupported_type' });
    const started = performance.now();
    await expect(pool.parse({ bytes: buildManyPagePdf(20_000), filename: 'long.pdf' })).rejects.toMatchObject({
      reason: 'too_complex',
      message: expect.stringMatching(/^This PDF has 20,000 pages; a document can have at most 2,000\./),
    });
    // Refused from the page count alone: reading 20,000 pages takes most of a minute.
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  test('element and character caps apply as elements are produced', async () => {
    const small = createUntrustedPool({
      ...DEFAULT_UNTRUSTED_SETTINGS,
      workers: 1,
      limits: { ...DEFAULT_PARSE_LIMITS, maxElements: 10, maxCharacters: 1000 },
    });
    try {
      const paragraphs = Array.from({ length: 20 }, (_, i) => `P${i}.`).join('\n\n');
      await expect(small.parse({ bytes: text(paragraphs), filename: 'a.txt' })).rejects.toMatchObject({
        reason: 'too_complex',
        message: expect.stringMatching(/more than 10 paragraphs, headings, list items and tables/),
      });
      await expect(small.parse({ bytes: text('word '.repeat(300)), filename: 'a.txt' })).rejects.toMatchObject({
        message: expect.stringMatching(/more than 1,000 characters of text/),
      });
    } finally {
      await small.close();
    }
  });

  test('aborting stops waiting at once; closing rejects what is in progress, and the pool can be used again', async () => {
    const abort = new AbortController();
    const waiting = pool.parse({ bytes: text('x'), filename: 'never-ends.txt', signal: abort.signal });
    abort.abort(new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');

    const inProgress = pool.parse({ bytes: text('x'), filename: 'never-ends.txt' });
    const refused = expect(inProgress).rejects.toThrow('The worker pool was shut down.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    await refused;
    expect((await pool.parse({ bytes: NOTES, filename: 'notes.md' })).elements).toHaveLength(2);
  });
});

const LIMITS = { maxBytes: 1024 * 1024, maxCharacters: 100_000, maxSpeakers: 50 };
const MEETING = [
  'Dawn Ellery: Good morning. This is the estates compliance meeting on Thursday the fifth of February 2026.',
  'Rhys Maddock: The fire door survey for the east wing is finished and eleven doors need new intumescent strips.',
  'Dawn Ellery: Then we have agreed that the east wing doors are repaired before any other fire door work this quarter.',
  'Rhys Maddock: I will order the strips and have the eleven doors repaired by the end of February.',
].join('\n');

const writeInput = (title?: string): WriteInput => ({
  transcript: readTranscript(MEETING),
  kind: 'minutes',
  library: [],
  today: '2026-03-01',
  ...(title === undefined ? {} : { title }),
});

const reviewInput = (title: string | null): ReviewInput => ({
  policy: {
    title,
    elements: [
      { index: 0, type: 'heading', text: 'Water safety policy', page: 1, headingPath: [] },
      { index: 1, type: 'paragraph', text: 'The Trust follows HTM 04-01 and tests outlets every month.', page: 1, headingPath: [] },
    ],
  },
  library: { documents: [] },
  today: '2026-03-01',
});

describe('reading transcripts in the worker pool', () => {
  test('pasted text and a text file are read off the main thread, as the reader does in-thread', async () => {
    const reading = await pool.transcript({ text: MEETING, limits: LIMITS });
    expect(reading).toEqual({ transcript: readTranscript(MEETING) });
    const file = await pool.transcript({ bytes: text(MEETING), filename: 'meeting.txt', limits: LIMITS });
    expect(file).toEqual(reading);
  });

  test('refusals are answers naming the field: wrong type, not a transcript, too many speakers', async () => {
    expect(await pool.transcript({ bytes: text('<!doctype html><p>Hi</p>'), filename: 'a.txt', limits: LIMITS })).toMatchObject({
      refused: { field: 'file', code: 'unsupportedDocument', message: expect.stringMatching(/web page/) },
    });
    expect(await pool.transcript({ text: '{"a": 1, "b": [1, 2, 3], "c": {"d": 4}}\n{"e": 5}', limits: LIMITS })).toMatchObject({
      refused: { field: 'text' },
    });
    const crowd = Array.from({ length: 60 }, (_, i) => `Person ${i}: I agree with the plan for the east wing.`).join('\n');
    expect(await pool.transcript({ text: crowd, limits: LIMITS })).toMatchObject({ refused: { code: 'transcriptTooLarge' } });
  });

  test('a type check that would have backtracked on the event loop (many empty comments) answers at once', async () => {
    const started = performance.now();
    const comments = `${'<!---->'.repeat(2_000)}Speaker 1: hello there everyone, thanks for coming today.`;
    await pool.transcript({ bytes: text(comments), filename: 'comments.txt', limits: LIMITS });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('engines in the worker pool', () => {
  test('the writing engine gives the same findings as in-thread, reporting its stages in order', async () => {
    const stages: string[] = [];
    const findings = await pool.write(writeInput(), { onStage: (stage) => void stages.push(stage) });
    expect(findings).toEqual(await builtinWriteEngine.findings(writeInput(), {}));
    expect(stages).toEqual(['speakers', 'topics', 'items', 'references', 'writing']);
  });

  test('the reviewer gives the same findings as in-thread, reporting its stages', async () => {
    const stages: string[] = [];
    const findings = await pool.review(reviewInput(null), { onStage: (stage) => void stages.push(stage) });
    expect(findings).toEqual(await runBuiltin(reviewInput(null)));
    expect(stages).toEqual(['references', 'structure', 'roles', 'terms', 'library']);
  });

  test('an engine that runs past the time-out fails with a sentence saying what to do, and the pool goes on', async () => {
    await expect(pool.write(writeInput('never-ends.txt'))).rejects.toEqual(new EngineLimitError(WRITE_TOO_COMPLEX));
    await expect(pool.review(reviewInput('never-ends.txt'))).rejects.toEqual(new EngineLimitError(REVIEW_TOO_COMPLEX));
    expect((await pool.write(writeInput())).actions.length).toBeGreaterThan(0);
  });
});

describe("one person's share of the pool", () => {
  test('with two workers, a second task of the same owner waits while another owner is served at once', async () => {
    // Long enough that a cold worker on a loaded machine finishes Alice's task well inside it.
    const shared = createUntrustedPool({ ...DEFAULT_UNTRUSTED_SETTINGS, workers: 2, timeoutMs: 6000 }, { workerUrl: hostileWorker });
    try {
      const order: string[] = [];
      const hostile = () => shared.write(writeInput('never-ends.txt'), { owner: 'mallory' }).catch(() => order.push('mallory'));
      const first = hostile();
      const second = hostile();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // Mallory holds one worker and her second task waits; Alice's is served by the other worker meanwhile.
      const started = performance.now();
      await shared.write(writeInput(), { owner: 'alice' });
      order.push('alice');
      // Served before Mallory's first task ends (its time-out): not queued behind her.
      expect(performance.now() - started).toBeLessThan(5500);
      await Promise.all([first, second]);
      expect(order).toEqual(['alice', 'mallory', 'mallory']);
    } finally {
      await shared.close();
    }
  });
});
