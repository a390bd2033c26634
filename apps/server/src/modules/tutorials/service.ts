import type { Tutorial, TutorialSummary } from '@verity/shared';
import { and, asc, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { tutorials } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { screenshotsFor } from './screenshots.ts';

type TutorialRow = typeof tutorials.$inferSelect;

/** Words read a minute, for "about N minutes". */
const WORDS_PER_MINUTE = 200;

/** The published tutorials in their order. */
export async function listTutorials(db: Database): Promise<TutorialSummary[]> {
  const rows = await db
    .select()
    .from(tutorials)
    .where(eq(tutorials.published, true))
    .orderBy(asc(tutorials.position), asc(tutorials.title));
  return rows.map(summaryOf);
}

/** A published tutorial by its id or its slug; 404 otherwise. */
export async function getTutorial(db: Database, idOrSlug: string): Promise<Tutorial> {
  const [row] = await db
    .select()
    .from(tutorials)
    .where(and(eq(tutorials.published, true), or(eq(tutorials.id, idOrSlug), eq(tutorials.slug, idOrSlug.toLowerCase()))))
    .limit(1);
  if (!row) throw notFound('That tutorial does not exist.');
  return tutorialOf(row, await screenshotsFor(db, row.body));
}

/** A tutorial with its body, as a reader (or an administrator) opens it. */
export function tutorialOf(row: TutorialRow, screenshots: Tutorial['screenshots']): Tutorial {
  return { ...summaryOf(row), body: row.body, video_url: row.videoUrl, screenshots };
}

function summaryOf(row: TutorialRow): TutorialSummary {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    minutes: Math.max(1, Math.round(row.body.split(/\s+/).filter(Boolean).length / WORDS_PER_MINUTE)),
    sections: sectionsOf(row.body),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The body's section headings ("## …"), in order, their inline markup left out. */
function sectionsOf(body: string): string[] {
  return [...body.matchAll(/^#{2,3}[ \t]+(.+?)[ \t]*#*[ \t]*$/gm)].map((match) => (match[1] ?? '').replace(/[*_`]/g, '').trim());
}
