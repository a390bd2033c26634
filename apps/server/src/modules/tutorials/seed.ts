import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/connect.ts';
import { tutorials } from '../../db/schema.ts';
import { newId, sha256 } from '../../lib/ids.ts';

/** The product's own tutorials, one Markdown file each, with a front matter of plain `key: value` lines. */
export const TUTORIALS_DIR = new URL('./content/', import.meta.url);

const frontMatterSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'lower case words joined by hyphens'),
  title: z.string().min(1).max(200),
  summary: z.string().min(1).max(400),
  position: z.coerce.number().int().min(0),
  video: z.url({ protocol: /^https$/ }).optional(),
});

export interface SeedTutorial {
  slug: string;
  title: string;
  summary: string;
  position: number;
  videoUrl: string | null;
  body: string;
}

/** A tutorial file read: its front matter checked, its Markdown body after the closing `---`. */
export function parseTutorialFile(source: string, name: string): SeedTutorial {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${name}: no front matter between --- lines`);
  const fields = Object.fromEntries(
    (match[1] ?? '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const at = line.indexOf(':');
        if (at < 1) throw new Error(`${name}: a front matter line is not "key: value": ${line}`);
        return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
      }),
  );
  const parsed = frontMatterSchema.safeParse(fields);
  if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  const { slug, title, summary, position, video } = parsed.data;
  return { slug, title, summary, position, videoUrl: video ?? null, body: (match[2] ?? '').trim() };
}

/** Every tutorial file of the product, in file-name order. */
export function readSeedTutorials(dir: URL = TUTORIALS_DIR): SeedTutorial[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => parseTutorialFile(readFileSync(new URL(name, dir), 'utf8'), name));
}

/**
 * Writes the product's tutorials, at every start: a new one is added (in its place), one nobody has
 * edited since it was seeded follows the new text (keeping its place, which administrators may
 * have changed), and one an administrator changed is left as they left it.
 * Unchanged text costs one query.
 */
export async function seedTutorials(
  db: Database,
  seeds: readonly SeedTutorial[] = readSeedTutorials(),
): Promise<{ added: number; updated: number }> {
  const existing = new Map((await db.select().from(tutorials)).map((row) => [row.slug, row]));
  let added = 0;
  let updated = 0;
  for (const seed of seeds) {
    const hash = sha256(JSON.stringify(seed));
    const row = existing.get(seed.slug);
    const values = {
      title: seed.title,
      summary: seed.summary,
      body: seed.body,
      videoUrl: seed.videoUrl,
      position: seed.position,
      seedHash: hash,
    };
    if (!row) {
      await db.insert(tutorials).values({ id: newId(), slug: seed.slug, ...values });
      added += 1;
    } else if (row.seedHash !== null && row.seedHash !== hash) {
      // The order is the administrators' once a tutorial exists (they may have reordered it): a
      // new text keeps the tutorial where it is.
      const { position: _position, ...text } = values;
      await db
        .update(tutorials)
        .set({ ...text, updatedAt: new Date() })
        .where(eq(tutorials.id, row.id));
      updated += 1;
    }
  }
  return { added, updated };
}
