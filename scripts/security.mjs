// The security suite (docs/security.md): the server's security test files (the Vitest project
// "security": the route-access walk, hostile inputs with health p99, the log canaries, the
// injected-instruction model, formula-safe CSV exports and sqlmap against every parameterised
// endpoint), then the browser's XSS corpus. `--no-browser` leaves the XSS spec to the browser
// suite: `npm test` runs it there, so the production build is made once.
import { spawnSync } from 'node:child_process';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const started = Date.now();
run('npx', ['vitest', 'run', '--project', 'security']);
if (!process.argv.includes('--no-browser')) run(process.execPath, ['scripts/e2e.mjs', 'e2e/xss.spec.ts']);
console.log(`security suite: finished in ${Math.round((Date.now() - started) / 1000)} s`);
