import { z } from 'zod';

/** A tutorial as the list shows it: enough to find it (its sections are searched too) and open it. */
export const tutorialSummarySchema = z.object({
  id: z.string(),
  /** The page address: /tutorials/{slug}. */
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  /** About how long it takes to read. */
  minutes: z.number().int().min(1),
  /** The headings of its sections, in order. */
  sections: z.array(z.string()),
  updated_at: z.string(),
});
export type TutorialSummary = z.infer<typeof tutorialSummarySchema>;

/** GET /api/tutorials: the published tutorials in their order. */
export const tutorialsResponseSchema = z.object({ tutorials: z.array(tutorialSummarySchema) });
export type TutorialsResponse = z.infer<typeof tutorialsResponseSchema>;

/** GET /api/tutorials/{id}: one tutorial with its Markdown body and an optional video. */
export const tutorialSchema = tutorialSummarySchema.extend({
  /** Markdown: headings, paragraphs, lists, tables, bold, italics, code and links; no HTML. */
  body: z.string(),
  /** An https address of a video to watch with it, or null. */
  video_url: z.string().nullable(),
  /**
   * The pictures of real pages its body shows (![what it shows](screenshot:name)) that this
   * installation has taken, with their sizes; a picture not taken is left out of the page.
   */
  screenshots: z.array(z.object({ name: z.string(), width: z.number().int().positive(), height: z.number().int().positive() })),
});
export type Tutorial = z.infer<typeof tutorialSchema>;

/** The tutorial's id or its slug (the page address names it by slug). */
export const tutorialParamsSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'A tutorial is named by its id or its slug'),
});

/** A tutorial screenshot's name: lower case words joined by hyphens. */
export const tutorialScreenshotParamsSchema = z.object({
  name: z
    .string()
    .max(60)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'A screenshot is named in lower case words joined by hyphens'),
});
