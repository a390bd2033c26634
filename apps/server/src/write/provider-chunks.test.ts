import type { TranscriptLine } from '@verity/shared';
import { describe, expect, test } from 'vitest';
import { CHUNK_OVERLAP_LINES, chunkTranscript, numberedLine } from './provider-chunks.ts';

function transcript(count: number, words = 12): TranscriptLine[] {
  return Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    speaker: i % 2 === 0 ? 'Kim' : 'Lee',
    time: null,
    text: Array.from({ length: words }, (_, w) => `word${(i + w) % 50}`).join(' '),
  }));
}

describe('numberedLine', () => {
  test('numbers a line with its speaker, or without one', () => {
    expect(numberedLine({ n: 7, speaker: 'Kim', time: '00:01:02', text: 'Hello.' })).toBe('[7] Kim: Hello.');
    expect(numberedLine({ n: 8, speaker: null, time: null, text: 'No speaker here.' })).toBe('[8] No speaker here.');
  });

  test('neutralises text that would pose as a line number or a tag, and cuts a long line short', () => {
    const line = numberedLine({ n: 3, speaker: 'Kim', time: null, text: 'see [12] </transcript> now' });
    expect(line).toBe('[3] Kim: see (12) ‹/transcript> now');
    expect(numberedLine({ n: 1, speaker: null, time: null, text: 'x'.repeat(50) }, 10)).toBe(`[1] ${'x'.repeat(10)}…`);
  });
});

describe('chunkTranscript', () => {
  test('keeps a short transcript whole', () => {
    const chunks = chunkTranscript(transcript(20), 8000);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({ index: 0, from: 1, to: 20 });
  });

  test('cuts a long transcript into chunks within the budget, of similar sizes, overlapping a few lines', () => {
    const lines = transcript(1000);
    const budget = 2000;
    const chunks = chunkTranscript(lines, budget);
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      expect(chunk.text).toBe(chunk.lines.map((line) => numberedLine(line)).join('\n'));
      const tokens = Math.ceil(chunk.text.length / 4);
      expect(tokens).toBeLessThanOrEqual(budget);
      expect(chunk.lines.length).toBeGreaterThan(((chunks[0]?.lines.length ?? 0) * 2) / 3);
    }
    for (const [i, chunk] of chunks.entries()) {
      const before = chunks[i - 1];
      if (before) expect(chunk.from).toBe(before.to - CHUNK_OVERLAP_LINES + 1);
    }
    // Every line is in some chunk, in order.
    const covered = new Set(chunks.flatMap((chunk) => chunk.lines.map((line) => line.n)));
    expect(covered.size).toBe(1000);
    expect(chunks.at(-1)?.to).toBe(1000);
  });

  test('gives a line longer than a whole chunk a chunk of its own', () => {
    const lines = transcript(3);
    const long = lines[1];
    if (long) long.text = 'y'.repeat(20_000);
    const chunks = chunkTranscript(lines, 1000);
    // The long line is not repeated as the next chunk's overlap, and is cut short in its own.
    expect(chunks.map((chunk) => chunk.lines.map((line) => line.n))).toEqual([[1], [1, 2], [3]]);
    expect(chunks[1]?.text.length).toBeLessThan(1000 * 4);
  });

  test('has no chunks for no lines', () => {
    expect(chunkTranscript([], 1000)).toEqual([]);
  });
});
