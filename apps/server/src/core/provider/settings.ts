/**
 * How this server reaches its AI provider, read from the AI_* settings (config.ts checks them at
 * start-up): the chat, the writing assistant and the policy reviewer all take these settings, and
 * the embedding model shares the provider's connection.
 */
import type { AiProvider, Config } from '../../config.ts';

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

export interface EmbeddingSettings {
  provider: Exclude<AiProvider, 'anthropic'>;
  /** The embedding model (for azure, its deployment). */
  model: string;
  baseUrl?: string;
  apiKey?: string;
  timeoutMs: number;
  maxRetries: number;
}

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
