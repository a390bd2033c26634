// Checks how much JavaScript (gzip) each route of the built web app loads before it can render:
// the entry chunk, the route's own chunk, and every chunk either imports statically. Chunks a page
// imports on demand later are not counted. Reads Vite's manifest, so run it after `npm run build`.
// Prints a table either way and exits 1 when a route is over its budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isPublicRoute, ROUTES } from '../packages/shared/src/index.ts';

// Kilobytes of 1000 bytes, as Vite reports them.
const KB = 1000;
/**
 * The sign-in page is the first thing most visitors load (React and React DOM are 67 kB of it).
 * It renders without zod and the endpoint table, which come with its first API call
 * (apps/web/src/lib/deferred-api.ts), on React Router's declarative half: see docs/decisions.md.
 */
const SIGN_IN_BUDGET = 120 * KB;
/**
 * No route may make its first visit heavier than this. Every route loads the entry (React, the
 * router, TanStack Query, the route table); the heaviest, /chat, loads 191 kB.
 */
const ROUTE_BUDGET = 192 * KB;
const SIGN_IN_PATH = '/auth/login';

const root = new URL('..', import.meta.url).pathname;
const webRoot = join(root, 'apps/web');
const dist = join(webRoot, 'dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle budget: ${manifestPath} is missing; run \`npm run build\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// The lazy modules of the router: `'<path>': lazyPage(() => import('<module>'), …)` per page, and
// the named ones (chat, the profile layout), which `'<path>': Name,` refers to.
const routerSource = readFileSync(join(webRoot, 'src/app/router.tsx'), 'utf8');
const lazyModules = new Map();
for (const match of routerSource.matchAll(/(?:'([^']+)'\s*:|const\s+(\w+)\s*=)\s*lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
  const [, path, name, specifier] = match;
  lazyModules.set(path ?? name, join('src/app', specifier));
}
for (const name of ['ChatLayout', 'ProfileLayout']) {
  if (!lazyModules.has(name)) {
    console.error(`bundle budget: no lazyPage(() => import(...)) for ${name} in apps/web/src/app/router.tsx.`);
    process.exit(1);
  }
}
/** Signed-in routes render inside the shell, which the guarded layout loads on demand. */
const APP_SHELL = 'src/app/layouts/app-shell';

function manifestKey(modulePath) {
  for (const extension of ['.tsx', '.ts']) {
    if (manifest[modulePath + extension]) return modulePath + extension;
  }
  throw new Error(`bundle budget: ${modulePath} is not in the build manifest.`);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
}

/** The JS files loaded before `keys` can run: themselves and their static imports, transitively. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
}

const rows = [];
for (const route of ROUTES) {
  const page = routerSource.match(new RegExp(`'${route.path}':\\s*(\\w+),`))?.[1];
  const modules = [lazyModules.get(route.path) ?? lazyModules.get(page)];
  if (!isPublicRoute(route)) modules.push(APP_SHELL);
  if (route.path === '/profile' || route.path.startsWith('/profile/')) modules.push(lazyModules.get('ProfileLayout'));
  const files = staticClosure([entryKey, ...modules.map(manifestKey)]);
  const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  const budget = route.path === SIGN_IN_PATH ? SIGN_IN_BUDGET : ROUTE_BUDGET;
  rows.push({ route: route.path, files: files.length, bytes, budget });
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const width = Math.max(...rows.map((row) => row.route.length), 5);
console.log(`\nInitial JavaScript per route (gzip), from ${manifestPath.slice(root.length)}:\n`);
console.log(`${'route'.padEnd(width)}  ${'chunks'.padStart(6)}  ${'gzip'.padStart(9)}  ${'budget'.padStart(9)}`);
for (const row of rows) {
  const over = row.bytes > row.budget;
  console.log(
    `${row.route.padEnd(width)}  ${String(row.files).padStart(6)}  ${kb(row.bytes).padStart(9)}  ${kb(row.budget).padStart(9)}${over ? '  OVER BUDGET' : ''}`,
  );
}
const failures = rows.filter((row) => row.bytes > row.budget);
if (failures.length > 0) {
  console.error(`\nbundle budget: ${failures.map((row) => row.route).join(', ')} over budget.`);
  process.exit(1);
}
console.log('\nbundle budget: every route is within budget.');
