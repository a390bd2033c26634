import { fileURLToPath } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/**
 * The shared package's module-level values, each built only where a page uses it. A module of the
 * contract declares its zod schemas, and the limits and labels beside them, as module-level
 * constants; zod's builders are calls the bundler cannot prove free of side effects, so a page that
 * imports one limit from a module used to build every schema in it, and load zod to do so (the
 * chat's and the dashboard's first load did). Here every call in a module-level constant's value
 * is marked pure, so the bundler keeps the constants a page reaches and drops the rest; a page
 * whose modules reach no schema loads no zod. Nothing in the shared package builds a value for
 * its side effect; the server, which registers schemas for its OpenAPI document, runs the source
 * as it is.
 */

const SHARED_DIR = fileURLToPath(new URL('../../../packages/shared/src/', import.meta.url));

/** The nodes of the AST this reads (oxc's, ESTree-shaped, with offsets). */
interface Node {
  type: string;
  start: number;
  end: number;
}
interface Declarator extends Node {
  init: Node | null;
}
interface Declaration extends Node {
  kind?: string;
  declarations?: Declarator[];
  declaration?: Declaration | null;
}

/** A shared module of the browser build (not a test). */
export function isSharedModule(id: string): boolean {
  return id.startsWith(SHARED_DIR) && /\.[cm]?[jt]sx?$/.test(id) && !/\.test\.[cm]?[jt]sx?$/.test(id);
}

/** Function bodies: what they call runs when they are called, not when the module is evaluated. */
const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

/**
 * Every call and `new` in an expression, outer before inner, outside the functions it holds: each
 * is marked, for an unused constant's arguments (`z.string().min(1)` inside `z.object({…})`) and
 * the receivers of its chained calls would otherwise be kept for their own calls.
 */
function callsIn(node: unknown, calls: Node[]): void {
  if (Array.isArray(node)) {
    for (const item of node) callsIn(item, calls);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const { type } = node as Partial<Node>;
  if (type === undefined || FUNCTIONS.has(type)) return;
  if (type === 'CallExpression' || type === 'NewExpression') calls.push(node as Node);
  for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') callsIn(value, calls);
}

/**
 * The code (and its AST) with each module-level constant's calls marked pure, and a source map;
 * null when there is none. Each call is written `(/* @__PURE__ *\/ call)`: a chained call starts
 * where its receiver does (`z.object({…}).meta({…})`), and one comment there would mark only one
 * of them.
 */
export function markBuiltConstantsPure(
  program: { body: readonly Declaration[] },
  code: string,
  id: string,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const calls: Node[] = [];
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const { init } of declaration.declarations ?? []) callsIn(init, calls);
  }
  if (calls.length === 0) return null;
  const edits = new MagicString(code);
  for (const call of calls) {
    edits.appendLeft(call.start, '(/* @__PURE__ */ ');
    edits.prependRight(call.end, ')');
  }
  return { code: edits.toString(), map: edits.generateMap({ hires: true, source: id }) };
}

export function pureSchemas(): Plugin {
  return {
    name: 'verity-pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: /packages[\\/]shared[\\/]src[\\/]/ },
      handler(code, id) {
        const path = id.split('?')[0] ?? id;
        if (!isSharedModule(path)) return null;
        return markBuiltConstantsPure(this.parse(code) as unknown as { body: Declaration[] }, code, path);
      },
    },
  };
}
