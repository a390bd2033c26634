import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Bom {
  bomFormat: string;
  specVersion: string;
  components: { name: string; version: string; purl?: string }[];
}

describe('the software bill of materials', () => {
  it('lists what production runs, with versions and package URLs, and leaves the test tools out', () => {
    const printed = execFileSync(process.execPath, [new URL('./sbom.mjs', import.meta.url).pathname], { encoding: 'utf8' });
    expect(printed).toMatch(/^sbom: \d+ production components written to dist\/sbom\.cdx\.json \(CycloneDX 1\.\d\)\n$/);
    const bom = JSON.parse(readFileSync(new URL('../dist/sbom.cdx.json', import.meta.url), 'utf8')) as Bom;
    expect(bom.bomFormat).toBe('CycloneDX');
    const names = new Set(bom.components.map((component) => component.name));
    for (const used of ['fastify', 'drizzle-orm', 'openid-client', 'react', 'zod']) expect(names.has(used), used).toBe(true);
    for (const tool of ['vitest', '@playwright/test', 'oidc-provider', '@biomejs/biome']) expect(names.has(tool), tool).toBe(false);
    const fastify = bom.components.find((component) => component.name === 'fastify');
    expect(fastify?.purl).toMatch(/^pkg:npm\/fastify@\d+\.\d+\.\d+$/);
  }, 60_000);
});
