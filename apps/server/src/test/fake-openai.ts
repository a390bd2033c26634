/**
 * A fake OpenAI-compatible server for tests, the benchmark and the evaluation: `POST /v1/chat/completions` answered
 * with the real Chat Completions protocol — a JSON completion, or with `stream: true` Server-Sent
 * Events of `chat.completion.chunk` objects ending in `data: [DONE]` — and `POST /v1/embeddings`
 * answered with the Embeddings protocol from a pluggable embedder (hashed bag of words by default). It records every request it
 * receives (and whether the client went away before the answer ended) and can be told to answer
 * with given text, fail with an HTTP status, hang, or stream slowly.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeReply =
  /**
   * Text answered in the given chunks (or in pieces of a few characters), `delayMs` apart; with
   * `breakAfter`, the connection is cut after that many chunks (a network failure mid-stream).
   */
  | { kind: 'text'; text?: string; chunks?: string[]; delayMs?: number; breakAfter?: number }
  /** An HTTP error with an OpenAI-style error body. */
  | { kind: 'error'; status: number; message?: string }
  /** Headers and nothing more: the request never completes (until the client gives up). */
  | { kind: 'hang' };

export interface FakeRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: FakeCompletionBody;
  /** Milliseconds (performance.now()) when the request's body had arrived. */
  receivedAt: number;
  /** True once the answer was completely written. */
  completed: boolean;
  /** True when the client closed the connection before the answer was completely written. */
  aborted: boolean;
}

export interface FakeCompletionBody {
  model?: string;
  stream?: boolean;
  messages?: { role: string; content: string | { type: string; text?: string }[] }[];
  max_tokens?: number;
  max_completion_tokens?: number;
  temperature?: number;
  [key: string]: unknown;
}

/** Text → vector, for `POST /v1/embeddings`; throwing answers HTTP 500. */
export type FakeEmbedder = (text: string) => number[];

export interface FakeOpenAI {
  /** Base URL with the /v1 prefix, as AI_BASE_URL. */
  url: string;
  /** Chat completion requests (embeddings requests are in embeddingRequests). */
  requests: FakeRequest[];
  /** The inputs of each embeddings request, in order. */
  embeddingRequests: string[][];
  /** How texts are embedded; the default is hashedWords. */
  embedWith(embedder: FakeEmbedder): void;
  /** How each request is answered; the default answers "Fake answer." in small chunks. */
  replyWith(reply: FakeReply | ((request: FakeRequest) => FakeReply)): void;
  /** Resolves once the server has received `count` requests in all. */
  waitForRequests(count: number, timeoutMs?: number): Promise<FakeRequest[]>;
  reset(): void;
  close(): Promise<void>;
}

const DEFAULT_REPLY: FakeReply = { kind: 'text', text: 'Fake answer.' };

/** Text of a message's content, whether a string or a list of text parts. */
export function contentText(content: string | { type: string; text?: string }[] | undefined): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}

function piecesOf(text: string): string[] {
  return text.match(/[\s\S]{1,6}/g) ?? [];
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A bag of words hashed into 64 dimensions: texts sharing words are similar, others nearly orthogonal. */
export function hashedWords(text: string): number[] {
  const vector = new Array<number>(64).fill(0);
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    const slot = (hash >>> 0) % 64;
    vector[slot] = (vector[slot] ?? 0) + 1;
  }
  return vector;
}

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: FakeRequest[] = [];
  let reply: FakeReply | ((request: FakeRequest) => FakeReply) = DEFAULT_REPLY;
  let counter = 0;
  const waiters: (() => void)[] = [];
  const open = new Set<ServerResponse>();

  let embedder: FakeEmbedder = hashedWords;
  const embeddingRequests: string[][] = [];

  function answerEmbeddings(raw: string, res: ServerResponse) {
    const body = JSON.parse(raw) as { input?: string | string[]; model?: string };
    const inputs = typeof body.input === 'string' ? [body.input] : (body.input ?? []);
    embeddingRequests.push(inputs);
    let data: { object: 'embedding'; index: number; embedding: number[] }[];
    try {
      data = inputs.map((input, index) => ({ object: 'embedding', index, embedding: embedder(input) }));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'server_error', code: null } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data, model: body.model ?? 'fake-embedding', usage: { prompt_tokens: 1, total_tokens: 1 } }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = (req.url ?? '').split('?')[0] ?? '';
    const raw = await readBody(req);
    if (req.method === 'POST' && path.endsWith('/embeddings')) {
      answerEmbeddings(raw, res);
      return;
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Unknown path ${path}`, type: 'invalid_request_error' } }));
      return;
    }
    let body: FakeCompletionBody;
    try {
      body = JSON.parse(raw) as FakeCompletionBody;
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'Invalid JSON', type: 'invalid_request_error' } }));
      return;
    }
    const record: FakeRequest = { path, headers: req.headers, body, receivedAt: performance.now(), completed: false, aborted: false };
    requests.push(record);
    for (const wake of waiters.splice(0)) wake();
    res.on('close', () => {
      if (!record.completed) record.aborted = true;
    });
    const chosen = typeof reply === 'function' ? reply(record) : reply;
    const id = `chatcmpl-fake${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model ?? 'fake-model';

    if (chosen.kind === 'error') {
      res.writeHead(chosen.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: chosen.message ?? 'The fake server failed', type: 'server_error', code: null } }));
      record.completed = true;
      return;
    }
    if (chosen.kind === 'hang') {
      res.writeHead(200, { 'content-type': body.stream ? 'text/event-stream' : 'application/json' });
      res.flushHeaders();
      return;
    }
    const text = chosen.chunks ? chosen.chunks.join('') : (chosen.text ?? '');
    const usage = { prompt_tokens: 100, completion_tokens: Math.ceil(text.length / 4), total_tokens: 100 + Math.ceil(text.length / 4) };
    if (!body.stream) {
      if (chosen.delayMs) await sleep(chosen.delayMs);
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop', logprobs: null }],
          usage,
        }),
      );
      record.completed = true;
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const chunk = (delta: Record<string, unknown>, finish: string | null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`;
    res.write(chunk({ role: 'assistant', content: '' }, null));
    let sent = 0;
    for (const piece of chosen.chunks ?? piecesOf(text)) {
      if (chosen.delayMs) await sleep(chosen.delayMs);
      if (res.destroyed) return;
      if (sent++ === chosen.breakAfter) {
        res.destroy();
        return;
      }
      res.write(chunk({ content: piece }, null));
    }
    if (res.destroyed) return;
    res.write(chunk({}, 'stop'));
    res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
    res.write('data: [DONE]\n\n');
    record.completed = true;
    res.end();
  }

  const server = createServer((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500);
      res.end(String(error));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    embeddingRequests,
    embedWith(next) {
      embedder = next;
    },
    replyWith(next) {
      reply = next;
    },
    async waitForRequests(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`the fake OpenAI server received ${requests.length} of ${count} requests`);
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), sleep(Math.min(left, 50))]);
      }
      return requests;
    },
    reset() {
      requests.length = 0;
      embeddingRequests.length = 0;
      reply = DEFAULT_REPLY;
      embedder = hashedWords;
    },
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
