// Writes the software bill of materials of what Verity runs in production (CycloneDX 1.5, from
// package-lock.json through `npm sbom`, no network) to dist/sbom.cdx.json, where `npm run build`
// leaves it for the deployment's records. It is not served: it would tell anyone the versions.
// npm leaves out some packages reached only through peer dependencies (react among them); each
// workspace's own production dependency missing from its list is added from the lockfile.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const read = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), 'utf8'));

const result = spawnSync('npm', ['sbom', '--omit', 'dev', '--sbom-format', 'cyclonedx'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (result.status !== 0) {
  console.error(`sbom: npm sbom failed: ${result.stderr.trim().split('\n')[0]}`);
  process.exit(1);
}
const bom = JSON.parse(result.stdout);
const locked = read('package-lock.json').packages;
const listed = new Set(bom.components.map((component) => component.name));
const workspaces = ['apps/server', 'apps/web', 'packages/shared', 'packages/corpus'];
for (const workspace of workspaces) {
  for (const name of Object.keys(read(`${workspace}/package.json`).dependencies ?? {})) {
    const entry = locked[`node_modules/${name}`];
    if (listed.has(name) || !entry?.version || name.startsWith('@verity/')) continue;
    const purl = `pkg:npm/${name.startsWith('@') ? `%40${name.slice(1)}` : name}@${entry.version}`;
    bom.components.push({ 'bom-ref': `${name}@${entry.version}`, type: 'library', name, version: entry.version, scope: 'required', purl });
    listed.add(name);
  }
}
mkdirSync(new URL('../dist/', import.meta.url), { recursive: true });
writeFileSync(new URL('../dist/sbom.cdx.json', import.meta.url), `${JSON.stringify(bom, null, 2)}\n`);
console.log(`sbom: ${bom.components.length} production components written to dist/sbom.cdx.json (CycloneDX ${bom.specVersion})`);
