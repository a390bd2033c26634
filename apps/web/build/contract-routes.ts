import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The shared contract's endpoint descriptors as the browser bundle carries them: routes without
 * schemas. The web never parses an answer (the server checks its own) and reads of a descriptor
 * only its route (method, path, whether it takes a body, params or query, how the body travels),
 * its access rule, its status and whether it is `background`; the zod schemas a descriptor holds
 * are for types, which TypeScript reads from the source. Built from the real descriptors at build
 * time, so a signed-in page that shows no form loads neither zod nor the schemas, and nothing can
 * drift. The browser tests run against this build.
 */

const ENDPOINTS_DIR = fileURLToPath(new URL('../../../packages/shared/src/endpoints/', import.meta.url));

/** An area's descriptors file (not the index, not a test). */
function isAreaFile(id: string): boolean {
  if (!id.startsWith(ENDPOINTS_DIR) || !id.endsWith('.ts')) return false;
  const name = id.slice(ENDPOINTS_DIR.length);
  return !name.includes('/') && name !== 'index.ts' && !name.endsWith('.test.ts');
}

/** The descriptor's fields the web reads, its schemas replaced by whether they are there. */
export function routeOf(descriptor: Record<string, unknown>): Record<string, unknown> {
  const route: Record<string, unknown> = {};
  for (const field of ['id', 'method', 'path', 'access', 'status', 'bodyEncoding', 'background'] as const) {
    if (descriptor[field] !== undefined) route[field] = descriptor[field];
  }
  for (const part of ['params', 'query', 'body'] as const) {
    if (descriptor[part] !== undefined) route[part] = true;
  }
  const response = descriptor.response as { kind: string; contentType?: string };
  route.response =
    response.contentType === undefined ? { kind: response.kind } : { kind: response.kind, contentType: response.contentType };
  return route;
}

export function contractRoutes(): Plugin {
  return {
    name: 'verity-contract-routes',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const path = id.split('?')[0] ?? id;
      if (!isAreaFile(path)) return null;
      const area = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
      return Object.entries(area)
        .map(([name, descriptor]) => {
          if (typeof descriptor !== 'object' || descriptor === null || !('path' in descriptor) || !('method' in descriptor)) {
            throw new Error(`${path}: ${name} is not an endpoint descriptor; an area's file exports descriptors only`);
          }
          return `export const ${name} = ${JSON.stringify(routeOf(descriptor as Record<string, unknown>))};`;
        })
        .join('\n');
    },
  };
}
