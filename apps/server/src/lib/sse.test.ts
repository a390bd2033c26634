import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test } from 'vitest';
import { eventFrame, sendEventStream, type ServerSentEvent } from './sse.ts';

type Progress = { event: 'progress'; data: { done: number; of: number } } | { event: 'finished'; data: { summary: string } };

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** An app whose one route streams what `produce` yields. */
async function streaming(produce: (signal: AbortSignal) => AsyncIterable<ServerSentEvent>): Promise<FastifyInstance> {
  app = Fastify({ logger: false });
  app.get('/stream', (request, reply) => sendEventStream(request, reply, produce));
  await app.ready();
  return app;
}

describe('eventFrame', () => {
  test('is the event line, one data line of JSON (new lines escaped) and a blank line', () => {
    expect(eventFrame({ event: 'token', data: { text: 'one\ntwo' } })).toBe('event: token\ndata: {"text":"one\\ntwo"}\n\n');
  });
});

describe('sendEventStream', () => {
  test('sends every event a producer yields, in order, as an uncached event stream, then ends', async () => {
    const server = await streaming(async function* (): AsyncGenerator<Progress> {
      yield { event: 'progress', data: { done: 1, of: 2 } };
      yield { event: 'progress', data: { done: 2, of: 2 } };
      yield { event: 'finished', data: { summary: 'Both sections reviewed.' } };
    });
    const response = await server.inject({ method: 'GET', url: '/stream' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache, no-transform');
    expect(response.headers['x-request-id']).toBeTruthy();
    expect(response.body).toBe(
      [
        'event: progress\ndata: {"done":1,"of":2}\n\n',
        'event: progress\ndata: {"done":2,"of":2}\n\n',
        'event: finished\ndata: {"summary":"Both sections reviewed."}\n\n',
      ].join(''),
    );
  });

  test('a producer that throws ends the stream after what it had sent', async () => {
    const server = await streaming(async function* (): AsyncGenerator<Progress> {
      yield { event: 'progress', data: { done: 1, of: 2 } };
      throw new Error('the producer failed');
    });
    const response = await server.inject({ method: 'GET', url: '/stream' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('event: progress\ndata: {"done":1,"of":2}\n\n');
  });
});
