/**
 * Whether the configured AI provider answers now: one short completion (a few tokens) with the
 * chat model and, when semantic search is configured, one embedding, each under a time limit and
 * never retried. What a failure says names only the provider, the kind of failure and the HTTP
 * status (classifyFailure), never the key.
 */
import { embed, generateText } from 'ai';
import { classifyFailure } from './call.ts';
import { embeddingModel, providerModel } from './models.ts';
import type { ProviderSettings } from './settings.ts';

export interface ReachabilityCheck {
  /** Null when there is nothing to reach (no provider configured, or no SMTP). */
  reachable: boolean | null;
  /** One sentence for the administrator. */
  detail: string;
  /** How long the check took. */
  ms: number;
}

/** How long a connection check waits before calling the service unreachable. */
export const CHECK_TIMEOUT_MS = 15_000;

export async function checkProvider(settings: ProviderSettings | null, timeoutMs = CHECK_TIMEOUT_MS): Promise<ReachabilityCheck> {
  if (!settings) {
    return { reachable: null, detail: 'No AI provider is configured: the built-in engines answer offline.', ms: 0 };
  }
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const abortSignal = AbortSignal.timeout(timeoutMs);
  try {
    await generateText({
      model: providerModel(settings),
      prompt: 'Reply with the word OK.',
      maxOutputTokens: 8,
      maxRetries: 0,
      abortSignal,
    });
    if (settings.embeddings) {
      await embed({ model: embeddingModel(settings.embeddings), value: 'OK', maxRetries: 0, abortSignal });
    }
  } catch (error) {
    return { reachable: false, detail: `${classifyFailure(error, settings, abortSignal.aborted).message}.`, ms: elapsed() };
  }
  const what = settings.embeddings ? `${settings.model} and ${settings.embeddings.model} answered` : `${settings.model} answered`;
  return { reachable: true, detail: `${what} in ${elapsed()} ms.`, ms: elapsed() };
}
