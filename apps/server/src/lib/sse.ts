/**
 * Server-Sent Events on a Fastify reply, for any endpoint whose answer streams (chat answers now;
 * minutes and policy-review progress later). What to send comes from a producer that knows nothing
 * about HTTP: an async iterable of typed `{ event, data }` events, stopped through an AbortSignal.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One event: its name and its data, sent as JSON. */
export interface ServerSentEvent {
  readonly event: string;
  readonly data: unknown;
}

export interface EventStream<E extends ServerSentEvent> {
  /** Aborted once the client has gone away (already aborted when it left before the stream opened). */
  readonly signal: AbortSignal;
  /** Writes one event; does nothing once the client has gone or the stream has ended. */
  send(event: E): void;
  /** Ends the response; safe to call more than once. */
  end(): void;
}

/** One event as a frame. JSON.stringify escapes new lines, so the data is always one `data:` line. */
export function eventFrame(event: ServerSentEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * Takes the reply over and opens the event stream: 200 with its headers sent at once, so the client
 * sees the stream start before the first event. Everything refusable must be refused before this,
 * as an ordinary JSON error: from here on a failure can only be an event.
 */
export function openEventStream<E extends ServerSentEvent>(request: FastifyRequest, reply: FastifyReply): EventStream<E> {
  const raw = reply.raw;
  const aborter = new AbortController();
  const onClose = () => {
    if (!raw.writableEnded) aborter.abort();
  };
  raw.on('close', onClose);
  // The client may have gone while the request was being handled.
  if (raw.destroyed || raw.socket?.destroyed === true) aborter.abort();

  reply.hijack();
  // Hijacked replies skip the onSend hooks, so the headers they would add are set here; helmet's
  // headers are already on the raw response (it sets them in onRequest).
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  raw.flushHeaders();

  return {
    signal: aborter.signal,
    send(event) {
      if (!raw.writableEnded && !raw.destroyed) raw.write(eventFrame(event));
    },
    end() {
      raw.off('close', onClose);
      if (!raw.writableEnded) raw.end();
    },
  };
}

/**
 * Opens the event stream, sends every event `produce` yields until it returns, and ends the stream.
 * The producer is told through its signal when the client goes away, and is still run to its end so
 * it can keep what it had made. Returns the reply, as route handlers that answered themselves do.
 */
export async function sendEventStream<E extends ServerSentEvent>(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (signal: AbortSignal) => AsyncIterable<E>,
): Promise<FastifyReply> {
  const stream = openEventStream<E>(request, reply);
  try {
    for await (const event of produce(stream.signal)) stream.send(event);
  } catch (error) {
    // Producers send their own failures as events; one that escapes can only end the stream.
    request.log.error({ err: error }, 'event stream failed');
  } finally {
    stream.end();
  }
  return reply;
}
