// Fails when modules of the web app or the server import each other in a circle. A cycle makes
// the evaluation order depend on which module is loaded first (a value read before its module
// has run is undefined), and it ties modules together that should change independently.
// Counted: static `import … from` / `export … from` and side-effect imports between our files.
// Not counted: `import type` / `export type` (erased before running) and dynamic `import()`
// (runs later, after both modules are evaluated; the router's lazy pages use it).
// dependency-cruiser and madge parse TypeScript with the `typescript` package below 7, which
// this project does not have, hence this small reader.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(new URL('..', import.meta.url).pathname);
const ROOTS = ['apps/web/src', 'apps/server/src'];
const SOURCE = /\.(ts|tsx|mts)$/;
/**
 * The one cycle the server already had when this check arrived: the parsers and parse.ts, which
 * dispatches to them, import each other. Tolerated until it is untangled (see docs/decisions.md);
 * a cycle reaching any other module still fails.
 */
const KNOWN_CYCLE = new Set(
  ['docx', 'html', 'limits', 'markdown', 'parse', 'pdf', 'sniff', 'text', 'zip'].map((name) => `apps/server/src/ingest/${name}.ts`),
);

function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

function withoutComments(source) {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

const IMPORT = /(?:^|[\n;])\s*(?:import|export)\s+(type\s+)?(?:[^;'"`]*?\bfrom\s*)?['"]([^'"]+)['"]/g;

function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const graph = new Map();
for (const dir of ROOTS) {
  for (const file of sourceFiles(join(root, dir))) {
    const targets = new Set();
    for (const [, typeOnly, specifier] of withoutComments(readFileSync(file, 'utf8')).matchAll(IMPORT)) {
      if (typeOnly) continue;
      const target = resolveSpecifier(file, specifier);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
}

// Tarjan's strongly connected components: every component of more than one module is a cycle.
let index = 0;
const indices = new Map();
const lowlinks = new Map();
const stack = [];
const onStack = new Set();
const cycles = [];
function connect(node) {
  indices.set(node, index);
  lowlinks.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of graph.get(node) ?? []) {
    if (!indices.has(next)) {
      connect(next);
      lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
    } else if (onStack.has(next)) {
      lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
    }
  }
  if (lowlinks.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component);
  }
}
for (const node of graph.keys()) if (!indices.has(node)) connect(node);

// Features of the web app do not import each other: biome.json has one noRestrictedImports override
// per feature folder naming every other feature (a rule cannot refer to "the file's own feature").
// A new feature folder, or one missing from another's list, would slip past it unnoticed.
const FEATURES = join(root, 'apps/web/src/features');
const biome = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
const features = readdirSync(FEATURES).filter((entry) => statSync(join(FEATURES, entry)).isDirectory());
const unguarded = features.filter((feature) => {
  const override = (biome.overrides ?? []).find((entry) => entry.includes?.includes(`apps/web/src/features/${feature}/**`));
  const patterns = override?.linter?.rules?.style?.noRestrictedImports?.options?.patterns ?? [];
  const restricted = new Set(patterns.flatMap((pattern) => pattern.group ?? []));
  return features.some((other) => other !== feature && !(restricted.has(`**/${other}`) && restricted.has(`**/${other}/**`)));
});
if (unguarded.length > 0) {
  console.error(`feature boundaries: biome.json does not keep ${unguarded.join(', ')} from importing the other features`);
  process.exit(1);
}

const name = (file) => relative(root, file);
const known = cycles.filter((component) => component.every((file) => KNOWN_CYCLE.has(name(file))));
const unknown = cycles.filter((component) => !known.includes(component));
if (unknown.length > 0) {
  console.error(`import cycles: ${unknown.length} found in ${ROOTS.join(', ')}:`);
  for (const component of unknown) console.error(`  - ${component.map(name).sort().join('\n    ')}`);
  process.exit(1);
}
const note = known.length > 0 ? ` (tolerated: the known cycle among ${known.flat().length} apps/server/src/ingest parsers)` : '';
console.log(`import cycles: none among ${graph.size} modules of ${ROOTS.join(', ')}${note}.`);
