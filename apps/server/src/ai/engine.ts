/**
 * Which engine answers chat questions on this server: the built-in offline engine, or the provider
 * engine when AI_PROVIDER is set (config.ts checks the AI_* settings at start-up). Both stream the
 * same events from the same options, so the messages endpoint and the UI treat them alike.
 */
import { type ApiErrorBody, type ChatConfigResponse, ERROR_CODES } from '@verity/shared';
import type { AiProvider, Config } from '../config.ts';
import { answerWithBuiltinEngine } from './builtin/engine.ts';
import type { ChatEngineEvent } from './citations.ts';
import type { EmbeddingSettings } from './embeddings.ts';
import type { ChatTurn } from './prompt.ts';
import { answerWithProvider, ChatEngineError, type ChatEngineOptions, type ProviderSettings } from './provider-engine.ts';

export interface ChatEngine {
  /** Recorded on every answer: 'builtin' or 'provider:{provider}:{model}'. */
  id: string;
  kind: 'builtin' | 'provider';
  /** A short name for the badge. */
  label: string;
  answer(options: ChatEngineOptions): AsyncGenerator<ChatEngineEvent>;
}

const BUILTIN_ENGINE_ID = 'builtin';
const BUILTIN_ENGINE_LABEL = 'Built-in engine (offline)';

const PROVIDER_NAMES: Record<AiProvider, string> = {
  openai: 'OpenAI',
  azure: 'Azure OpenAI',
  anthropic: 'Anthropic',
  'openai-compatible': 'OpenAI-compatible',
};

export type EngineConfig = Pick<
  Config,
  | 'AI_PROVIDER'
  | 'AI_MODEL'
  | 'AI_BASE_URL'
  | 'AI_API_KEY'
  | 'AI_TIMEOUT_MS'
  | 'AI_MAX_RETRIES'
  | 'AI_MAX_CONTEXT_TOKENS'
  | 'AI_EMBEDDING_MODEL'
>;

/** How to reach the provider, shared by its chat and embedding models. */
function connectionOf(config: EngineConfig): Pick<ProviderSettings, 'baseUrl' | 'apiKey' | 'timeoutMs' | 'maxRetries'> {
  return { baseUrl: config.AI_BASE_URL, apiKey: config.AI_API_KEY, timeoutMs: config.AI_TIMEOUT_MS, maxRetries: config.AI_MAX_RETRIES };
}

/** The embedding settings the configuration selects, or null when search stays lexical. */
export function embeddingSettingsFor(config: EngineConfig): EmbeddingSettings | null {
  const provider = config.AI_PROVIDER;
  const model = config.AI_EMBEDDING_MODEL;
  // config.ts refuses AI_EMBEDDING_MODEL with anthropic, which has no embeddings.
  if (!provider || provider === 'anthropic' || !model) return null;
  return { provider, model, ...connectionOf(config) };
}

/** The offline engine, which answers with quoted passages of the library. */
export const builtinEngine: ChatEngine = {
  id: BUILTIN_ENGINE_ID,
  kind: 'builtin',
  label: BUILTIN_ENGINE_LABEL,
  answer: answerWithBuiltinEngine,
};

/**
 * The provider the configuration selects, or null when the built-in engines work offline. The chat
 * and the writing assistant both reach the provider with these settings.
 */
export function providerSettingsFor(config: EngineConfig): ProviderSettings | null {
  const provider = config.AI_PROVIDER;
  const model = config.AI_MODEL;
  if (!provider || !model) return null;
  return {
    provider,
    model,
    ...connectionOf(config),
    maxContextTokens: config.AI_MAX_CONTEXT_TOKENS,
    embeddings: embeddingSettingsFor(config) ?? undefined,
  };
}

/** The engine the configuration selects. */
export function chatEngineFor(config: EngineConfig): ChatEngine {
  const settings = providerSettingsFor(config);
  if (!settings) return builtinEngine;
  return {
    id: `provider:${settings.provider}:${settings.model}`,
    kind: 'provider',
    label: `${PROVIDER_NAMES[settings.provider]} · ${settings.model}`,
    answer: (options) => answerWithProvider(settings, options),
  };
}

/** The engine as GET /api/chat/config describes it. */
export function describeEngine(engine: ChatEngine): ChatConfigResponse['engine'] {
  return { id: engine.id, kind: engine.kind, label: engine.label };
}

/** What the user is told when an answer fails: a catalogue error, worded for the failure. */
export function engineFailureBody(error: unknown, requestId: string): ApiErrorBody {
  if (error instanceof ChatEngineError) {
    if (error.kind === 'timeout') {
      return {
        error_code: ERROR_CODES.upstreamTimeout.code,
        error_title: ERROR_CODES.upstreamTimeout.title,
        message: 'The AI provider did not answer in time. Please try again.',
        request_id: requestId,
      };
    }
    const messages: Record<Exclude<ChatEngineError['kind'], 'timeout'>, string> = {
      busy: 'The AI provider is busy. Please wait a moment and try again.',
      refused: 'The AI provider refused the request. Please ask your administrator to check the AI settings.',
      unavailable: 'The AI provider could not answer just now. Please try again shortly.',
    };
    return {
      error_code: ERROR_CODES.serviceUnavailable.code,
      error_title: ERROR_CODES.serviceUnavailable.title,
      message: messages[error.kind],
      request_id: requestId,
    };
  }
  return {
    error_code: ERROR_CODES.serviceUnavailable.code,
    error_title: ERROR_CODES.serviceUnavailable.title,
    message: 'The answer could not be completed. Please try again.',
    request_id: requestId,
  };
}

/**
 * The conversation before a question, from its messages in order: the earlier questions (for
 * query building) and the questions with their answers (for the provider's prompt). Failed answers
 * are left out.
 */
export function conversationOf(messages: readonly { role: 'user' | 'assistant'; content: string; status: string }[]): {
  history: string[];
  conversation: ChatTurn[];
} {
  return {
    history: messages.filter((message) => message.role === 'user').map((message) => message.content),
    conversation: messages
      .filter((message) => message.role === 'user' || (message.status !== 'error' && message.content.trim().length > 0))
      .map((message) => ({ role: message.role, content: message.content })),
  };
}
