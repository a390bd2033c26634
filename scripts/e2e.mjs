// Runs the Playwright browser suite against the production build in the system Chromium.
// Outside CI a missing browser skips the suite with a note; in CI it is a failure.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, statfsSync } from 'node:fs';

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

/**
 * Scratch space in memory where the machine has room there: the browsers' profiles and the
 * server's embedded database are written all through the suite, and on the CI machine kind a
 * run of the chat spec took 100 s with them on disk and 88–89 s in /dev/shm (2026-11-29).
 */
function memoryScratch() {
  const dir = '/dev/shm';
  try {
    accessSync(dir, constants.W_OK);
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize >= 2 * 1024 ** 3 ? dir : undefined;
  } catch {
    return undefined;
  }
}
const scratch = process.env.E2E_TMPDIR ?? memoryScratch();
const env = scratch ? { ...process.env, TMPDIR: scratch } : process.env;

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false, env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('npm', ['run', 'build']);
// The budget reads this build, so CI checks it without building twice.
run(process.execPath, ['scripts/bundle-budget.mjs']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
