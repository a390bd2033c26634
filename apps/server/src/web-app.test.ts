import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildTestApp, type TestApp } from './test/app.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const script = `console.log(${JSON.stringify('verity '.repeat(400))});\n`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  // A stand-in for the web build: no Vite build is needed to check how it is served.
  dist = mkdtempSync(join(tmpdir(), 'verity-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets/index-abc123.js'), script);
  writeFileSync(join(dist, 'assets/index-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/index-abc123.js.gz'), gzipSync(script));
  t = await buildTestApp({ WEB_DIST_DIR: dist });
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built web app', () => {
  test('a hashed asset is sent Brotli-compressed when the browser accepts it, cached for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  test('gzip when only gzip is accepted, and the plain file when nothing is', async () => {
    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(script);
  });

  test('index.html, and any app path that falls back to it, is revalidated on every visit', async () => {
    for (const url of ['/', '/index.html', '/auth/login']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  test('a build file that is not there is a 404, never index.html in its place', async () => {
    for (const url of ['/assets/index-gone456.js', '/assets/index-gone456.css', '/assets/nested/chunk.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('<div id="root">');
    }
    // An app path that looks like a file name is still the app (a document's file name in the wiki).
    const reader = await t.app.inject({ method: 'GET', url: '/wiki/HTM_04-01_Part_A.pdf' });
    expect(reader.statusCode).toBe(200);
    expect(reader.body).toContain('<div id="root">');
  });
});

describe('each route’s index.html names the scripts it loads first', () => {
  let routed: TestApp;
  let routedDist: string;
  const html =
    '<!doctype html><html><head><title>Verity</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    routedDist = mkdtempSync(join(tmpdir(), 'verity-web-dist-'));
    mkdirSync(join(routedDist, 'assets'));
    writeFileSync(join(routedDist, 'index.html'), html);
    writeFileSync(
      join(routedDist, 'route-preloads.json'),
      JSON.stringify({
        '/dashboard': ['assets/app-shell-A1.js', 'assets/dashboard-page-B2.js'],
        '/wiki/:idorfilename': ['assets/document-reader-page-C3.js'],
        '/auth/login': ['assets/login-page-D4.js', 'assets/x.js"><script>alert(1)</script>', '../secret.js', 42],
      }),
    );
    routed = await buildTestApp({ WEB_DIST_DIR: routedDist });
  });

  afterAll(async () => {
    await routed.close();
    rmSync(routedDist, { recursive: true, force: true });
  });

  const links = (body: string) => [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

  test('a route’s page carries its title and its own scripts as modulepreload links, revalidated on every visit, under the same CSP', async () => {
    const response = await routed.app.inject({ method: 'GET', url: '/dashboard?days=7' });
    expect(response.body).toContain('<title>Champion Dashboard — Verity</title>');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(links(response.body)).toEqual(['/assets/app-shell-A1.js', '/assets/dashboard-page-B2.js']);
    expect(response.body).toContain('<div id="root">');

    const reader = await routed.app.inject({ method: 'GET', url: '/wiki/HTM_04-01_Part_A.pdf' });
    expect(links(reader.body)).toEqual(['/assets/document-reader-page-C3.js']);
    expect(reader.body).toContain('<title>Regulatory Wiki — Verity</title>');
    expect(reader.body.match(/<title>/g)).toHaveLength(1);
  });

  test('only plain script names from the build are written; a path that is no route gets index.html as it is', async () => {
    const login = await routed.app.inject({ method: 'GET', url: '/auth/login' });
    expect(links(login.body)).toEqual(['/assets/login-page-D4.js']);
    expect(login.body).not.toContain('alert(1)');
    expect(login.body).not.toContain('secret');

    for (const url of ['/nowhere', '/home']) {
      const response = await routed.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(html);
    }
    const head = await routed.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(head.statusCode).toBe(200);
  });
});
