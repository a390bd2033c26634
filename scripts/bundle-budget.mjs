// Checks how much JavaScript (gzip) each route of the built web app loads before it can render
// (scripts/route-bundles.mjs counts it). Run it after `npm run build`. Prints a table either way
// and exits 1 when a route is over its budget.
import { KB, initialJavaScriptPerRoute, manifestPath, SIGN_IN_PATH } from './route-bundles.mjs';

/**
 * The sign-in page is the first thing most visitors load (React and React DOM are 67 kB of it).
 * It renders without zod and the endpoint table, which come with its first API call
 * (apps/web/src/lib/deferred-api.ts), on React Router's declarative half: see docs/decisions.md.
 */
const SIGN_IN_BUDGET = 120 * KB;
/**
 * No route may make its first visit heavier than this. Every route loads the entry (React, the
 * router, TanStack Query, the route table); the heaviest, /chat, loads 158.3 kB (2026-11-30: no
 * page loads zod to show itself any more, which took 25–30 kB off every page with a form or a
 * limit from the contract).
 */
const ROUTE_BUDGET = 165 * KB;

/*
 * No route loads zod before it renders: the contract reaches the browser as routes
 * (apps/web/build/contract-routes.ts), the build keeps only the schemas a module uses
 * (apps/web/build/pure-schemas.ts), an area's plain values live apart from its schemas
 * (`api/<area>-values.ts` where a page needs them), forms load their schemas on first use
 * (`parseWith`), and the pages a link opens check its code by a plain rule (`linkCode`).
 */

const root = new URL('..', import.meta.url).pathname;
let measured;
try {
  measured = initialJavaScriptPerRoute();
} catch (error) {
  console.error(`bundle budget: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const rows = measured.map((row) => ({ ...row, budget: row.route === SIGN_IN_PATH ? SIGN_IN_BUDGET : ROUTE_BUDGET }));

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const width = Math.max(...rows.map((row) => row.route.length), 5);
console.log(`\nInitial JavaScript per route (gzip), from ${manifestPath.slice(root.length)}:\n`);
console.log(`${'route'.padEnd(width)}  ${'chunks'.padStart(6)}  ${'gzip'.padStart(9)}  ${'budget'.padStart(9)}  zod`);
for (const row of rows) {
  const over = row.bytes > row.budget;
  const zod = row.zod ? 'YES, NOT EXPECTED' : '';
  console.log(
    `${row.route.padEnd(width)}  ${String(row.files).padStart(6)}  ${kb(row.bytes).padStart(9)}  ${kb(row.budget).padStart(9)}  ${zod}${over ? '  OVER BUDGET' : ''}`,
  );
}
const failures = rows.filter((row) => row.bytes > row.budget);
const unexpectedZod = rows.filter((row) => row.zod);
if (failures.length > 0) console.error(`\nbundle budget: ${failures.map((row) => row.route).join(', ')} over budget.`);
if (unexpectedZod.length > 0) {
  console.error(`\nbundle budget: ${unexpectedZod.map((row) => row.route).join(', ')} load zod before they render.`);
}
if (failures.length > 0 || unexpectedZod.length > 0) process.exit(1);
console.log('\nbundle budget: every route is within budget, and none loads zod before it renders.');
