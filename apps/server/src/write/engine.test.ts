import { describe, expect, test } from 'vitest';
import { loadConfig } from '../config.ts';
import { startFakeOpenAI } from '../test/fake-openai.ts';
import { builtinWriteEngine } from './builtin.ts';
import { writeEngineFor } from './engine.ts';
import { readTranscript } from './transcript.ts';

const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('writeEngineFor', () => {
  test('without AI_PROVIDER the built-in engine writes', () => {
    expect(writeEngineFor(config({}))).toBe(builtinWriteEngine);
  });

  test('with AI_PROVIDER the provider writes, reached with the chat settings', async () => {
    const fake = await startFakeOpenAI();
    try {
      const engine = writeEngineFor(
        config({
          AI_PROVIDER: 'openai-compatible',
          AI_MODEL: 'minutes-model',
          AI_BASE_URL: fake.url,
          AI_API_KEY: 'sk-engine-test-123456',
          AI_MAX_RETRIES: '0',
        }),
      );
      expect(engine.id).toBe('provider:openai-compatible:minutes-model');
      fake.replyWith({ kind: 'text', text: 'not JSON' });
      const transcript = readTranscript(
        'Jo Park: We reviewed the legionella risk assessment today.\nKai Lowe: I will update the log by Friday.',
      );
      await engine.findings({ transcript, kind: 'minutes', library: [], today: '2025-05-01' }, {});
      expect(fake.requests.map((request) => [request.body.model, request.headers.authorization])).toEqual([
        ['minutes-model', 'Bearer sk-engine-test-123456'],
        ['minutes-model', 'Bearer sk-engine-test-123456'],
      ]);
    } finally {
      await fake.close();
    }
  });
});
