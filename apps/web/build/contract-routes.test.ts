import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractRoutes, routeOf } from './contract-routes.ts';

const DIR = fileURLToPath(new URL('../../../packages/shared/src/endpoints/', import.meta.url));
const AREAS = readdirSync(DIR).filter((name) => name.endsWith('.ts') && name !== 'index.ts' && !name.endsWith('.test.ts'));

async function loaded(path: string): Promise<string | null> {
  const load = contractRoutes().load as (id: string) => Promise<string | null>;
  return load(path);
}

describe('the contract as the browser bundle carries it', () => {
  it('keeps every descriptor of every area as its route: method, path, access, status, encoding, background, and which parts it takes', async () => {
    expect(AREAS.length).toBeGreaterThan(10);
    for (const area of AREAS) {
      const path = `${DIR}${area}`;
      const real = (await import(pathToFileURL(path).href)) as Record<string, Record<string, unknown>>;
      const code = await loaded(path);
      expect(code, area).not.toMatch(/zod|_zod|safeParse/);
      // The generated module, run as the browser runs it.
      const routes = (await import(`data:text/javascript,${encodeURIComponent(code ?? '')}`)) as Record<string, Record<string, unknown>>;
      expect(Object.keys(routes).sort(), area).toEqual(Object.keys(real).sort());
      for (const [name, descriptor] of Object.entries(real)) {
        const route = routes[name] ?? {};
        expect(route, `${area} ${name}`).toEqual(routeOf(descriptor));
        expect({ method: route.method, path: route.path, access: route.access, background: route.background }).toEqual({
          method: descriptor.method,
          path: descriptor.path,
          access: descriptor.access,
          background: descriptor.background,
        });
        for (const part of ['params', 'query', 'body'])
          expect(part in route, `${area} ${name} ${part}`).toBe(descriptor[part] !== undefined);
      }
    }
  });

  it('leaves every other module alone', async () => {
    expect(await loaded(`${DIR}index.ts`)).toBeNull();
    expect(await loaded(fileURLToPath(new URL('../../../packages/shared/src/api/account.ts', import.meta.url)))).toBeNull();
  });
});
