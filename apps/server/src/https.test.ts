import { mkdtempSync, rmSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { newSession, readStream } from './test/chat.ts';
import { buildUser } from './test/factories.ts';
import { selfSignedCertificate, type TestCertificate } from './test/tls.ts';

let dir: string;
let certificate: TestCertificate;
let other: TestCertificate;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-https-'));
  certificate = selfSignedCertificate(dir);
  other = selfSignedCertificate(dir, 'other');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('TLS_CERT_FILE and TLS_KEY_FILE', () => {
  const load = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });

  test('both set: the server has the pair, and the default address is https', () => {
    const config = loadConfig({ NODE_ENV: 'test', PORT: '8443', TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile });
    expect(config.tls?.cert.equals(certificate.cert)).toBe(true);
    expect(config.APP_URL).toBe('https://localhost:8443');
    expect(loadConfig({ NODE_ENV: 'test', PORT: '8443' })).toMatchObject({ tls: null, APP_URL: 'http://localhost:8443' });
  });

  test('one without the other stops the start with a sentence naming the missing one', () => {
    expect(load({ TLS_CERT_FILE: certificate.certFile })).toThrow(
      new ConfigError(
        'TLS_CERT_FILE is set without TLS_KEY_FILE: HTTPS needs both the certificate and its private key (PEM files), or neither for plain HTTP.',
      ),
    );
    expect(load({ TLS_KEY_FILE: certificate.keyFile })).toThrow(/^TLS_KEY_FILE is set without TLS_CERT_FILE/);
  });

  test('a file that cannot be read, or a key that is not the certificate’s, is refused', () => {
    const missing = join(dir, 'missing.pem');
    expect(load({ TLS_CERT_FILE: missing, TLS_KEY_FILE: certificate.keyFile })).toThrow(
      `TLS_CERT_FILE=${missing} cannot be read (ENOENT).`,
    );
    expect(load({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: other.keyFile })).toThrow(
      /^TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its private key/,
    );
    expect(load({ TLS_CERT_FILE: certificate.keyFile, TLS_KEY_FILE: certificate.keyFile })).toThrow(ConfigError);
  });
});

describe('the server over HTTPS', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp({ TLS_CERT_FILE: certificate.certFile, TLS_KEY_FILE: certificate.keyFile });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    port = address.port;
  });

  afterAll(() => t.close());

  /** One HTTP/2 request on its own session: the status, the headers, the body and the protocol agreed. */
  async function overHttp2(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
    const session = http2.connect(`https://127.0.0.1:${port}`, { ca: certificate.cert });
    try {
      const stream = session.request({ ':method': init.method ?? 'GET', ':path': path, ...init.headers });
      if (init.body) stream.end(init.body);
      else stream.end();
      const headers = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
        stream.once('response', resolve);
        stream.once('error', reject);
      });
      let body = '';
      stream.setEncoding('utf8');
      for await (const chunk of stream) body += chunk;
      return { status: headers[':status'], headers, body, protocol: session.alpnProtocol };
    } finally {
      session.close();
    }
  }

  test('answers HTTP/2, with the same headers as over HTTP/1.1', async () => {
    const health = await overHttp2('/api/health');
    expect(health.protocol).toBe('h2');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ status: 'ok', database: 'ok' });
    expect(health.headers['strict-transport-security']).toContain('max-age=');
    expect(health.headers['x-content-type-options']).toBe('nosniff');
  });

  test("a client that offers no HTTP/2 (Node's https sends no ALPN) gets HTTP/1.1 over TLS", async () => {
    const answer = await new Promise<{ status?: number; version: string }>((resolve, reject) => {
      https
        .get(`https://127.0.0.1:${port}/api/health`, { ca: certificate.cert }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode, version: response.httpVersion }));
        })
        .on('error', reject);
    });
    expect(answer).toEqual({ status: 200, version: '1.1' });
  });

  test('plain HTTP on the same port gets no answer', async () => {
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
  });

  test('a refusal keeps the API’s shape over HTTP/2: no token, 401 and a message', async () => {
    const refused = await overHttp2('/api/account/info');
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ message: expect.any(String), request_id: expect.any(String) });
  });

  test('a chat answer streams over HTTP/2 to its done event', async () => {
    const user = await buildUser(t);
    const session = await newSession(t, user);
    const answer = await overHttp2(`/api/chat/sessions/${session.id}/messages`, {
      method: 'POST',
      headers: { ...user.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'How often must a fire risk assessment be reviewed?' }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const stream = readStream(answer.body);
    expect(stream.done).toBeDefined();
    expect(stream.text.length).toBeGreaterThan(0);
  });
});
