import { afterAll, describe, expect, test } from 'vitest';
import { buildManyPagePdf } from '../test/hostile-files.ts';
import { buildPdf } from '../test/sample-files.ts';
import { createParsePool, DEFAULT_PARSE_SETTINGS, TOO_COMPLEX_MESSAGE } from './isolated.ts';
import { DEFAULT_PARSE_LIMITS } from './limits.ts';

// The real worker plus two files that misbehave on purpose (exhausting memory, never ending).
const hostileWorker = new URL('../test/hostile-parse-worker.ts', import.meta.url);
const ended: { parseWorker: { cause: string; code?: string } }[] = [];
const log = { warn: (object: object) => ended.push(object as (typeof ended)[number]) };
const pool = createParsePool({ ...DEFAULT_PARSE_SETTINGS, workers: 1, memoryMb: 96, timeoutMs: 3000 }, { workerUrl: hostileWorker, log });
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
    expect(ended.map((entry) => entry.parseWorker)).toEqual([
      expect.objectContaining({ cause: 'error', code: 'ERR_WORKER_OUT_OF_MEMORY' }),
    ]);
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
    expect(ended.map((entry) => entry.parseWorker.cause)).toEqual(['time-out']);
    expect((await pool.parse({ bytes: NOTES, filename: 'notes.md' })).elements).toHaveLength(2);
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
    const small = createParsePool({
      ...DEFAULT_PARSE_SETTINGS,
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
    const refused = expect(inProgress).rejects.toThrow('The file parser was shut down.');
    await new Promise((resolve) => setTimeout(resolve, 200));
    await pool.close();
    await refused;
    expect((await pool.parse({ bytes: NOTES, filename: 'notes.md' })).elements).toHaveLength(2);
  });
});
