/** One structured request against the fake OpenAI-compatible server: validation, the one retry, failures. */
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { contentText } from '../../test/fake-openai.ts';
import { fakeProviderForTests } from '../../test/fake-provider.ts';
import { ProviderError } from './call.ts';
import { providerModel } from './models.ts';
import { parseStructured, requestStructured } from './structured.ts';

const API_KEY = 'sk-write-test-0123456789abcdef';
const schema = z.object({ colour: z.string(), count: z.number().int() });

const provider = fakeProviderForTests({ model: 'fake-model', apiKey: API_KEY, timeoutMs: 1000 });

function ask(signal?: AbortSignal) {
  return requestStructured({
    settings: provider.settings,
    model: providerModel(provider.settings),
    name: 'paint',
    schema,
    system: 'You name a paint.',
    prompt: 'Which paint?',
    maxOutputTokens: 200,
    signal,
  });
}

/** Answers the requests in turn with the given texts. */
function answerInTurn(...texts: string[]) {
  let i = 0;
  provider.fake.replyWith(() => ({ kind: 'text', text: texts[Math.min(i++, texts.length - 1)] }));
}

describe('requestStructured', () => {
  test('asks for JSON in the schema and returns the validated answer', async () => {
    answerInTurn('{"colour":"teal","count":3}');
    await expect(ask()).resolves.toEqual({ ok: true, value: { colour: 'teal', count: 3 } });
    expect(provider.fake.requests).toHaveLength(1);
    const body = provider.fake.requests[0]?.body;
    expect(body?.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'paint', schema: { required: ['colour', 'count'] } },
    });
    expect(body?.messages?.[0]).toEqual({ role: 'system', content: 'You name a paint.' });
  });

  test('asks once more with the validation error, and accepts the corrected answer', async () => {
    answerInTurn('Sure! Here it is: teal, three', '{"colour":"teal","count":3}');
    await expect(ask()).resolves.toEqual({ ok: true, value: { colour: 'teal', count: 3 } });
    expect(provider.fake.requests).toHaveLength(2);
    const retry = provider.fake.requests[1]?.body.messages ?? [];
    expect(retry.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(contentText(retry[2]?.content)).toBe('Sure! Here it is: teal, three');
    expect(contentText(retry[3]?.content)).toMatch(/not valid JSON/);
  });

  test('reports the problem after a second answer in the wrong shape, asking no more', async () => {
    answerInTurn('{"colour":"teal"}', '{"colour":"teal","count":"three"}');
    const answer = await ask();
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.problem).toMatch(/count/);
    expect(provider.fake.requests).toHaveLength(2);
    expect(contentText(provider.fake.requests[1]?.body.messages?.at(-1)?.content)).toMatch(/required shape[\s\S]*count/);
  });

  test('reports a refusal of the request content (HTTP 400) without retrying', async () => {
    provider.fake.replyWith({ kind: 'error', status: 400, message: 'The content was filtered' });
    const answer = await ask();
    expect(answer.ok).toBe(false);
    expect(provider.fake.requests).toHaveLength(1);
  });

  test('throws a provider failure with the key scrubbed from its message', async () => {
    provider.fake.replyWith({ kind: 'error', status: 401, message: `Incorrect API key provided: ${API_KEY}` });
    const refused = await ask().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).kind).toBe('refused');
    expect(String((refused as Error).message)).not.toContain(API_KEY);
    expect(JSON.stringify(refused)).not.toContain(API_KEY);

    provider.fake.replyWith({ kind: 'error', status: 503 });
    await expect(ask()).rejects.toMatchObject({ kind: 'unavailable' });
  });

  test('times out a provider that goes quiet, and stops when aborted', async () => {
    provider.fake.replyWith({ kind: 'hang' });
    await expect(ask()).rejects.toMatchObject({ kind: 'timeout' });

    const controller = new AbortController();
    const asking = ask(controller.signal);
    await provider.fake.waitForRequests(2);
    controller.abort(new Error('the job was cancelled'));
    await expect(asking).rejects.toThrow('the job was cancelled');
  });
});

describe('parseStructured', () => {
  test('accepts the object inside a Markdown fence or after a preamble', () => {
    expect(parseStructured('```json\n{"colour":"red","count":1}\n```', schema)).toEqual({ ok: true, value: { colour: 'red', count: 1 } });
    expect(parseStructured('Here you are: {"colour":"red","count":1}', schema)).toEqual({ ok: true, value: { colour: 'red', count: 1 } });
  });

  test('says what is wrong with an empty, unreadable or misshapen answer', () => {
    expect(parseStructured('  ', schema)).toEqual({ ok: false, problem: 'the answer was empty.' });
    expect(parseStructured('{"colour": ', schema)).toMatchObject({ ok: false, problem: expect.stringMatching(/not valid JSON/) });
    expect(parseStructured('[1, 2]', schema)).toMatchObject({ ok: false, problem: expect.stringMatching(/required shape/) });
  });
});
