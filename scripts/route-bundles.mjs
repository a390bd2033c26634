// How much JavaScript (gzip) each route of the built web app loads before it can render: the entry
// chunk, the route's own chunk, and every chunk either imports statically. Chunks a page imports
// on demand later are not counted. Reads Vite's manifest, so it needs a build. Used by the bundle
// budget (scripts/bundle-budget.mjs) and by the build's one-line summary (scripts/build.mjs).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { isPublicRoute, ROUTES } from '../packages/shared/src/index.ts';

/** Kilobytes of 1000 bytes, as Vite reports them. */
export const KB = 1000;
export const SIGN_IN_PATH = '/auth/login';

const root = new URL('..', import.meta.url).pathname;
const webRoot = join(root, 'apps/web');
/** The web app's build. */
export const dist = join(webRoot, 'dist');
export const manifestPath = join(dist, '.vite/manifest.json');
/** Signed-in routes render inside the shell, which the guarded layout loads on demand. */
const APP_SHELL = 'src/app/layouts/app-shell';

/**
 * One row per route: its path, how many chunks it loads first and their gzip size. Throws with a
 * sentence when the build or the router is not what this expects.
 */
export function initialJavaScriptPerRoute() {
  const gzipSizes = new Map();
  const gzipSize = (file) => {
    if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
    return gzipSizes.get(file);
  };
  return initialChunksPerRoute().map(({ route, files }) => ({
    route,
    files: files.length,
    bytes: files.reduce((sum, file) => sum + gzipSize(file), 0),
    zod: files.some(holdsZod),
  }));
}

/** A name zod gives its base type, in its code however it is minified. */
const ZOD_MARK = '$ZodType';
const zodChunks = new Map();

/** Whether a file of the build holds zod's own code. */
function holdsZod(file) {
  if (!zodChunks.has(file)) zodChunks.set(file, readFileSync(join(dist, file), 'utf8').includes(ZOD_MARK));
  return zodChunks.get(file);
}

/**
 * One row per route: its path and the JavaScript files (under dist/) it loads before it can
 * render, the entry's first. Throws with a sentence when the build or the router is not what this
 * expects.
 */
export function initialChunksPerRoute() {
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing; run \`npm run build\` first.`);
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
    if (!lazyModules.has(name)) throw new Error(`no lazyPage(() => import(...)) for ${name} in apps/web/src/app/router.tsx.`);
  }

  const manifestKey = (modulePath) => {
    for (const extension of ['.tsx', '.ts']) {
      if (manifest[modulePath + extension]) return modulePath + extension;
    }
    throw new Error(`${modulePath} is not in the build manifest.`);
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

  /** The JS files loaded before `keys` can run: themselves and their static imports, transitively. */
  const staticClosure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const next of manifest[key].imports ?? []) visit(next);
    };
    for (const key of keys) visit(key);
    return [...seen].map((key) => manifest[key].file).filter((file) => file.endsWith('.js'));
  };

  return ROUTES.map((route) => {
    const page = routerSource.match(new RegExp(`'${route.path}':\\s*(\\w+),`))?.[1];
    const modules = [lazyModules.get(route.path) ?? lazyModules.get(page)];
    if (!isPublicRoute(route)) modules.push(APP_SHELL);
    if (route.path === '/profile' || route.path.startsWith('/profile/')) modules.push(lazyModules.get('ProfileLayout'));
    return { route: route.path, files: staticClosure([entryKey, ...modules.map(manifestKey)]) };
  });
}
