import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./import-rules.mjs', import.meta.url));
const trees: string[] = [];

/** A small checkout: the given files (path → source) plus what the script reads besides them. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'import-rules-'));
  trees.push(root);
  const all: Record<string, string> = {
    'biome.json': JSON.stringify({ overrides: [] }),
    'apps/server/src/modules/write/service.ts': 'export const write = 1;\n',
    'apps/server/src/modules/review/service.ts': 'export const review = 1;\n',
    'apps/server/src/core/library/load.ts': "import { pool } from '../../lib/pool.ts';\nexport const load = pool;\n",
    'apps/server/src/lib/pool.ts': 'export const pool = 1;\n',
    'apps/server/src/app.ts': "import { write } from './modules/write/service.ts';\nexport const app = write;\n",
    ...files,
  };
  mkdirSync(join(root, 'apps/web/src/features'), { recursive: true });
  for (const [path, source] of Object.entries(all)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  return root;
}

function check(root: string) {
  const run = spawnSync(process.execPath, [SCRIPT, root], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

afterEach(() => {
  for (const root of trees.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the import rules npm run lint enforces', () => {
  it('pass a tree that keeps the floors and has no circle', () => {
    expect(check(tree({}))).toMatchObject({ status: 0, output: expect.stringContaining('no cycle') });
  });

  it('fail on a lower floor importing a feature', () => {
    const root = tree({ 'apps/server/src/lib/auth.ts': "import { write } from '../modules/write/service.ts';\nexport const a = write;\n" });
    expect(check(root)).toMatchObject({ status: 1, output: expect.stringContaining('lib/ is below the features and imports none') });
  });

  it('fail on one feature importing another', () => {
    const root = tree({
      'apps/server/src/modules/write/routes.ts': "import { review } from '../review/service.ts';\nexport const r = review;\n",
    });
    expect(check(root)).toMatchObject({ status: 1, output: expect.stringContaining('one feature imports another') });
  });

  it('fail on core importing anything above the base floor, and on one engine importing another', () => {
    const root = tree({
      'apps/server/src/ai/engine.ts': 'export const engine = 1;\n',
      'apps/server/src/core/library/codes.ts': "import { engine } from '../../ai/engine.ts';\nexport const c = engine;\n",
      'apps/server/src/review/cite.ts': "import { engine } from '../ai/engine.ts';\nexport const d = engine;\n",
    });
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('core/ stands on lib/, db/, mail/ and config.ts alone');
    expect(output).toContain('the engines share pieces only through core/');
  });

  it('fail on a circle made of type imports only', () => {
    const root = tree({
      'apps/web/src/components/a.ts': "import type { B } from './b';\nexport type A = { b: B };\n",
      'apps/web/src/components/b.ts': "import type { A } from './a';\nexport type B = { a?: A };\n",
    });
    expect(check(root)).toMatchObject({ status: 1, output: expect.stringContaining('import cycles: 1 found') });
  });

  it('fail on a circle closed by a lazily loaded module importing its loader', () => {
    const root = tree({
      'apps/web/src/components/menu.tsx': "export const load = () => import('./menu-panel');\nexport type MenuProps = { label: string };\n",
      'apps/web/src/components/menu-panel.tsx':
        "import type { MenuProps } from './menu';\nexport const panel = (p: MenuProps) => p.label;\n",
    });
    expect(check(root)).toMatchObject({ status: 1, output: expect.stringContaining('menu-panel.tsx') });
  });

  it('fail when a web feature folder has no Biome override keeping it from the others', () => {
    const root = tree({
      'apps/web/src/features/chat/page.tsx': 'export const p = 1;\n',
      'apps/web/src/features/wiki/page.tsx': 'export const q = 1;\n',
    });
    expect(check(root)).toMatchObject({ status: 1, output: expect.stringContaining('does not keep chat, wiki') });
  });
});
