// The import rules `npm run lint` enforces beyond Biome's, on resolved paths rather than import
// strings (the server's feature folders share names with its engine folders, so a pattern on the
// specifier cannot tell `modules/write` from `write/`):
// 1. No import circle in the web app or the server, type imports included: a cycle makes the
//    evaluation order depend on which module is loaded first, and ties together modules that
//    should change independently. Dynamic `import()` counts too: a lazily loaded module that
//    imports its loader's types back is still a circle (madge reports it), and the fix is the
//    same: the shared types move to a module of their own.
// 2. The server's floors (docs/architecture.md): a feature (`modules/<area>/`) imports no other
//    feature; nothing below the features (core/, lib/, db/, mail/, ingest/, jobs/, search/,
//    untrusted/ and the engines ai/, write/, review/) imports one, and core/ imports nothing but
//    the base floor (lib/, db/, mail/, config.ts). Only the composition
//    at the top (app.ts, main.ts, job-handlers.ts, cli/, seed/, eval/, test/ and tests) may. The engines import
//    each other only through core/ (the provider plumbing they share lives in core/provider/).
// 3. Each web feature folder has its Biome override keeping it from the other features.
// dependency-cruiser and madge parse TypeScript with the `typescript` package below 7, which
// this project does not have, hence this small reader.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The checkout to check: this one, or the folder given (the rules' own tests check small trees).
const root = resolve(process.argv[2] ?? new URL('..', import.meta.url).pathname);
const ROOTS = ['apps/web/src', 'apps/server/src', 'packages/shared/src', 'packages/corpus/src'];
const SOURCE = /\.(ts|tsx|mts)$/;
const SERVER = 'apps/server/src';
const ENGINES = new Set(['ai', 'write', 'review']);
/** What core/ stands on: the base floor. */
const BASE = new Set(['lib', 'db', 'mail', 'config.ts', 'core']);
/** The composition at the top of the server: it wires the features together, so it may import them. */
const TOP = new Set(['app.ts', 'main.ts', 'job-handlers.ts', 'cli', 'seed', 'eval', 'test']);

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
const DYNAMIC_IMPORT = /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveSpecifier(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (SOURCE.test(candidate) && existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const graph = new Map();
for (const dir of ROOTS.filter((folder) => existsSync(join(root, folder)))) {
  for (const file of sourceFiles(join(root, dir))) {
    const targets = new Set();
    const source = withoutComments(readFileSync(file, 'utf8'));
    const specifiers = [...source.matchAll(IMPORT)].map((match) => match[2]);
    specifiers.push(...[...source.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]));
    for (const specifier of specifiers) {
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

// The server's floors.
const floorProblems = [];
for (const [file, targets] of graph) {
  const from = relative(join(root, SERVER), file);
  if (from.startsWith('..') || /\.test\.tsx?$/.test(from)) continue;
  const [fromTop, fromArea] = from.split('/');
  if (TOP.has(fromTop)) continue;
  for (const target of targets) {
    const to = relative(join(root, SERVER), target);
    if (to.startsWith('..')) continue;
    const [toTop, toArea] = to.split('/');
    const edge = `${from} -> ${to}`;
    if (toTop === 'modules' && fromTop !== 'modules') floorProblems.push(`${edge}: ${fromTop}/ is below the features and imports none`);
    else if (toTop === 'modules' && fromArea !== toArea)
      floorProblems.push(`${edge}: one feature imports another; move the shared piece into core/`);
    else if (fromTop === 'core' && !BASE.has(toTop)) floorProblems.push(`${edge}: core/ stands on lib/, db/, mail/ and config.ts alone`);
    else if (ENGINES.has(fromTop) && ENGINES.has(toTop) && fromTop !== toTop)
      floorProblems.push(`${edge}: the engines share pieces only through core/`);
  }
}
if (floorProblems.length > 0) {
  console.error(`server floors: ${floorProblems.length} import(s) break the rules (docs/architecture.md, "Server floors"):`);
  for (const problem of floorProblems) console.error(`  - ${problem}`);
}

if (cycles.length > 0) {
  console.error(`import cycles: ${cycles.length} found in ${ROOTS.join(', ')} (type imports and import() count too):`);
  for (const component of cycles) console.error(`  - ${component.map(name).sort().join('\n    ')}`);
}
if (floorProblems.length > 0 || cycles.length > 0) process.exit(1);
console.log(
  `import rules: no cycle among ${graph.size} modules of ${ROOTS.join(', ')} (type imports and import() counted); server floors kept.`,
);
