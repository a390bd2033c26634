import { parse } from 'yaml';
import { z } from 'zod';

/** Approved Codes of Practice (HSE's ACoPs) and other statutory codes share one category, "Code of practice". */
export const CATEGORIES = ['Guidance', 'Legislation', 'Assurance', 'Code of practice'] as const;
export const DOMAINS = [
  'HTM',
  'HBN',
  'Health & Safety',
  'Fire Safety',
  'Environment & Waste',
  'Information Governance',
  'CQC',
  'Estates Assurance',
  'Equality',
] as const;
export const NATIONS = ['England', 'Wales', 'Scotland', 'Northern Ireland'] as const;

const text = z.string().trim().min(1);

/** Where the official text is published: a title, and its address when the library knows the official page. */
export const sourceSchema = z
  .object({
    title: text,
    url: z
      .string()
      .url()
      .refine((u) => u.startsWith('https://'), 'an official address starts https://')
      .optional(),
  })
  .strict();

export type CorpusSource = z.infer<typeof sourceSchema>;

export const frontMatterSchema = z
  .object({
    code: text,
    title: text,
    filename: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/, 'lower-case words joined by hyphens, ending .md'),
    category: z.enum(CATEGORIES),
    domain: z.enum(DOMAINS),
    subdomain: text,
    issuer: text,
    edition: text,
    status: z.enum(['current', 'superseded']),
    /** The replacing document's code, or every successor's code (the main one first) when one edition became several parts. */
    superseded_by: z.union([text, z.array(text).min(1)]).nullable(),
    supersedes: z.array(text),
    applies_to: z.array(z.enum(NATIONS)).min(1),
    sources: z.array(sourceSchema).min(1),
  })
  .strict()
  .refine((m) => (m.status === 'superseded') === (m.superseded_by !== null), {
    message: 'superseded_by is set exactly when status is superseded',
    path: ['superseded_by'],
  });

export type FrontMatter = z.infer<typeof frontMatterSchema>;

/** The codes of the documents that replaced this one, the main one first; none for a current document. */
export function successorCodes(meta: Pick<FrontMatter, 'superseded_by'>): string[] {
  return meta.superseded_by === null ? [] : [meta.superseded_by].flat();
}

export interface ParsedDocument {
  meta: FrontMatter;
  body: string;
}

/** Split a corpus file into validated front matter and its Markdown body. */
export function parseCorpusFile(source: string, name: string): ParsedDocument {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error(`${name}: no front matter between --- lines`);
  const result = frontMatterSchema.safeParse(parse(match[1] ?? ''));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`${name}: invalid front matter: ${problems}`);
  }
  return { meta: result.data, body: match[2] ?? '' };
}
