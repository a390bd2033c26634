import { generateText, type LanguageModel, streamText } from 'ai';
import { citationOf } from './builtin/cite.ts';
import { draftSubject } from './builtin/draft.ts';
import { type BuiltinEngineOptions, chunkText, filterExcluded, nothingRelevantText } from './builtin/engine.ts';
import type { ChatEngineEvent, Citation } from './citations.ts';
import { readRework } from './question/rework.ts';
import { semanticSearch } from './embeddings.ts';
import { buildPrompt, buildReworkPrompt, buildRewritePrompt, type ChatTurn, cleanRewrittenQuery, type PromptMessage } from './prompt.ts';
import { type RetrievalResult, retrievePassages } from './retrieval.ts';
import { CONTENT_PARTS, classifyFailure, ProviderCall, ProviderError } from '../core/provider/call.ts';
import { providerModel } from '../core/provider/models.ts';
import type { ProviderSettings } from '../core/provider/settings.ts';

export interface ChatEngineOptions extends BuiltinEngineOptions {
  /** The conversation before the question, oldest first (questions and answers). */
  conversation?: readonly ChatTurn[];
}

const REWRITE_MAX_TOKENS = 80;
const ANSWER_MAX_TOKENS = 2000;
const MARKER_HOLD_MAX = 16;
/** A marker as models write them: "[2]", "[1, 3]", "[2-4]" (a range of at most ten). */
const MARKER_RUN = /(\s*)\[(\d{1,3}(?:\s*[-–]\s*\d{1,3})?(?:\s*,\s*\d{1,3}(?:\s*[-–]\s*\d{1,3})?)*)\]/g;
const MAX_RANGE = 10;

function markerNumbers(list: string): number[] {
  return list.split(',').flatMap((item) => {
    const [from, to = from] = item.split(/[-–]/).map((part) => Number(part.trim()));
    if (from === undefined || to === undefined || to < from || to - from >= MAX_RANGE) return [];
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  });
}

/**
 * Citation markers checked as the answer streams. Text is passed on except a tail that could still
 * become a marker (trailing white space, or "[1" / "[1, " not yet closed), held until the next
 * piece settles it. A complete marker ("[2]", "[1, 3]") keeps only the numbers of sources given,
 * renumbered in order of first use ("[1, 3]" and "[2-4]" become runs of single markers); a marker
 * left with none disappears with the space before it.
 */
export class MarkerFilter {
  /** Source number → the number shown in the answer. */
  readonly numbers = new Map<number, number>();
  private readonly sourceCount: number;
  private pending = '';

  constructor(sourceCount: number) {
    this.sourceCount = sourceCount;
  }

  push(text: string): string {
    const buffer = this.pending + text;
    const tail = /\s*(?:\[[\d,\s\-–]*)?$/.exec(buffer);
    const hold = tail && tail[0].length <= MARKER_HOLD_MAX ? tail[0].length : 0;
    this.pending = buffer.slice(buffer.length - hold);
    return this.rewrite(buffer.slice(0, buffer.length - hold));
  }

  /** The rest of the answer, once the stream has ended. */
  end(): string {
    const rest = this.rewrite(this.pending);
    this.pending = '';
    return rest;
  }

  private rewrite(text: string): string {
    return text.replace(MARKER_RUN, (_, space: string, list: string) => {
      const shown: number[] = [];
      for (const source of markerNumbers(list)) {
        if (source < 1 || source > this.sourceCount) continue;
        let n = this.numbers.get(source);
        if (n === undefined) {
          n = this.numbers.size + 1;
          this.numbers.set(source, n);
        }
        if (!shown.includes(n)) shown.push(n);
      }
      return shown.length > 0 ? `${space}${shown.map((n) => `[${n}]`).join('')}` : '';
    });
  }
}

/**
 * The search query for a follow-up: the model rewrites it into a standalone query. A provider that
 * times out ends the answer (the same provider would be asked next); any other failure, or an
 * unusable reply, falls back to the built-in query building (the earlier questions' terms carried).
 */
async function rewriteQuery(
  model: LanguageModel,
  settings: ProviderSettings,
  question: string,
  history: readonly string[],
  signal: AbortSignal | undefined,
): Promise<string | null> {
  const call = new ProviderCall(settings.timeoutMs, signal);
  const { system, prompt } = buildRewritePrompt(question, history);
  try {
    const result = await generateText({
      model,
      instructions: system,
      prompt,
      maxOutputTokens: REWRITE_MAX_TOKENS,
      temperature: 0,
      maxRetries: 0,
      abortSignal: call.signal,
    });
    return cleanRewrittenQuery(result.text);
  } catch (error) {
    if (call.timedOut) throw classifyFailure(error, settings, true);
    return null;
  } finally {
    call.end();
  }
}

/**
 * Streams an answer as token events, then its citations, then done — the same events, options
 * and abort behaviour as answerWithBuiltinEngine.
 */
export async function* answerWithProvider(settings: ProviderSettings, options: ChatEngineOptions): AsyncGenerator<ChatEngineEvent> {
  const { signal } = options;
  const mode = options.mode ?? 'answer';
  if (signal?.aborted) return;
  const model = providerModel(settings);
  const history = options.history ?? [];

  const previous = options.previous;
  const rework = previous && previous.citations.length > 0 ? readRework(options.question) : null;
  if (rework && previous) {
    // A follow-up asking for the previous answer in another form: the model is given that answer
    // and the passages it cited (as the numbered sources), and cites them again.
    const prompt = buildReworkPrompt({ request: options.question, previous, maxContextTokens: settings.maxContextTokens });
    options.onRework?.();
    yield* streamAnswer(model, settings, signal, prompt, (source, n) => {
      const citation = prompt.citations[source - 1];
      return citation ? { ...citation, n } : null;
    });
    return;
  }

  let question = options.question;
  let retrievalHistory: readonly string[] = history;
  if (history.length > 0) {
    const rewritten = await rewriteQuery(model, settings, options.question, history, signal);
    if (signal?.aborted) return;
    if (rewritten) {
      question = rewritten;
      retrievalHistory = [];
    }
  }
  // Everything the built-in engine passes to retrieval (scope, filters, attachments) is passed as given.
  const { signal: _signal, onRetrieval, onRework: _onRework, conversation, mode: _mode, previous: _previous, ...scope } = options;
  const retrieval: RetrievalResult = await retrievePassages({
    ...scope,
    question: mode === 'draft' ? draftSubject(question) : question,
    history: retrievalHistory,
    semantic: settings.embeddings
      ? semanticSearch({ settings: settings.embeddings, db: options.db, organisationId: options.organisationId, signal })
      : undefined,
  });
  if (signal?.aborted) return;

  if (retrieval.passages.length === 0) {
    onRetrieval?.(retrieval);
    const excluded = await filterExcluded(options, retrieval);
    if (signal?.aborted) return;
    for (const chunk of chunkText(nothingRelevantText(retrieval, excluded))) {
      if (signal?.aborted) return;
      yield { type: 'token', text: chunk };
    }
    yield { type: 'citations', citations: [] };
    yield { type: 'done' };
    return;
  }

  const built = buildPrompt({
    question: options.question,
    mode,
    passages: retrieval.passages,
    conversation,
    maxContextTokens: settings.maxContextTokens,
  });
  const prompt = { ...built, sourceCount: built.passages.length };
  // The audit record lists exactly the sources the model was given.
  onRetrieval?.({ ...retrieval, passages: prompt.passages });

  yield* streamAnswer(model, settings, signal, prompt, (source, n) => {
    const passage = prompt.passages[source - 1];
    return passage ? citationOf(passage, n) : null;
  });
}

/**
 * The model's answer to a prompt, streamed with its markers checked (MarkerFilter), then the
 * citations of the sources it used, numbered as shown, then done.
 */
async function* streamAnswer(
  model: LanguageModel,
  settings: ProviderSettings,
  signal: AbortSignal | undefined,
  prompt: { system: string; messages: PromptMessage[]; sourceCount: number },
  citationFor: (source: number, n: number) => Citation | null,
): AsyncGenerator<ChatEngineEvent> {
  const call = new ProviderCall(settings.timeoutMs, signal);
  const markers = new MarkerFilter(prompt.sourceCount);
  let written = '';
  let failure: unknown = null;
  try {
    const result = streamText({
      model,
      instructions: prompt.system,
      messages: prompt.messages,
      maxOutputTokens: ANSWER_MAX_TOKENS,
      temperature: 0.1,
      maxRetries: settings.maxRetries,
      abortSignal: call.signal,
      // Errors arrive as stream parts below; the default would print them, prompt and all, to the console.
      onError: () => {},
    });
    for await (const part of result.stream) {
      // Only what the model writes counts as the provider answering (not the SDK's own start or ping parts).
      if (CONTENT_PARTS.has(part.type)) call.touch();
      if (part.type === 'text-delta') {
        const text = markers.push(part.text);
        if (text.length > 0) {
          written += text;
          yield { type: 'token', text };
        }
      } else if (part.type === 'error') {
        failure = part.error;
        break;
      } else if (part.type === 'abort') {
        break;
      }
    }
  } catch (error) {
    failure = error;
  } finally {
    call.end();
  }
  if (signal?.aborted) return;
  if (failure !== null || call.timedOut) throw classifyFailure(failure, settings, call.timedOut);
  const rest = markers.end();
  if (rest.length > 0) {
    written += rest;
    yield { type: 'token', text: rest };
  }
  if (written.trim().length === 0) throw new ProviderError('unavailable', `AI provider ${settings.provider} returned an empty answer`);
  const citations = [...markers.numbers.entries()]
    .sort((a, b) => a[1] - b[1])
    .flatMap(([source, n]) => {
      const citation = citationFor(source, n);
      return citation ? [citation] : [];
    });
  yield { type: 'citations', citations };
  yield { type: 'done' };
}
