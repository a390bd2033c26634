/**
 * The engines' time against the size of what they read: the writing engine (transcript reader and
 * built-in engine) and the built-in reviewer on ordinary and hostile inputs of 10,000, 100,000 and
 * 400,000 characters, each run as the server runs it, in the untrusted-work pool. The baseline of
 * each input is its 10,000-character size, so a linear engine shows ratios near 10× and 40×; a
 * super-linear one far more. An input that passes the pool's time limit is reported as such.
 */
import { readFileSync } from 'node:fs';
import { seedReviewLibrary } from '../apps/server/src/eval/review-set.ts';
import { libraryCodes } from '../apps/server/src/eval/write-set.ts';
import { parseMarkdown } from '../apps/server/src/ingest/markdown.ts';
import { createUntrustedPool, DEFAULT_UNTRUSTED_SETTINGS, EngineLimitError } from '../apps/server/src/untrusted/pool.ts';
import { readTranscript } from '../apps/server/src/write/transcript.ts';
import type { Row } from './stats.ts';

export /** Below this a 400,000-character run is too quick for its growth to mean anything. */
const MEASURABLE_MS = 50;

const SIZES = [10_000, 100_000, 400_000] as const;
const TIMEOUT_MS = Number(process.env.BENCH_ENGINES_TIMEOUT_MS ?? 60_000);
const TRANSCRIPT = readFileSync(new URL('../apps/server/src/modules/write/sample-transcript.txt', import.meta.url), 'utf8');
const POLICY = readFileSync(new URL('../apps/server/src/modules/review/sample-policy.md', import.meta.url), 'utf8');

/** `unit` repeated to `size` characters. */
const fill = (unit: string, size: number) => unit.repeat(Math.ceil(size / unit.length)).slice(0, size);

function acronyms(size: number): string {
  const words: string[] = [];
  for (let i = 0, length = 0; length < size; i++) {
    const word = Array.from({ length: 4 }, (_, k) => String.fromCharCode(65 + (Math.floor(i / 26 ** k) % 26))).join('');
    words.push(i % 20 === 19 ? `${word}.\n\n` : word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, size);
}

const TRANSCRIPTS: Record<string, (size: number) => string> = {
  'ordinary meeting': (size) => fill(`${TRANSCRIPT}\n`, size),
  '"oh oh oh" (spoken numbers)': (size) => `Speaker 1: ${fill('oh ', size)}`,
  'codes said over and over': (size) => `Speaker 1: ${fill('the HTM oh four oh one and L8 and HTM 04-01 ', size)}`,
  'commitments over and over': (size) => fill("Speaker 1: I'll send it by Friday.\nSpeaker 2: Action on Sam to check it.\n", size),
  'one line, no spaces': (size) => `Speaker 1: ${fill('a', size)}`,
};

const POLICIES: Record<string, (size: number) => string> = {
  'ordinary policy': (size) => fill(`${POLICY}\n\n`, size),
  '"60 °C" over and over': (size) => `# Water\n\n${fill('Water is stored at 60 °C. ', size)}`,
  'distinct acronyms': (size) => `# Terms\n\n${acronyms(size)}`,
  'duties over and over': (size) =>
    `# Duties\n\n${fill('The Responsible Person must test outlets monthly and shall keep records for 2 years. ', size)}`,
  'references over and over': (size) => `# References\n\n${fill('See HTM 04-01 Part B and BS 7671 and section 4.2. ', size)}`,
};

export interface EngineScaling {
  rows: Row[];
  /** The largest growth from 100,000 to 400,000 characters, over the 4× the size grew (1 is linear), among inputs whose 400,000 characters take at least MEASURABLE_MS. */
  worstGrowth: number;
  timedOut: string[];
}

export async function benchEngines(): Promise<EngineScaling> {
  const pool = createUntrustedPool({ ...DEFAULT_UNTRUSTED_SETTINGS, workers: 1, timeoutMs: TIMEOUT_MS });
  const writeLibrary = libraryCodes();
  const reviewLibrary = seedReviewLibrary();
  const today = new Date().toISOString().slice(0, 10);
  const rows: Row[] = [];
  const timedOut: string[] = [];
  let worstGrowth = 0;
  const measure = async (name: string, make: (size: number) => string, runOn: (text: string) => Promise<unknown>) => {
    const times: number[] = [];
    for (const size of SIZES) {
      const text = make(size);
      // The faster of two runs, so that a pause of the machine is not taken for the engine's growth.
      let best = Number.POSITIVE_INFINITY;
      try {
        for (let run = 0; run < 2; run++) {
          const started = performance.now();
          await runOn(text);
          best = Math.min(best, performance.now() - started);
        }
      } catch (error) {
        if (!(error instanceof EngineLimitError)) throw error;
        timedOut.push(`${name}, ${size.toLocaleString('en-GB')} characters`);
        break;
      }
      times.push(best);
    }
    const base = times[0] ?? Number.NaN;
    for (const [index, ms] of times.entries()) {
      const size = SIZES[index] ?? 0;
      rows.push({
        name: `${name}, ${size.toLocaleString('en-GB')} chars`,
        n: 2,
        p50: ms,
        p95: ms,
        ...(index === 0 ? {} : { ratio: { p50: ms / base, p95: ms / base } }),
      });
    }
    const [, hundred, fourHundred] = times;
    // Growth is read where the work is measurable: an input the engine passes over in a few
    // milliseconds (one line with no spaces) gives a ratio of timer and collector noise.
    if (hundred !== undefined && fourHundred !== undefined && fourHundred >= MEASURABLE_MS)
      worstGrowth = Math.max(worstGrowth, fourHundred / hundred / 4);
  };
  try {
    // One run of each first, so that starting the worker and loading the engines is not timed.
    await pool.write({ transcript: readTranscript(TRANSCRIPT), kind: 'minutes', library: writeLibrary, today });
    for (const [name, make] of Object.entries(TRANSCRIPTS)) {
      await measure(`write: ${name}`, make, async (text) => {
        const reading = await pool.transcript({ text, limits: { maxBytes: 4 * text.length, maxCharacters: text.length, maxSpeakers: 60 } });
        if (!('transcript' in reading)) return;
        await pool.write({ transcript: reading.transcript, kind: 'minutes', library: writeLibrary, today });
      });
    }
    for (const [name, make] of Object.entries(POLICIES)) {
      await measure(`review: ${name}`, make, async (text) => {
        const elements = parseMarkdown(text).map((element, index) => ({ ...element, index, page: 1 }));
        await pool.review({ policy: { title: null, elements }, library: reviewLibrary, today });
      });
    }
  } finally {
    await pool.close();
  }
  return { rows, worstGrowth, timedOut };
}
