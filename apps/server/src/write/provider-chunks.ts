/**
 * The transcript as the model reads it: numbered lines ("[12] Priya: text"), cut into chunks that
 * fit the provider's context. Line numbers are the transcript's own, so what a model cites is what
 * the evidence panel shows.
 */
import type { TranscriptLine } from '@verity/shared';
import { estimateTokens, neutralise } from '../core/provider/text.ts';

/** A run of consecutive transcript lines sent to the model in one request. */
export interface TranscriptChunk {
  /** 0-based position among the chunks. */
  index: number;
  lines: TranscriptLine[];
  /** The lines as the model reads them, one numberedLine each. */
  text: string;
  /** The first and last line numbers of the chunk. */
  from: number;
  to: number;
}

/**
 * Lines repeated at the start of the next chunk, so a commitment accepted just after a cut ("Can
 * you take that?" … "Yes, I'll do it") is read with the question that made it. Items found twice
 * in the overlap are merged later.
 */
export const CHUNK_OVERLAP_LINES = 3;

/** One line as the model reads it: `[n] Speaker: text`, or `[n] text` without a speaker. */
export function numberedLine(line: TranscriptLine, maxCharacters = Number.POSITIVE_INFINITY): string {
  const text = line.text.length > maxCharacters ? `${line.text.slice(0, maxCharacters)}…` : line.text;
  // Transcript text is untrusted: nothing in it may look like a tag or a line marker, or start a line.
  const safe = (said: string) => neutralise(said).replace(/\s+/g, ' ').trim();
  const speaker = line.speaker ? safe(line.speaker) : '';
  return speaker ? `[${line.n}] ${speaker}: ${safe(text)}` : `[${line.n}] ${safe(text)}`;
}

/**
 * The transcript cut into chunks of at most `budgetTokens` (estimated at four characters a token),
 * of similar sizes so the last one is not a scrap, each after the first starting with up to
 * CHUNK_OVERLAP_LINES lines of the one before (within a tenth of the budget kept for them). A
 * single line longer than a chunk is cut short in the chunk's text, never split.
 */
export function chunkTranscript(lines: readonly TranscriptLine[], budgetTokens: number): TranscriptChunk[] {
  if (lines.length === 0) return [];
  // Room for the overlap lines, so a chunk with them still fits.
  const budget = Math.max(1, Math.floor(budgetTokens * 0.9));
  const sizes = lines.map((line) => Math.min(estimateTokens(numberedLine(line)) + 1, budget));
  const total = sizes.reduce((sum, size) => sum + size, 0);
  const target = total / Math.ceil(total / budget);

  const starts: number[] = [0];
  let size = 0;
  for (const [i, lineSize] of sizes.entries()) {
    const over = size + lineSize > budget;
    // Cut at the target size, or earlier when the next line would not fit.
    if (size > 0 && (over || size >= target)) {
      starts.push(i);
      size = 0;
    }
    size += lineSize;
  }

  // The overlap lines fit in the room left for them, so an overlong line is never repeated.
  const room = budgetTokens - budget;
  const overlapStart = (start: number) => {
    let from = start;
    let used = 0;
    while (from > 0 && start - from < CHUNK_OVERLAP_LINES && used + (sizes[from - 1] ?? 0) <= room) used += sizes[--from] ?? 0;
    return from;
  };

  return starts.map((start, index) => {
    const end = starts[index + 1] ?? lines.length;
    const chunkLines = lines.slice(overlapStart(start), end);
    return {
      index,
      lines: chunkLines,
      text: chunkLines.map((line) => numberedLine(line, budget * 4)).join('\n'),
      from: chunkLines[0]?.n ?? 0,
      to: chunkLines.at(-1)?.n ?? 0,
    };
  });
}
