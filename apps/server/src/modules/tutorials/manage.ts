import type { AdminTutorial, AdminTutorialsResponse, CreateTutorialInput, UpdateTutorialInput } from '@verity/shared';
import { asc, eq, max } from 'drizzle-orm';
import { recordEvent } from '../../core/events/service.ts';
import type { Database } from '../../db/connect.ts';
import { tutorials, tutorialScreenshots } from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { screenshotsFor } from './screenshots.ts';
import { tutorialOf } from './service.ts';

/**
 * Tutorials as Verity's administrators manage them: write, change, publish and order. A tutorial
 * an administrator changes stops following the product's own text (its seed hash is cleared), so
 * a later release never overwrites their words. Every change is an event in its transaction.
 */

type TutorialRow = typeof tutorials.$inferSelect;

async function presented(db: Database, row: TutorialRow): Promise<AdminTutorial> {
  return {
    ...tutorialOf(row, await screenshotsFor(db, row.body)),
    position: row.position,
    published: row.published,
    edited: row.seedHash === null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every tutorial in its order, and every picture taken here. */
export async function manageTutorials(db: Database): Promise<AdminTutorialsResponse> {
  const [rows, shots] = await Promise.all([
    db.select().from(tutorials).orderBy(asc(tutorials.position), asc(tutorials.title)),
    db
      .select({ name: tutorialScreenshots.name, width: tutorialScreenshots.width, height: tutorialScreenshots.height })
      .from(tutorialScreenshots)
      .orderBy(asc(tutorialScreenshots.name)),
  ]);
  return { tutorials: await Promise.all(rows.map((row) => presented(db, row))), available_screenshots: shots };
}

/** "Using the wiki: favourites & compare" → "using-the-wiki-favourites-compare". */
export function slugFrom(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'tutorial';
}

const SLUG_TAKEN = 'Another tutorial already has that address. Choose another.';

/** Runs a write whose unique slug may clash with another tutorial's: that is a 409 with the field named. */
async function slugChecked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, SLUG_TAKEN);
    throw error;
  }
}

export async function createTutorial(options: { db: Database; adminId: string; input: CreateTutorialInput }): Promise<AdminTutorial> {
  const { db, adminId, input } = options;
  const id = newId();
  const slug = input.slug ?? slugFrom(input.title);
  await slugChecked(() =>
    db.transaction(async (tx) => {
      const [last] = await tx.select({ position: max(tutorials.position) }).from(tutorials);
      await tx.insert(tutorials).values({
        id,
        slug,
        title: input.title,
        summary: input.summary,
        body: input.body,
        videoUrl: input.video_url ?? null,
        position: (last?.position ?? -1) + 1,
        published: input.published ?? false,
        seedHash: null,
      });
      await recordEvent(tx, {
        kind: 'tutorials.created',
        organisationId: null,
        actorUserId: adminId,
        subject: { type: 'tutorial', id },
        data: { slug },
      });
    }),
  );
  return findTutorial(db, id);
}

async function findTutorial(db: Database, id: string): Promise<AdminTutorial> {
  const [row] = await db.select().from(tutorials).where(eq(tutorials.id, id));
  if (!row) throw notFound('There is no tutorial with that id.');
  return presented(db, row);
}

const COLUMNS = {
  slug: 'slug',
  title: 'title',
  summary: 'summary',
  body: 'body',
  video_url: 'videoUrl',
  published: 'published',
} as const satisfies Record<keyof UpdateTutorialInput, keyof TutorialRow>;
type Field = keyof typeof COLUMNS;

/** Change what differs; a real change clears the seed hash and is recorded with the fields changed. */
export async function updateTutorial(options: {
  db: Database;
  adminId: string;
  tutorialId: string;
  input: UpdateTutorialInput;
}): Promise<AdminTutorial> {
  const { db, adminId, tutorialId, input } = options;
  await slugChecked(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.select().from(tutorials).where(eq(tutorials.id, tutorialId)).for('update');
      if (!row) throw notFound('There is no tutorial with that id.');
      const changed = (Object.keys(COLUMNS) as Field[]).filter(
        (field) => input[field] !== undefined && input[field] !== row[COLUMNS[field]],
      );
      if (changed.length === 0) return;
      const next = Object.fromEntries(changed.map((field) => [COLUMNS[field], input[field]]));
      await tx
        .update(tutorials)
        .set({ ...next, seedHash: null, updatedAt: new Date() })
        .where(eq(tutorials.id, tutorialId));
      await recordEvent(tx, {
        kind: 'tutorials.updated',
        organisationId: null,
        actorUserId: adminId,
        subject: { type: 'tutorial', id: tutorialId },
        data: { fields: changed, published: input.published ?? row.published },
      });
    }),
  );
  return findTutorial(db, tutorialId);
}

/**
 * Put every tutorial in the order given (positions 0, 1, 2, …). The ids must be every tutorial's,
 * each once: a list made before another administrator added one is refused rather than guessed at.
 */
export async function reorderTutorials(options: {
  db: Database;
  adminId: string;
  ids: readonly string[];
}): Promise<AdminTutorialsResponse> {
  const { db, adminId, ids } = options;
  await db.transaction(async (tx) => {
    const rows = await tx.select({ id: tutorials.id }).from(tutorials).for('update');
    const known = new Set(rows.map((row) => row.id));
    if (rows.length !== ids.length || ids.some((id) => !known.has(id))) {
      throw validationError([
        { loc: ['body', 'ids'], msg: 'Give every tutorial exactly once; reload to see the tutorials as they are now' },
      ]);
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(tutorials).set({ position }).where(eq(tutorials.id, id));
    }
    await recordEvent(tx, {
      kind: 'tutorials.reordered',
      organisationId: null,
      actorUserId: adminId,
      subject: null,
      data: { count: ids.length },
    });
  });
  return manageTutorials(db);
}
