/**
 * Which engine answers chat questions on this server: the built-in offline engine, or the provider
 * engine when AI_PROVIDER is set (config.ts checks the AI_* settings at start-up). Both stream the
 * same events from the same options, so the messages endpoint and the UI treat them alike.
 */
import type { ChatConfigResponse, ChatSourceRecord } from '@verity/shared';
import type { AiProvider } from '../config.ts';
import { answerWithBuiltinEngine } from './builtin/engine.ts';
import type { ChatEngineEvent, Citation } from './citations.ts';
import type { PreviousAnswer } from './builtin/rework.ts';
import type { ChatTurn } from './prompt.ts';
import { answerWithProvider, type ChatEngineOptions } from './provider-engine.ts';
import { type EngineConfig, providerSettingsFor } from '../core/provider/settings.ts';

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

/** The offline engine, which answers with quoted passages of the library. */
export const builtinEngine: ChatEngine = {
  id: BUILTIN_ENGINE_ID,
  kind: 'builtin',
  label: BUILTIN_ENGINE_LABEL,
  answer: answerWithBuiltinEngine,
};

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

/**
 * The conversation before a question, from its messages in order: the earlier questions (for
 * query building), the questions with their answers (for the provider's prompt), and the last
 * answer with the question it answered and its citations (what a follow-up such as "summarise
 * that" reworks). Failed answers are left out.
 */
export function conversationOf(
  messages: readonly {
    role: 'user' | 'assistant';
    content: string;
    status: string;
    citations?: readonly Citation[];
    sources?: readonly ChatSourceRecord[];
  }[],
): {
  history: string[];
  conversation: ChatTurn[];
  previous: PreviousAnswer | null;
} {
  let previous: PreviousAnswer | null = null;
  messages.forEach((message, i) => {
    if (message.role !== 'assistant' || message.status !== 'complete' || message.content.trim().length === 0) return;
    const asked = messages.slice(0, i).findLast((earlier) => earlier.role === 'user');
    previous = {
      question: asked?.content ?? '',
      text: message.content,
      citations: message.citations ?? [],
      sources: message.sources ?? [],
    };
  });
  return {
    history: messages.filter((message) => message.role === 'user').map((message) => message.content),
    conversation: messages
      .filter((message) => message.role === 'user' || (message.status !== 'error' && message.content.trim().length > 0))
      .map((message) => ({ role: message.role, content: message.content })),
    previous,
  };
}
