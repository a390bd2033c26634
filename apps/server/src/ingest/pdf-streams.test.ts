import { describe, expect, test } from 'vitest';
import { buildPdfBomb } from '../test/hostile-files.ts';
import { buildPdf } from '../test/sample-files.ts';
import { createUntrustedPool, DEFAULT_UNTRUSTED_SETTINGS } from '../untrusted/pool.ts';
import { DEFAULT_PARSE_LIMITS } from './limits.ts';
import { parseFile } from './parse.ts';
import { inflatesBeyond } from './pdf-streams.ts';

describe("a PDF's compressed streams", () => {
  test('an ordinary PDF is well within the limit and still reads', async () => {
    const pdf = await buildPdf();
    expect(await inflatesBeyond(pdf, 1024 * 1024)).toBe(false);
    expect((await parseFile({ bytes: pdf, filename: 'policy.pdf', limits: DEFAULT_PARSE_LIMITS })).pageCount).toBe(2);
  });

  test('a stream that unpacks past the limit is refused with the limit named, before the reader sees it', async () => {
    const bomb = buildPdfBomb(40);
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    await expect(
      parseFile({ bytes: bomb, filename: 'bomb.pdf', limits: { ...DEFAULT_PARSE_LIMITS, maxInflatedBytes: 16 * 1024 * 1024 } }),
    ).rejects.toMatchObject({
      reason: 'too_complex',
      message: expect.stringMatching(/^This PDF's compressed contents unpack to more than 16 MB, the limit for one document\./),
    });
  });

  test('a 1 GiB bomb in the worker pool is refused quickly, and this process does not grow by its size', async () => {
    const pool = createUntrustedPool({ ...DEFAULT_UNTRUSTED_SETTINGS, workers: 1 });
    try {
      const bomb = buildPdfBomb(1024);
      // The worker (a thread of this process) is started and its code loaded before memory is measured.
      await pool.parse({ bytes: await buildPdf(), filename: 'warm-up.pdf' });
      const rss = process.memoryUsage().rss;
      const started = performance.now();
      await expect(pool.parse({ bytes: bomb, filename: 'bomb.pdf' })).rejects.toMatchObject({ reason: 'too_complex' });
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(process.memoryUsage().rss - rss).toBeLessThan(200 * 1024 * 1024);
    } finally {
      await pool.close();
    }
  });
});
