import { build, type Plugin, parseSync, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { markBuiltConstantsPure, pureSchemas } from './pure-schemas.ts';

const ENTRY = 'virtual:entry';

/** A module importing these names from the shared package, as a page does. */
function entryImporting(names: readonly string[]): Plugin {
  return {
    name: 'entry',
    resolveId: (id) => (id === ENTRY ? `\0${ENTRY}` : null),
    load: (id) =>
      id === `\0${ENTRY}` ? `import { ${names.join(', ')} } from '@verity/shared';\nconsole.log(${names.join(', ')});\n` : null,
  };
}

/** The code a production build of that module gives, with or without the plugin. */
async function bundled(names: readonly string[], plugins: Plugin[]): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    plugins: [entryImporting(names), ...plugins],
    build: { write: false, minify: false, sourcemap: false, rolldownOptions: { input: ENTRY } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const outputs = Array.isArray(result) ? result : [result];
  return outputs
    .flatMap((output) => output.output)
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('\n');
}

/** Zod's own code is in the bundle. */
const ZOD = /\$ZodType|_zod\b/;

describe('the shared package in the browser build', () => {
  it('builds none of a module’s schemas, and loads no zod, for a page that imports its plain values', async () => {
    const values = ['CHAT_DEFAULT_TITLE', 'DASHBOARD_PERIODS', 'SEARCH_QUERY_MAX_LENGTH'];
    const code = await bundled(values, [pureSchemas()]);
    expect(code).toContain('New conversation');
    expect(code).not.toMatch(ZOD);
    expect(code).not.toContain('Enter a title');
    // Without the plugin the same page builds every schema beside the values, zod with them.
    const unmarked = await bundled(values, []);
    expect(unmarked).toMatch(ZOD);
    expect(unmarked).toContain('Enter a title');
  }, 60_000);

  it('keeps a schema a page uses, with the schemas it is built from, and not the others beside it', async () => {
    const code = await bundled(['createWriteDocumentSchema'], [pureSchemas()]);
    expect(code).toMatch(ZOD);
    expect(code).toContain('Choose what to produce');
    expect(code).toContain('That date does not exist');
    // The editor's item schema is in the same module, and this one does not use it.
    expect(code).not.toContain('An item is action-N or decision-N');
  }, 60_000);
});

describe('markBuiltConstantsPure', () => {
  const mark = (code: string) => markBuiltConstantsPure(parseSync('x.js', code).program as never, code, 'x.js')?.code ?? null;

  it('marks every call in a module-level constant’s value, outside the functions it holds, and nothing else', () => {
    const code = [
      'export const a = z.object({ b: z.string().min(1), c: () => sideEffect() });',
      'const d = { e: z.number(), f: [new Set()] };',
      'let g = h();',
      'i();',
      'export function j() { return k(); }',
    ].join('\n');
    expect(mark(code)?.split('\n')).toEqual([
      'export const a = (/* @__PURE__ */ z.object({ b: (/* @__PURE__ */ (/* @__PURE__ */ z.string()).min(1)), c: () => sideEffect() }));',
      'const d = { e: (/* @__PURE__ */ z.number()), f: [(/* @__PURE__ */ new Set())] };',
      'let g = h();',
      'i();',
      'export function j() { return k(); }',
    ]);
  });

  it('leaves a module with nothing to mark as it is', () => {
    expect(mark('export const A = 1;\nexport const B = [A, "b"];')).toBeNull();
  });
});
