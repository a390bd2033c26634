/**
 * Chat latency on the seed corpus (in-memory PGlite), over the dev-set questions: passage
 * retrieval, the built-in engine's first token, and the provider engine's own overhead — the time
 * from the question to the completion request arriving at a fake OpenAI-compatible server in the
 * same process (retrieval and prompt building; the model's own time is not ours to measure).
 * Baseline: a plain indexed lookup by code on the same database in the same run.
 */
import { eq } from 'drizzle-orm';
import { answerWithBuiltinEngine } from '../apps/server/src/ai/builtin/engine.ts';
import { answerWithProvider } from '../apps/server/src/ai/provider-engine.ts';
import type { ProviderSettings } from '../apps/server/src/core/provider/settings.ts';
import { retrievePassages } from '../apps/server/src/ai/retrieval.ts';
import { documents } from '../apps/server/src/db/schema.ts';
import { DEV_SET_PATH, loadDevSet, openEvalLibrary } from '../apps/server/src/eval/dev-set.ts';
import { startFakeOpenAI } from '../apps/server/src/test/fake-openai.ts';
import { type Row, summarise, timeIt } from './stats.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export interface ChatBenchResult {
  rows: Row[];
  questions: number;
  /** p95 of each measured part, in milliseconds. */
  retrievalP95: number;
  firstTokenP95: number;
  providerOverheadP95: number;
}

/** Milliseconds from calling an engine to its first token; the rest of the answer is drained. */
async function firstToken(events: AsyncGenerator<{ type: string }>): Promise<number> {
  const start = performance.now();
  let first = Number.NaN;
  for await (const event of events) {
    if (event.type === 'token' && Number.isNaN(first)) first = performance.now() - start;
  }
  return first;
}

export async function benchChat(): Promise<ChatBenchResult> {
  const questions = loadDevSet(DEV_SET_PATH);
  const { handle, organisationId } = await openEvalLibrary('Bench Trust');
  const fake = await startFakeOpenAI();
  fake.replyWith({ kind: 'text', text: 'The sources say so [1].' });
  try {
    const db = handle.db;
    const settings: ProviderSettings = {
      provider: 'openai-compatible',
      model: 'bench-model',
      baseUrl: fake.url,
      timeoutMs: 10_000,
      maxRetries: 0,
      maxContextTokens: 16_000,
    };
    const codes = (await db.select({ code: documents.code }).from(documents).limit(100)).map((row) => row.code);
    const lookup = (code: string) => db.select().from(documents).where(eq(documents.code, code));
    const ask = (question: string) => ({ db, organisationId, question, includeInternal: true });

    // Warm-up: plans, caches and JIT for every measured path and the baseline.
    for (const entry of questions) {
      await retrievePassages(ask(entry.question));
      await firstToken(answerWithBuiltinEngine(ask(entry.question)));
    }
    for (const code of codes.slice(0, 20)) await lookup(code);
    for (const entry of questions.slice(0, 5)) await firstToken(answerWithProvider(settings, ask(entry.question)));

    const baselineTimes: number[] = [];
    const retrievalTimes: number[] = [];
    const firstTokenTimes: number[] = [];
    const overheadTimes: number[] = [];
    const ownTimes: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const code of codes) baselineTimes.push(await timeIt(() => lookup(code)));
      for (const entry of questions) retrievalTimes.push(await timeIt(() => retrievePassages(ask(entry.question))));
      for (const entry of questions) firstTokenTimes.push(await firstToken(answerWithBuiltinEngine(ask(entry.question))));
      for (const entry of questions) {
        const before = fake.requests.length;
        let retrievalMs = 0;
        const start = performance.now();
        const options = { ...ask(entry.question), onRetrieval: (retrieval: { elapsedMs: number }) => (retrievalMs = retrieval.elapsedMs) };
        for await (const _ of answerWithProvider(settings, options)) {
          // Drained: the overhead is read from the fake server's clock below.
        }
        const request = fake.requests[before];
        // A question the library cannot answer never reaches the provider: it has no overhead to measure.
        if (request) {
          overheadTimes.push(request.receivedAt - start);
          ownTimes.push(request.receivedAt - start - retrievalMs);
        }
      }
    }
    const baseline = summarise('chat: lookup by code (baseline)', baselineTimes);
    const rows = [
      baseline,
      summarise(`chat: retrieval, ${questions.length} questions × ${ROUNDS}`, retrievalTimes, baseline),
      summarise('chat: built-in engine, first token', firstTokenTimes, baseline),
      summarise('chat: provider engine, request → provider call', overheadTimes, baseline),
      summarise('chat: … of which prompt, SDK and HTTP', ownTimes, baseline),
    ];
    return {
      rows,
      questions: questions.length,
      retrievalP95: rows[1]?.p95 ?? Number.NaN,
      firstTokenP95: rows[2]?.p95 ?? Number.NaN,
      providerOverheadP95: rows[3]?.p95 ?? Number.NaN,
    };
  } finally {
    await fake.close();
    await handle.close();
  }
}
