// How-to guides for each tool and the library, seeded from the product's own Markdown and edited by administrators.
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt, updatedAt } from './columns.ts';

export const tutorials = pgTable(
  'tutorials',
  {
    id: text('id').primaryKey(),
    /** The page address (/tutorials/{slug}); lower case, digits and hyphens. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** Markdown: no HTML is rendered from it. */
    body: text('body').notNull(),
    videoUrl: text('video_url'),
    /** The list's order, smallest first. */
    position: integer('position').notNull(),
    published: boolean('published').notNull().default(true),
    /**
     * The hash of the seed text this row was last written from, or null when an administrator has
     * changed it since: a later seed updates a tutorial nobody edited, never one somebody did.
     */
    seedHash: text('seed_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('tutorials_slug_key').on(t.slug)],
);

/**
 * Pictures of the real pages, taken by the seed step in a headless browser signed in as the demo
 * accounts (fictional people and data only), and shown in the tutorials. `build` names the web
 * build they show, so a new build takes them again.
 */
export const tutorialScreenshots = pgTable('tutorial_screenshots', {
  /** The name a tutorial uses: ![…](screenshot:name). */
  name: text('name').primaryKey(),
  build: text('build').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  png: bytea('png').notNull(),
  createdAt: createdAt(),
});
