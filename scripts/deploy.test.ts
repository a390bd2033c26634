import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../apps/server/src/config.ts';
import { selfSignedCertificate } from '../apps/server/src/test/tls.ts';

/**
 * The reference deployment (Dockerfile, compose.yaml) checked without Docker, which this machine
 * has not got: the compose file is a valid Verity configuration wired to its database and Redis
 * with health checks, and the image runs the server as a non-root user from a reproducible install.
 */

const read = (name: string) => readFileSync(new URL(`../${name}`, import.meta.url), 'utf8');

interface Service {
  build?: string;
  image?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  volumes?: string[];
}

const compose = parse(read('compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };

/** A compose value with its ${NAME:-default} and ${NAME:?message} forms filled in as a deployment would. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{([A-Z_]+)(?::([-?])([^}]*))?\}/g, (_match, name: string, kind?: string, rest?: string) => {
    if (given[name] !== undefined) return given[name];
    if (kind === '?') throw new Error(`${name} is required: ${rest}`);
    return kind === '-' ? (rest ?? '') : '';
  });
}

describe('compose.yaml', () => {
  const app = compose.services.app as Service;

  it('builds Verity and runs it on PostgreSQL and Redis, each healthy before the app starts', () => {
    expect(app.build).toBe('.');
    expect(compose.services.postgres?.image).toMatch(/^postgres:1[5-9]$/);
    expect(compose.services.redis?.image).toMatch(/^redis:/);
    expect(app.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    for (const name of ['postgres', 'redis']) expect(compose.services[name]?.healthcheck?.test.length, name).toBeGreaterThan(1);
    expect(compose.services.postgres?.volumes).toEqual(['postgres:/var/lib/postgresql/data']);
    expect(Object.keys(compose.volumes)).toEqual(['postgres']);
  });

  it('is a configuration Verity accepts, pointed at those services, production without demo data', () => {
    const given = { APP_URL: 'https://verity.example.nhs.uk', POSTGRES_PASSWORD: 'a-long-database-password' };
    const env = Object.fromEntries(Object.entries(app.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), given)]));
    const config = loadConfig(env);
    expect(config.NODE_ENV).toBe('production');
    expect(config.seedDemo).toBe(false);
    expect(new URL(config.DATABASE_URL as string).host).toBe('postgres:5432');
    expect(config.DATABASE_URL).toContain('a-long-database-password');
    expect(new URL(config.REDIS_URL as string).host).toBe('redis:6379');
    expect(config.TRUST_PROXY).toBe(1);
    // Compose itself refuses to start without the two values nothing can default.
    expect(app.environment?.APP_URL).toMatch(/^\$\{APP_URL:\?/);
    expect(app.environment?.DATABASE_URL).toContain('${POSTGRES_PASSWORD:?');
  });

  it('asks the load balancer’s question (/api/ready) and gives a stopping process longer than its drain', () => {
    expect(app.healthcheck?.test).toEqual(['CMD', 'node', 'scripts/health-probe.mjs', '/api/ready']);
    const drain = Number(app.environment?.SHUTDOWN_DRAIN_SECONDS);
    const grace = Number.parseInt(app.stop_grace_period ?? '0', 10);
    expect(drain).toBeGreaterThan(0);
    expect(grace).toBeGreaterThanOrEqual(drain + 10);
  });
});

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const stages = lines.filter((line) => line.startsWith('FROM '));
  const final = lines.slice(lines.lastIndexOf(stages.at(-1) as string));

  it('installs from the lockfile on Node 24, builds, and keeps only production dependencies', () => {
    expect(stages.every((line) => /^FROM node:24-/.test(line))).toBe(true);
    expect(lines).toContain('RUN npm ci --no-audit --no-fund');
    expect(lines.some((line) => line.startsWith('RUN npm run build') && line.includes('npm prune --omit=dev'))).toBe(true);
  });

  it('runs the server as a non-root user, with LibreOffice for PDF export, a health check and a clean stop', () => {
    expect(final).toContain('USER node');
    expect(final.some((line) => line.includes('libreoffice-writer-nogui'))).toBe(true);
    expect(final.find((line) => line.startsWith('HEALTHCHECK'))).toContain('CMD ["node", "scripts/health-probe.mjs", "/api/health"]');
    expect(final).toContain('STOPSIGNAL SIGTERM');
    expect(final.at(-1)).toBe('CMD ["node", "apps/server/src/main.ts"]');
    expect(final.find((line) => line.startsWith('EXPOSE'))).toBe('EXPOSE 3000');
  });

  it('leaves installed and built output, local data and secrets out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', 'node_modules', 'data', '.env', 'dist']) expect(ignored, entry).toContain(entry);
  });
});

describe('the health probe the image and compose run (scripts/health-probe.mjs)', () => {
  /** A stand-in server answering `status` to `path` (404 elsewhere); the probe's exit code against it. */
  async function probe(options: { path: string; status: number; tls?: boolean; askFor?: string }): Promise<number | null> {
    const answer: http.RequestListener = (request, response) => {
      response.writeHead(request.url === options.path ? options.status : 404).end();
    };
    const dir = mkdtempSync(join(tmpdir(), 'verity-probe-'));
    const certificate = options.tls ? selfSignedCertificate(dir) : null;
    const server = certificate
      ? https.createServer({ cert: certificate.cert, key: readFileSync(certificate.keyFile) }, answer)
      : http.createServer(answer);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const env = { ...process.env, PORT: String(port), TLS_CERT_FILE: certificate?.certFile ?? '' };
      const child = spawn(process.execPath, ['scripts/health-probe.mjs', options.askFor ?? options.path], { env, stdio: 'ignore' });
      return await new Promise((resolve) => child.once('exit', resolve));
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('passes on a 2xx from the path it is given, at PORT', async () => {
    expect(await probe({ path: '/api/ready', status: 200 })).toBe(0);
  });

  it('fails on a 503 (a process draining) and on a path that is not there', async () => {
    expect(await probe({ path: '/api/ready', status: 503 })).toBe(1);
    expect(await probe({ path: '/api/ready', status: 200, askFor: '/api/health' })).toBe(1);
  });

  it('asks over HTTPS when the server has its own certificate (TLS_CERT_FILE)', async () => {
    expect(await probe({ path: '/api/health', status: 200, tls: true })).toBe(0);
  });
});
