/**
 * One structured request to the provider (the writing and review engines' shared piece), through the chat's client (providerModel, ProviderCall,
 * classifyFailure): the answer is asked for as JSON in a schema (response_format json_schema where
 * the provider offers it, Anthropic's JSON tool otherwise), streamed so AI_TIMEOUT_MS measures
 * silence as for the chat, then parsed and validated here with zod whatever the provider promised.
 *
 * An answer that is not JSON or not in the schema is asked for once more, with the validation
 * error; a second bad answer is reported to the caller, which falls back. A provider that fails,
 * cannot be reached or goes quiet throws a ProviderError (its message scrubbed of the key); so
 * does any HTTP refusal except one of this request's content (400, 413, 422), which is reported
 * like a bad answer, since the next chunk may well pass.
 */
import { type LanguageModel, type ModelMessage, Output, streamText } from 'ai';
import { z } from 'zod';
import { classifyFailure, CONTENT_PARTS, ProviderCall, ProviderError } from './call.ts';
import type { ProviderSettings } from './settings.ts';

export type StructuredAnswer<T> = { ok: true; value: T } | { ok: false; problem: string };

export interface StructuredRequest<T> {
  settings: ProviderSettings;
  model: LanguageModel;
  /** Names the schema for providers that take a name (json_schema's name, the JSON tool's). */
  name: string;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  maxOutputTokens: number;
  signal?: AbortSignal;
}

/** The statuses that refuse this request's content (too long, filtered, malformed) rather than every request. */
const CONTENT_REFUSALS: ReadonlySet<number> = new Set([400, 413, 422]);
/** How much of a bad answer is shown back to the model with the retry. */
const ECHO_MAX_CHARACTERS = 8000;
const PROBLEM_MAX_CHARACTERS = 1500;

/**
 * The JSON object in a model's answer: the whole text, or the object inside a ```json fence or
 * after a sentence of preamble, which some models add even in JSON mode.
 */
function jsonIn(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed);
  } catch (error) {
    const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(trimmed)?.[1];
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    const inner = fenced ?? (start >= 0 && end > start ? trimmed.slice(start, end + 1) : null);
    if (inner === null || inner === trimmed) throw error;
    return JSON.parse(inner);
  }
}

/** The answer validated against the schema, or what is wrong with it in words a model can act on. */
export function parseStructured<T>(text: string, schema: z.ZodType<T>): StructuredAnswer<T> {
  if (text.trim().length === 0) return { ok: false, problem: 'the answer was empty.' };
  let value: unknown;
  try {
    value = jsonIn(text);
  } catch (error) {
    return { ok: false, problem: `it is not valid JSON (${error instanceof Error ? error.message : 'unreadable'}).` };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, problem: `it does not match the required shape:\n${z.prettifyError(parsed.error).slice(0, PROBLEM_MAX_CHARACTERS)}` };
}

/** One streamed request; the text the model wrote, or a ProviderError. */
async function streamAnswer<T>(request: StructuredRequest<T>, messages: ModelMessage[]): Promise<string> {
  const { settings, signal } = request;
  const call = new ProviderCall(settings.timeoutMs, signal);
  let text = '';
  let failure: unknown = null;
  try {
    const result = streamText({
      model: request.model,
      instructions: request.system,
      messages,
      output: Output.object({ schema: request.schema, name: request.name }),
      maxOutputTokens: request.maxOutputTokens,
      temperature: 0,
      maxRetries: settings.maxRetries,
      abortSignal: call.signal,
      // Errors arrive as stream parts below; the default would print them, prompt and all, to the console.
      onError: () => {},
    });
    for await (const part of result.stream) {
      if (CONTENT_PARTS.has(part.type)) call.touch();
      if (part.type === 'text-delta') text += part.text;
      else if (part.type === 'error') {
        failure = part.error;
        break;
      } else if (part.type === 'abort') break;
    }
  } catch (error) {
    failure = error;
  } finally {
    call.end();
  }
  signal?.throwIfAborted();
  if (failure !== null || call.timedOut) throw classifyFailure(failure, settings, call.timedOut);
  return text;
}

/** What the model is told when its answer could not be used. */
export function retryPrompt(problem: string): string {
  return `That answer could not be used: ${problem}\nAnswer again with one JSON object only, exactly in the required shape.`;
}

/** The answer, asked for once more with the validation error when the first cannot be used. */
export async function requestStructured<T>(request: StructuredRequest<T>): Promise<StructuredAnswer<T>> {
  const messages: ModelMessage[] = [{ role: 'user', content: request.prompt }];
  let answer: StructuredAnswer<T> = { ok: false, problem: 'no answer.' };
  for (let attempt = 1; attempt <= 2; attempt++) {
    let text: string;
    try {
      text = await streamAnswer(request, messages);
    } catch (error) {
      if (error instanceof ProviderError && error.status !== null && CONTENT_REFUSALS.has(error.status)) {
        return { ok: false, problem: error.message };
      }
      throw error;
    }
    answer = parseStructured(text, request.schema);
    if (answer.ok) return answer;
    if (text.trim().length > 0) messages.push({ role: 'assistant', content: text.slice(0, ECHO_MAX_CHARACTERS) });
    messages.push({ role: 'user', content: retryPrompt(answer.problem) });
  }
  return answer;
}
