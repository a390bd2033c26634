/**
 * The built-in writing engine on a 60-minute (~10,000 words) and a 2-hour (~20,000 words) meeting:
 * the sample transcript repeated to that length, read, turned
 * into findings and composed into the editor's document — everything the job does but store. The
 * baseline is reading the transcript alone, the least any generation must do.
 */
import { readFileSync } from 'node:fs';
import { libraryCodes } from '../apps/server/src/eval/write-set.ts';
import { builtinWriteEngine } from '../apps/server/src/write/builtin.ts';
import { composeContent } from '../apps/server/src/write/content.ts';
import { readTranscript } from '../apps/server/src/write/transcript.ts';
import { type Row, summarise, timeIt } from './stats.ts';

const RUNS = Number(process.env.BENCH_WRITE_RUNS ?? 5);
const SAMPLE = readFileSync(new URL('../apps/server/src/modules/write/sample-transcript.txt', import.meta.url), 'utf8');

function meetingOf(words: number): string {
  const sampleWords = SAMPLE.split(/\s+/).length;
  return Array.from({ length: Math.ceil(words / sampleWords) }, () => SAMPLE).join('\n');
}

export async function benchWrite(): Promise<{ rows: Row[]; hourMs: number; twoHourMs: number }> {
  const library = libraryCodes();
  const today = new Date().toISOString().slice(0, 10);
  const rows: Row[] = [];
  const p95 = new Map<number, number>();
  for (const [label, words] of [
    ['60-minute', 10_000],
    ['2-hour', 20_000],
  ] as const) {
    const text = meetingOf(words);
    const generate = async () => {
      const transcript = readTranscript(text);
      const findings = await builtinWriteEngine.findings({ transcript, kind: 'minutes', library, today }, {});
      return composeContent(findings, 'minutes');
    };
    await generate();
    const read: number[] = [];
    const whole: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      read.push(await timeIt(() => readTranscript(text)));
      whole.push(await timeIt(generate));
    }
    const baseline = summarise(`write ${label}: read the transcript (baseline)`, read);
    const row = summarise(`write ${label}: transcript → minutes (${text.split(/\s+/).length} words)`, whole, baseline);
    rows.push(baseline, row);
    p95.set(words, row.p95);
  }
  return { rows, hourMs: p95.get(10_000) ?? Number.NaN, twoHourMs: p95.get(20_000) ?? Number.NaN };
}
