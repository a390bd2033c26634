/**
 * Which engine writes documents on this server: the built-in offline engine, or the provider
 * engine when AI_PROVIDER is set — the same settings, and the same provider, as the chat's.
 */
import { builtinWriteEngine } from './builtin.ts';
import { providerWriteEngine } from './provider.ts';
import type { WriteEngine } from './types.ts';
import { type EngineConfig, providerSettingsFor } from '../core/provider/settings.ts';

/** The engine the configuration selects, built on `builtin` (the server passes the built-in engine that runs in the untrusted-work pool). */
export function writeEngineFor(config: EngineConfig, builtin: WriteEngine = builtinWriteEngine): WriteEngine {
  const settings = providerSettingsFor(config);
  return settings ? providerWriteEngine(settings, builtin) : builtin;
}
