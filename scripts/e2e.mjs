// Runs the Playwright browser suite against the production build in the system Chromium.
// Outside CI a missing browser skips the suite with a note; in CI it is a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  const note = `Browser tests need Chromium at ${chromium} (Debian: apt-get install -y chromium).`;
  if (process.env.CI) {
    console.error(`${note} CI requires the browser suite to run.`);
    process.exit(1);
  }
  console.log(`Skipping browser tests. ${note}`);
  process.exit(0);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'build']);
// The budget reads this build, so CI checks it without building twice.
run(process.execPath, ['scripts/bundle-budget.mjs']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
