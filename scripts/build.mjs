// `npm run build`: the web app (Vite), the precompressed copies of its assets and the bill of
// materials. It prints one line ("Built the web app in 14 s (118 kB sign-in script, gzip)"), so
// `npm start` goes straight to the server's own lines; a failing step prints everything it said.
// BUILD_VERBOSE=true prints every step's full output as it runs (Vite's file-by-file listing).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { KB, initialJavaScriptPerRoute, SIGN_IN_PATH } from './route-bundles.mjs';

const root = new URL('..', import.meta.url).pathname;
const verbose = /^(1|true|yes)$/i.test(process.env.BUILD_VERBOSE ?? '');

const steps = [
  // Quiet, Vite still prints its warnings and errors itself.
  {
    name: 'vite build',
    file: join(root, 'node_modules/vite/bin/vite.js'),
    args: ['build', ...(verbose ? [] : ['--logLevel', 'warn'])],
    cwd: join(root, 'apps/web'),
  },
  { name: 'route-preloads', file: join(root, 'scripts/route-preloads.mjs'), args: [], cwd: root },
  { name: 'compress-assets', file: join(root, 'scripts/compress-assets.mjs'), args: [], cwd: root },
  { name: 'sbom', file: join(root, 'scripts/sbom.mjs'), args: [], cwd: root },
];

const started = performance.now();
for (const step of steps) {
  const result = spawnSync(process.execPath, [step.file, ...step.args], {
    cwd: step.cwd,
    encoding: 'utf8',
    // Vite's own warnings go to the terminal either way; the other steps' lines only when asked.
    stdio: verbose || step.name === 'vite build' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    if (result.stdout) process.stdout.write(result.stdout);
    if (result.stderr) process.stderr.write(result.stderr);
    console.error(`The web app's build failed at ${step.name}${result.error ? ` (${result.error.message})` : ''}.`);
    process.exit(result.status ?? 1);
  }
  if (result.stderr) process.stderr.write(result.stderr);
}

const seconds = Math.round((performance.now() - started) / 1000);
let detail = '';
try {
  const signIn = initialJavaScriptPerRoute().find((row) => row.route === SIGN_IN_PATH);
  if (signIn) detail = ` (${Math.round(signIn.bytes / KB)} kB sign-in script, gzip)`;
} catch {
  // The summary's figure is a courtesy; `npm run budget` reports a manifest it cannot read.
}
console.log(`Built the web app in ${seconds} s${detail}${verbose ? '' : '; BUILD_VERBOSE=true lists every file'}.`);
