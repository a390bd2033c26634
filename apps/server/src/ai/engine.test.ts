import { APICallError, RetryError } from 'ai';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { checkCitations } from '../test/citations.ts';
import { chatEngineFor, conversationOf, describeEngine } from './engine.ts';
import { MarkerFilter } from './provider-engine.ts';
import { classifyFailure, engineFailureBody, ProviderError } from '../core/provider/call.ts';
import { providerModel } from '../core/provider/models.ts';
import type { ProviderSettings } from '../core/provider/settings.ts';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('engine selection', () => {
  test('without AI_PROVIDER the built-in engine answers', () => {
    const engine = chatEngineFor(config({}));
    expect(describeEngine(engine)).toEqual({ id: 'builtin', kind: 'builtin', label: 'Built-in engine (offline)' });
  });

  test.each([
    [
      { AI_PROVIDER: 'openai', AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'sk-test-1234567890' },
      'provider:openai:gpt-4o-mini',
      'OpenAI · gpt-4o-mini',
    ],
    [
      {
        AI_PROVIDER: 'azure',
        AI_MODEL: 'compliance-gpt4o',
        AI_API_KEY: 'azure-key',
        AI_BASE_URL: 'https://verity.openai.azure.com/openai',
      },
      'provider:azure:compliance-gpt4o',
      'Azure OpenAI · compliance-gpt4o',
    ],
    [
      { AI_PROVIDER: 'anthropic', AI_MODEL: 'claude-sonnet-4-5', AI_API_KEY: 'sk-ant-test' },
      'provider:anthropic:claude-sonnet-4-5',
      'Anthropic · claude-sonnet-4-5',
    ],
    [
      { AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.1', AI_BASE_URL: 'http://127.0.0.1:11434/v1' },
      'provider:openai-compatible:llama3.1',
      'OpenAI-compatible · llama3.1',
    ],
  ])('%o selects the provider engine', (env, id, label) => {
    expect(describeEngine(chatEngineFor(config(env)))).toEqual({ id, kind: 'provider', label });
  });

  test('each provider builds a real AI SDK model pointed at the configured address', () => {
    const base: Omit<ProviderSettings, 'provider' | 'model'> = { timeoutMs: 1000, maxRetries: 0, maxContextTokens: 16_000, apiKey: 'k' };
    const openai = providerModel({ ...base, provider: 'openai', model: 'gpt-4o-mini' });
    const azure = providerModel({ ...base, provider: 'azure', model: 'dep', baseUrl: 'https://verity.openai.azure.com/openai' });
    const anthropic = providerModel({ ...base, provider: 'anthropic', model: 'claude-sonnet-4-5' });
    const compatible = providerModel({ ...base, provider: 'openai-compatible', model: 'llama3.1', baseUrl: 'http://127.0.0.1:1/v1' });
    for (const [model, provider, id] of [
      [openai, 'openai.chat', 'gpt-4o-mini'],
      [azure, 'azure.chat', 'dep'],
      [anthropic, 'anthropic.messages', 'claude-sonnet-4-5'],
      [compatible, 'openai-compatible.chat', 'llama3.1'],
    ] as const) {
      if (typeof model === 'string') throw new Error('expected a model object');
      expect(model.provider).toBe(provider);
      expect(model.modelId).toBe(id);
    }
  });
});

describe('AI settings at start-up', () => {
  const invalid = (env: Record<string, string>) => {
    try {
      config(env);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('expected the configuration to be refused');
  };

  test('a provider without a model, key or address is refused with a message naming the setting', () => {
    expect(invalid({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-secret-value' })).toContain('AI_MODEL: is required with AI_PROVIDER=openai');
    expect(invalid({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude' })).toContain('AI_API_KEY: is required with AI_PROVIDER=anthropic');
    expect(invalid({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'llama3.1' })).toContain(
      'AI_BASE_URL: is required with AI_PROVIDER=openai-compatible',
    );
    expect(invalid({ AI_PROVIDER: 'azure', AI_MODEL: 'dep', AI_API_KEY: 'k' })).toContain(
      'AI_BASE_URL: is required with AI_PROVIDER=azure',
    );
    expect(invalid({ AI_PROVIDER: 'gemini', AI_MODEL: 'x' })).toContain(
      'AI_PROVIDER: must be one of openai, azure, anthropic, openai-compatible',
    );
    expect(invalid({ AI_MODEL: 'gpt-4o' })).toContain('AI_MODEL: is set but AI_PROVIDER is not');
    expect(invalid({ AI_EMBEDDING_MODEL: 'text-embedding-3-small' })).toContain('AI_EMBEDDING_MODEL: is set but AI_PROVIDER is not');
    expect(invalid({ AI_PROVIDER: 'anthropic', AI_MODEL: 'claude', AI_API_KEY: 'k', AI_EMBEDDING_MODEL: 'voyage-3' })).toContain(
      'AI_EMBEDDING_MODEL: cannot be used with AI_PROVIDER=anthropic, which offers no embeddings',
    );
    expect(invalid({ AI_PROVIDER: 'openai-compatible', AI_MODEL: 'm', AI_BASE_URL: 'not a url' })).toContain('AI_BASE_URL: must be a URL');
  });

  test('the key never appears in a configuration error', () => {
    const message = invalid({ AI_PROVIDER: 'openai', AI_API_KEY: 'sk-secret-value', AI_TIMEOUT_MS: '5' });
    expect(message).toContain('AI_TIMEOUT_MS');
    expect(message).not.toContain('sk-secret-value');
  });

  test('defaults: one minute timeout, one retry, a 16 000-token prompt budget', () => {
    const loaded = config({});
    expect([loaded.AI_TIMEOUT_MS, loaded.AI_MAX_RETRIES, loaded.AI_MAX_CONTEXT_TOKENS]).toEqual([60_000, 1, 16_000]);
  });
});

describe('citation markers while streaming', () => {
  const run = (pieces: string[], sources: number) => {
    const filter = new MarkerFilter(sources);
    const out = pieces.map((piece) => filter.push(piece));
    out.push(filter.end());
    return { out, text: out.join(''), numbers: [...filter.numbers.entries()] };
  };

  test('markers for sources given are renumbered in order of first use; unknown ones vanish with their space', () => {
    const { text, numbers } = run(['Inspect every five years [3]. Sign-off by the AP [1][9]. See [3, 7, 2].'], 3);
    expect(text).toBe('Inspect every five years [1]. Sign-off by the AP [2]. See [1][3].');
    expect(numbers).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
    const citations = numbers.map(([, n]) => ({ n }));
    expect(checkCitations(text, citations)).toEqual({ unknown: [], unused: [] });
  });

  test('ranges are read as runs of markers; a range too wide to be a citation is dropped', () => {
    expect(run(['Duties [2-4] and [1–2]. Odd [3-1] and [1-40].'], 5).text).toBe('Duties [1][2][3] and [4][1]. Odd and.');
    expect(run(['Held [2', '-', '3] back'], 3).out).toEqual(['Held', '', ' [1][2] back', '']);
  });

  test('a marker split across pieces is held back until it is complete, never shown half-written', () => {
    const { out, text } = run(['Every five years [', '9', '] and by the AP [', '1', '].'], 3);
    expect(text).toBe('Every five years and by the AP [1].');
    expect(out[0]).toBe('Every five years');
    expect(out.some((piece) => /\[\d*$/.test(piece) || piece === '[')).toBe(false);
  });

  test('text that only looks like a marker start is released once settled', () => {
    expect(run(['A list [note] and [', 'x] and [12'], 3).text).toBe('A list [note] and [x] and [12');
    expect(run(['See [0] and [4].'], 3).text).toBe('See and.');
    expect(run(['Trailing space kept   ', 'until text.'], 1).text).toBe('Trailing space kept   until text.');
  });
});

describe('failures', () => {
  const settings = { provider: 'openai-compatible' as const, apiKey: 'sk-live-abcdefghijkl' };
  const apiError = (status: number, message = 'boom') =>
    new APICallError({ message, url: 'http://x/v1/chat/completions', requestBodyValues: { secret: 'passage text' }, statusCode: status });

  test('HTTP failures, retries and timeouts become typed errors without prompt or key', () => {
    const failure = classifyFailure(apiError(500, 'Incorrect API key sk-live-abcdefghijkl'), settings, false);
    expect(failure).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(failure.message).not.toContain('abcdefghijkl');
    expect(failure.message).not.toContain('passage text');
    expect(JSON.stringify(failure)).not.toContain('passage text');
    expect(classifyFailure(apiError(429), settings, false).kind).toBe('busy');
    expect(classifyFailure(apiError(401), settings, false).kind).toBe('refused');
    const retried = new RetryError({ message: 'failed after 2', reason: 'maxRetriesExceeded', errors: [apiError(503), apiError(504)] });
    expect(classifyFailure(retried, settings, false)).toMatchObject({ kind: 'timeout', status: 504 });
    expect(classifyFailure(new Error('socket hang up'), settings, true).kind).toBe('timeout');
    expect(classifyFailure(new TypeError('fetch failed'), settings, false)).toMatchObject({ kind: 'unavailable' });
  });

  test('the user is told in catalogue terms: 5002 for a timeout, 5001 otherwise', () => {
    expect(engineFailureBody(new ProviderError('timeout', 'x'), 'req-1')).toEqual({
      error_code: 5002,
      error_title: 'Service timed out',
      message: 'The AI provider did not answer in time. Please try again.',
      request_id: 'req-1',
    });
    expect(engineFailureBody(new ProviderError('unavailable', 'x'), 'req-1')).toMatchObject({
      error_code: 5001,
      message: 'The AI provider could not answer just now. Please try again shortly.',
    });
    expect(engineFailureBody(new Error('anything'), 'req-1')).toMatchObject({
      error_code: 5001,
      message: 'The answer could not be completed. Please try again.',
    });
  });
});

test('the conversation before a question leaves failed answers out', () => {
  const { history, conversation } = conversationOf([
    { role: 'user', content: 'Q1', status: 'complete' },
    { role: 'assistant', content: 'A1 [1]', status: 'complete' },
    { role: 'user', content: 'Q2', status: 'complete' },
    { role: 'assistant', content: '', status: 'error' },
    { role: 'user', content: 'Q3', status: 'complete' },
    { role: 'assistant', content: 'partial', status: 'stopped' },
  ]);
  expect(history).toEqual(['Q1', 'Q2', 'Q3']);
  expect(conversation.map((turn) => turn.content)).toEqual(['Q1', 'A1 [1]', 'Q2', 'Q3', 'partial']);
});
