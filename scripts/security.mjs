// The security suite (docs/security.md): the server's security test files (the Vitest project
// "security": the route-access walk, hostile inputs and files with health p99, the log canaries, the
// injected-instruction model, formula-safe CSV exports and sqlmap against every parameterised
// endpoint), then the browser's XSS corpus. `--no-browser` leaves the XSS spec to the browser
// suite: `npm test` runs it there, so the production build is made once.
import { spawnSync } from 'node:child_process';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/**
 * Suites that each run alone, after the others: the two hostile-input suites measure /api/health
 * latency and sqlmap loads a server of its own, so none may share a 2-core machine with the
 * route-access walk or each other (the hostile files' health p99 reached 201 ms beside the unit
 * suites, 43 ms alone).
 */
const ALONE = [
  'apps/server/src/hostile-inputs.test.ts',
  'apps/server/src/ingest/hostile-uploads.test.ts',
  'apps/server/src/sql-injection.test.ts',
];
const started = Date.now();
run('npx', ['vitest', 'run', '--project', 'security', ...ALONE.flatMap((file) => ['--exclude', file])]);
for (const file of ALONE) run('npx', ['vitest', 'run', '--project', 'security', file]);
if (!process.argv.includes('--no-browser')) run(process.execPath, ['scripts/e2e.mjs', 'e2e/xss.spec.ts']);
console.log(`security suite: finished in ${Math.round((Date.now() - started) / 1000)} s`);
