/**
 * Which reviewer runs on this server: the built-in one, or the built-in one followed by the
 * provider's semantic checks when AI_PROVIDER is set (the same settings and provider as the chat's).
 */
import { type EngineConfig, providerSettingsFor } from '../ai/engine.ts';
import { runBuiltin } from './builtin.ts';
import { providerReviewEngine } from './provider.ts';
import type { ReviewEngine } from './types.ts';

export const builtinReviewEngine: ReviewEngine = {
  id: 'builtin',
  async review(input, options = {}) {
    return { findings: await runBuiltin(input, options.onStage), engine: 'builtin' };
  },
};

/** The reviewer the configuration selects. */
export function reviewEngineFor(config: EngineConfig): ReviewEngine {
  const settings = providerSettingsFor(config);
  return settings ? providerReviewEngine(settings) : builtinReviewEngine;
}
