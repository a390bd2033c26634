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

export const TUTORIAL_TITLE_MAX = 200;
export const TUTORIAL_SUMMARY_MAX = 400;
export const TUTORIAL_BODY_MAX = 50_000;

/** A tutorial as administrators manage it: published or not, in its place, edited since it was seeded or not. */
export const adminTutorialSchema = tutorialSchema.extend({
  position: z.number().int().min(0),
  published: z.boolean(),
  /** False while it still follows the product's own text (a release may update it); true once an administrator changed it. */
  edited: z.boolean(),
  created_at: z.string(),
});
export type AdminTutorial = z.infer<typeof adminTutorialSchema>;

/** GET /api/admin/tutorials: every tutorial in its order, and the pictures a body may show. */
export const adminTutorialsResponseSchema = z.object({
  tutorials: z.array(adminTutorialSchema),
  /** Every picture taken on this installation: `![what it shows](screenshot:name)` in a body shows one. */
  available_screenshots: tutorialSchema.shape.screenshots,
});
export type AdminTutorialsResponse = z.infer<typeof adminTutorialsResponseSchema>;

const slugSchema = z
  .string()
  .trim()
  .max(80, 'The address must be at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The address is lower case words joined by hyphens, e.g. using-the-wiki');
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-GB')} characters`);
const videoUrlSchema = z
  .url({ protocol: /^https$/, error: 'The video address must be an https link' })
  .max(500, 'The video address must be at most 500 characters')
  .nullable();

/** POST /api/admin/tutorials: a new tutorial, unpublished unless said; its address made from the title when not given. */
export const createTutorialSchema = z.strictObject({
  slug: slugSchema.optional(),
  title: requiredText('Title', TUTORIAL_TITLE_MAX),
  summary: requiredText('Summary', TUTORIAL_SUMMARY_MAX),
  body: requiredText('The text', TUTORIAL_BODY_MAX),
  video_url: videoUrlSchema.optional(),
  published: z.boolean().default(false),
});
export type CreateTutorialInput = z.input<typeof createTutorialSchema>;

/** POST /api/admin/tutorials/:tutorialId: what to change (at least one). */
export const updateTutorialSchema = z
  .strictObject({
    slug: slugSchema.optional(),
    title: requiredText('Title', TUTORIAL_TITLE_MAX).optional(),
    summary: requiredText('Summary', TUTORIAL_SUMMARY_MAX).optional(),
    body: requiredText('The text', TUTORIAL_BODY_MAX).optional(),
    video_url: videoUrlSchema.optional(),
    published: z.boolean().optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: 'Give at least one thing to change' });
export type UpdateTutorialInput = z.infer<typeof updateTutorialSchema>;

export const adminTutorialParamsSchema = z.object({ tutorialId: z.string().trim().min(1).max(64) });

/** POST /api/admin/tutorials/order: every tutorial's id, in the new order. */
export const reorderTutorialsSchema = z.strictObject({
  ids: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'Give the tutorials in their new order')
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, 'Each tutorial once'),
});
export type ReorderTutorialsInput = z.infer<typeof reorderTutorialsSchema>;
