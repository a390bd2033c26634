/**
 * The provider engine: the same retrieval as the built-in engine, then a language model (through
 * the Vercel AI SDK) writes the answer from the retrieved passages, given as numbered untrusted
 * sources (prompt.ts). Its [n] markers are checked as they stream: a marker pointing at no source
 * given is removed before anyone sees it, and the markers kept are renumbered in order of first use,
 * so citations read [1], [2], … like the built-in engine's. When retrieval finds nothing relevant
 * the model is not called at all: the answer is the built-in engine's plain "nothing relevant" text.
 *
 * A provider that fails, cannot be reached or goes quiet for AI_TIMEOUT_MS ends the answer with a
 * ChatEngineError; the caller turns it into a catalogue error and stores nothing but an error mark.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, type LanguageModel, RetryError, streamText } from 'ai';
import type { AiProvider } from '../config.ts';
import { citationOf } from './builtin/cite.ts';
import { draftSubject } from './builtin/draft.ts';
import { type BuiltinEngineOptions, chunkText, nothingRelevantText } from './builtin/engine.ts';
import type { ChatEngineEvent } from './citations.ts';
import { type EmbeddingSettings, semanticSearch } from './embeddings.ts';
import { buildPrompt, buildRewritePrompt, type ChatTurn, cleanRewrittenQuery } from './prompt.ts';
import { type RetrievalResult, retrievePassages } from './retrieval.ts';

export interface ProviderSettings {
  provider: AiProvider;
  model: string;
  baseUrl?: string;
  /** A secret: kept out of errors and logs. */
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
  maxContextTokens: number;
  /** Set when AI_EMBEDDING_MODEL is: documents are ranked by fusing lexical and semantic rankings. */
  embeddings?: EmbeddingSettings;
}

export interface ChatEngineOptions extends BuiltinEngineOptions {
  /** The conversation before the question, oldest first (questions and answers). */
  conversation?: readonly ChatTurn[];
}

export type ChatEngineFailure = 'timeout' | 'unavailable' | 'busy' | 'refused';

/**
 * A provider failure. Its message is for the server log and names only the provider, the kind of
 * failure and the HTTP status — never the prompt, the passages or the key.
 */
export class ChatEngineError extends Error {
  readonly kind: ChatEngineFailure;
  readonly status: number | null;
  constructor(kind: ChatEngineFailure, message: string, status: number | null = null) {
    super(message);
    this.name = 'ChatEngineError';
    this.kind = kind;
    this.status = status;
  }
}

const REWRITE_MAX_TOKENS = 80;
const ANSWER_MAX_TOKENS = 2000;
const MARKER_HOLD_MAX = 16;
/** The stream parts that are the model writing: only these count as the provider answering (not the SDK's start or ping parts). */
export const CONTENT_PARTS: ReadonlySet<string> = new Set([
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
]);

/** The AI SDK model for the settings; AI_BASE_URL overrides each provider's default address. */
export function providerModel(settings: ProviderSettings): LanguageModel {
  const { provider, model, baseUrl, apiKey } = settings;
  switch (provider) {
    case 'openai':
      // Chat Completions: the protocol OpenAI and every OpenAI-style gateway speak.
      return createOpenAI({ apiKey, baseURL: baseUrl }).chat(model);
    case 'azure':
      // AI_BASE_URL is the resource's endpoint (https://{resource}.openai.azure.com/openai); AI_MODEL the deployment.
      return createAzure({ apiKey, baseURL: baseUrl }).chat(model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: baseUrl }).languageModel(model);
    case 'openai-compatible':
      // Structured output (the writing assistant) asks for response_format json_schema, which current
      // OpenAI-style servers (Ollama, vLLM, llama.cpp, LM Studio, LiteLLM) accept; plain text is unchanged.
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: baseUrl ?? '',
        apiKey,
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(model);
  }
}

/**
 * One provider call's abort signal: the client's, plus a timer that fires when the provider has
 * been silent for the timeout (restarted by every streamed piece), so a long answer that keeps
 * streaming is never cut off while a provider that stops answering is. The writing assistant's
 * structured calls use it too.
 */
export class ProviderCall {
  readonly signal: AbortSignal;
  timedOut = false;
  private readonly controller = new AbortController();
  private readonly timeoutMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(timeoutMs: number, clientSignal: AbortSignal | undefined) {
    this.timeoutMs = timeoutMs;
    this.signal = clientSignal ? AbortSignal.any([this.controller.signal, clientSignal]) : this.controller.signal;
    this.touch();
  }

  touch(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('the AI provider timed out'));
    }, this.timeoutMs);
  }

  /** Ends the call: the timer stops and a request still open is aborted (the connection closes). */
  end(): void {
    clearTimeout(this.timer);
    if (!this.controller.signal.aborted) this.controller.abort(new Error('the answer ended'));
  }
}

/** Text safe for a log line: the key and anything key-like removed, one line, short. */
function scrub(text: string, apiKey: string | undefined): string {
  let clean = text.replace(/\s+/g, ' ');
  if (apiKey && apiKey.length >= 4) clean = clean.split(apiKey).join('[redacted]');
  return clean.replace(/\b(sk|key|pk|rk)[-_][A-Za-z0-9_*.-]{6,}/gi, '[redacted]').slice(0, 200);
}

/** Any failure of a provider call as a ChatEngineError. */
export function classifyFailure(
  error: unknown,
  settings: Pick<ProviderSettings, 'provider' | 'apiKey'>,
  timedOut: boolean,
): ChatEngineError {
  const who = `AI provider ${settings.provider}`;
  if (error instanceof ChatEngineError) return error;
  if (timedOut) return new ChatEngineError('timeout', `${who} did not answer in time`);
  const last = RetryError.isInstance(error) ? error.lastError : error;
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ?? null;
    const detail = `${who} answered HTTP ${status ?? 'without a status'}: ${scrub(last.message, settings.apiKey)}`;
    if (status === 429) return new ChatEngineError('busy', detail, status);
    if (status === 401 || status === 403) return new ChatEngineError('refused', `${detail} (check AI_API_KEY)`, status);
    if (status === 408 || status === 504) return new ChatEngineError('timeout', detail, status);
    return new ChatEngineError('unavailable', detail, status);
  }
  const name = last instanceof Error ? last.name : typeof last;
  const message = last instanceof Error ? scrub(last.message, settings.apiKey) : '';
  return new ChatEngineError('unavailable', `${who} could not be reached (${name}${message ? `: ${message}` : ''})`);
}

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
  const { signal: _signal, onRetrieval, conversation, mode: _mode, ...scope } = options;
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
    for (const chunk of chunkText(nothingRelevantText(retrieval))) {
      if (signal?.aborted) return;
      yield { type: 'token', text: chunk };
    }
    yield { type: 'citations', citations: [] };
    yield { type: 'done' };
    return;
  }

  const prompt = buildPrompt({
    question: options.question,
    mode,
    passages: retrieval.passages,
    conversation,
    maxContextTokens: settings.maxContextTokens,
  });
  // The audit record lists exactly the sources the model was given.
  onRetrieval?.({ ...retrieval, passages: prompt.passages });

  const call = new ProviderCall(settings.timeoutMs, signal);
  const markers = new MarkerFilter(prompt.passages.length);
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
  if (written.trim().length === 0) throw new ChatEngineError('unavailable', `AI provider ${settings.provider} returned an empty answer`);
  const citations = [...markers.numbers.entries()]
    .sort((a, b) => a[1] - b[1])
    .flatMap(([source, n]) => {
      const passage = prompt.passages[source - 1];
      return passage ? [citationOf(passage, n)] : [];
    });
  yield { type: 'citations', citations };
  yield { type: 'done' };
}
