import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeOpenAI, startFakeOpenAI } from './fake-openai.ts';
import type { ProviderSettings } from '../core/provider/settings.ts';

/**
 * For a test file of a provider engine: starts the fake OpenAI-compatible server before its
 * tests, forgets the server's requests and scripted replies before each, closes it after all,
 * and gives the provider settings that reach it (no retries, a 16,000-token context).
 */
export function fakeProviderForTests(options: { model: string; apiKey: string; timeoutMs: number }): {
  readonly fake: FakeOpenAI;
  readonly settings: ProviderSettings;
} {
  const state = {} as { fake: FakeOpenAI; settings: ProviderSettings };
  beforeAll(async () => {
    state.fake = await startFakeOpenAI();
    state.settings = {
      provider: 'openai-compatible',
      model: options.model,
      baseUrl: state.fake.url,
      apiKey: options.apiKey,
      timeoutMs: options.timeoutMs,
      maxRetries: 0,
      maxContextTokens: 16_000,
    };
  });
  afterAll(async () => {
    await state.fake?.close();
  });
  beforeEach(() => {
    state.fake.reset();
  });
  return state;
}
