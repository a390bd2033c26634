import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRoute, pageTitle, ROUTES } from '@verity/shared';
import { escapeHtml } from './lib/html.ts';

/** A script the build named: a file under assets/ with a plain name, nothing to escape. */
const BUILD_SCRIPT = /^assets\/[\w.~-]+\.js$/;

/**
 * index.html as served for each route of the app: with the route's title (the tab reads
 * "Champion Dashboard — Verity" before any script has run, and the app need not set it), and a
 * `<link rel="modulepreload">` for every script the route loads before it can render
 * (apps/web/dist/route-preloads.json, written by the build), so the browser fetches them in
 * parallel from the start instead of once the entry has run and asked for them. Made once when
 * the server starts. Null when the build has no such file (an older build, or the tests'
 * stand-in): every path then gets index.html as it is.
 */
export function routeIndexPages(distDir: string): ((path: string) => string | null) | null {
  const listFile = join(distDir, 'route-preloads.json');
  if (!existsSync(listFile)) return null;
  const index = readFileSync(join(distDir, 'index.html'), 'utf8');
  const lists = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, unknown>;
  const pages = new Map<string, string>();
  for (const [route, files] of Object.entries(lists)) {
    if (!Array.isArray(files)) continue;
    const links = files
      .filter((file): file is string => typeof file === 'string' && BUILD_SCRIPT.test(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
    const title = ROUTES.find((row) => row.path === route)?.title;
    const titled = title ? index.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(pageTitle(title))}</title>`) : index;
    pages.set(route, titled.replace('</head>', `${links}</head>`));
  }
  return (path) => {
    const route = findRoute(path);
    return route ? (pages.get(route.path) ?? null) : null;
  };
}
