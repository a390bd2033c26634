import { defineEndpoint, ENDPOINTS, json, pathParameters, SIGNED_IN } from '@verity/shared';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guardRoutes, route } from './lib/route.ts';
import { buildTestApp, type TestApp } from './test/app.ts';
import { buildUser } from './test/factories.ts';

/** The executable contract: descriptors, registered routes and the OpenAPI document agree. */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t?.close();
});

describe('endpoint descriptors', () => {
  it('every descriptor has a registered route and every registered API route a descriptor', () => {
    expect([...t.app.registeredEndpoints].sort()).toEqual(ENDPOINTS.map((endpoint) => endpoint.id).sort());
  });

  it('ids are unique and name their area; no two endpoints share a method and path', () => {
    const ids = ENDPOINTS.map((endpoint) => endpoint.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
    const routes = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s: path parameters and the params schema name the same fields',
    (_id, endpoint) => {
      const declared = pathParameters(endpoint.path).sort();
      const schema = endpoint.params
        ? Object.keys((z.toJSONSchema(endpoint.params, { io: 'input', unrepresentable: 'any' }).properties ?? {}) as object).sort()
        : [];
      expect(schema).toEqual(declared);
    },
  );

  it('a route added without a descriptor stops the server from starting (default deny)', async () => {
    const app = Fastify();
    guardRoutes(app);
    // As in the app: route modules are plugins under the /api prefix.
    app.register(
      async (api) => {
        api.get('/undeclared', async () => ({ ok: true }));
      },
      { prefix: '/api' },
    );
    await expect(app.ready()).rejects.toThrow(/GET \/api\/undeclared has no endpoint descriptor/);
    await app.close().catch(() => undefined);
  });

  it('an answer that breaks its contract is a 500, and fields the contract does not name are not sent', async () => {
    const app = Fastify();
    guardRoutes(app);
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      request.auth = { sessionId: 's', userId: 'u', organisationId: 'o', roles: ['standard'], email: 'a@b.test', firstname: 'A' };
    });
    const shaped = defineEndpoint({
      id: 'test.shaped',
      summary: 'x',
      method: 'GET',
      path: '/api/shaped',
      access: SIGNED_IN,
      status: 200,
      response: json(z.object({ name: z.string() })),
    });
    const broken = defineEndpoint({ ...shaped, id: 'test.broken', path: '/api/broken' });
    route(app, shaped, { handler: async () => ({ name: 'kept', secret: 'dropped' }) as { name: string } });
    route(app, broken, { handler: async () => ({ name: 42 }) as unknown as { name: string } });
    const ok = await app.inject({ url: '/api/shaped' });
    expect(ok.json()).toEqual({ name: 'kept' });
    const bad = await app.inject({ url: '/api/broken' });
    expect(bad.statusCode).toBe(500);
    await app.close();
  });
});

describe('GET /api/openapi.json', () => {
  it('describes every endpoint under its path and method, with its access rule, from the same descriptors', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { operationId: string; security: unknown[]; responses: Record<string, unknown>; requestBody?: unknown }>
      >;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(operations.map(({ operation }) => operation.operationId).sort()).toEqual(ENDPOINTS.map((endpoint) => endpoint.id).sort());
    for (const endpoint of ENDPOINTS) {
      const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[path]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.id).toBeDefined();
      expect(operation?.security, endpoint.id).toEqual(endpoint.access.kind === 'public' ? [] : [expect.any(Object)]);
      expect(Object.keys(operation?.responses ?? {}), endpoint.id).toContain(String(endpoint.status));
      if (endpoint.access.kind !== 'public') expect(Object.keys(operation?.responses ?? {}), endpoint.id).toContain('401');
      expect(Boolean(operation?.requestBody), endpoint.id).toBe(Boolean(endpoint.body));
    }
    // Every reference resolves.
    for (const ref of JSON.stringify(document).match(/"\$ref":"[^"]+"/g) ?? []) {
      const name = ref.replace(/.*#\/components\/schemas\//, '').replace(/"$/, '');
      expect(document.components.schemas[name], ref).toBeDefined();
    }
  });

  it('is public: an integrator reads it without signing in', async () => {
    expect((await t.app.inject({ url: '/api/openapi.json' })).statusCode).toBe(200);
  });

  it('documents the search query as the route accepts it: q required, filters repeatable', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters: { name: string; in: string; required: boolean }[] }>>;
    }>();
    const parameters = document.paths['/docs/search']?.get?.parameters ?? [];
    expect(parameters.find((parameter) => parameter.name === 'q')).toMatchObject({ in: 'query', required: true });
    expect(parameters.find((parameter) => parameter.name === 'category')).toMatchObject({ in: 'query', required: false, explode: true });
  });
});

describe('GET /api/reference', () => {
  it('lists every endpoint with its access rule on a page that runs no script', async () => {
    const response = await t.app.inject({ url: '/api/reference' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).not.toContain('<script');
    for (const endpoint of ENDPOINTS) expect(response.body).toContain(`id="${endpoint.id}"`);
    expect(response.body).toContain('signed-in users with the standard role');
    expect(response.body).toContain('other systems holding the ingestion token');
  });

  it('is the same for a signed-in caller', async () => {
    const user = await buildUser(t);
    const response = await t.app.inject({ url: '/api/reference', headers: user.headers });
    expect(response.statusCode).toBe(200);
  });
});
