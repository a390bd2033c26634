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
 * router, TanStack Query, the route table); the heaviest, /chat, loads 193.3 kB (2026-11-28: the
 * follow-ups, tables that say they scroll, and the join guard added 2.5 kB to it).
 */
const ROUTE_BUDGET = 196 * KB;

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
