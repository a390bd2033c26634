// A build step: apps/web/dist/route-preloads.json, for each route of ROUTES the scripts it loads
// before it can render that index.html does not already name. The server writes them into the
// index.html it serves for that route as <link rel="modulepreload">, so the browser fetches them
// all from the start, in parallel, instead of the app adding the links itself once its entry has
// run (docs/decisions.md, "Each route's scripts named in its HTML").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, initialChunksPerRoute } from './route-bundles.mjs';

const index = readFileSync(join(dist, 'index.html'), 'utf8');
const preloads = Object.fromEntries(
  initialChunksPerRoute().map(({ route, files }) => [route, files.filter((file) => !index.includes(`/${file}"`))]),
);
writeFileSync(join(dist, 'route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
