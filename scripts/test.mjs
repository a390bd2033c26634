// `npm test`: every suite, as CI runs it, one phase after another, stopping at the first that
// fails. Each phase's time is printed as it ends and all of them at the close, so a CI log says
// where its minutes went (the browser phase ran 9.8 min on one machine and 16 min on a slower one
// of the same kind: docs/benchmarks.md, "Where CI's time goes").
import { spawnSync } from 'node:child_process';

const PHASES = [
  ['lint', ['run', 'lint']],
  ['typecheck', ['run', 'typecheck']],
  ['unit', ['run', 'test:unit']],
  // The browser's XSS corpus runs with the browser suite, so the production build is made once.
  ['security', ['run', 'test:security', '--', '--no-browser']],
  ['browser', ['run', 'test:e2e']],
];

const seconds = (from) => Math.round((Date.now() - from) / 1000);
const started = Date.now();
const times = [];
for (const [name, args] of PHASES) {
  const from = Date.now();
  const result = spawnSync('npm', args, { stdio: 'inherit', shell: false });
  times.push(`${name} ${seconds(from)} s`);
  console.log(`test: ${name} ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds(from)} s`);
  if (result.status !== 0) {
    console.log(`test: ${times.join(', ')}`);
    process.exit(result.status ?? 1);
  }
}
console.log(`test: every phase passed in ${seconds(started)} s (${times.join(', ')})`);
