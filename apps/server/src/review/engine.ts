/**
 * Which reviewer runs on this server: the built-in one, or the built-in one followed by the
 * provider's semantic checks when AI_PROVIDER is set (the same settings and provider as the chat's).
 */
import { inThreadReviewEngine } from './builtin.ts';
import { providerReviewEngine } from './provider.ts';
import type { ReviewEngine } from './types.ts';
import { type EngineConfig, providerSettingsFor } from '../core/provider/settings.ts';

export const builtinReviewEngine: ReviewEngine = inThreadReviewEngine;

/**
 * The reviewer the configuration selects, built on `builtin` (the server passes the built-in
 * reviewer that runs in the untrusted-work pool).
 */
export function reviewEngineFor(config: EngineConfig, builtin: ReviewEngine = builtinReviewEngine): ReviewEngine {
  const settings = providerSettingsFor(config);
  return settings ? providerReviewEngine(settings, builtin) : builtin;
}
