import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpus, successorCodes } from '@verity/corpus';
import { parseMarkdown } from '../ingest/markdown.ts';
import { parseFile } from '../ingest/parse.ts';
import type { LibraryDocument, Policy, ReviewLibrary } from '../review/types.ts';
import type { GoldPolicy } from './review-score.ts';

/** The policy review evaluation's development set, in shared/ beside the project checkout. */
export const REVIEW_DEV_SET_PATH = fileURLToPath(new URL('../../../../../shared/eval/review-dev', import.meta.url));

/** "Today" for the development set (its README): review dates before it are in the past. */
export const REVIEW_DEV_TODAY = '2026-11-22';

let library: ReviewLibrary | null = null;

/**
 * The seed library as the reviewer reads it, parsed by the same Markdown parser ingestion uses; a
 * document's file name stands in for its stored id and `{file}#{n}` for its elements' ids.
 */
export function seedReviewLibrary(): ReviewLibrary {
  library ??= {
    documents: loadCorpus().map(
      ({ meta, body }): LibraryDocument => ({
        id: meta.filename,
        code: meta.code,
        title: meta.title,
        status: meta.status,
        edition: meta.edition,
        supersededBy: successorCodes(meta)[0] ?? null,
        supersedes: meta.supersedes,
        domain: meta.domain,
        subdomain: meta.subdomain,
        elements: parseMarkdown(body).map((element, index) => ({
          id: `${meta.filename}#${index}`,
          type: element.type,
          text: element.text,
          headingPath: element.headingPath,
        })),
      }),
    ),
  };
  return library;
}

/**
 * A policy file of the set, parsed as an upload of it would be: by content, with the same parser
 * (a Markdown policy, or a PDF or Word file).
 */
export async function readPolicy(path: string): Promise<Policy> {
  const parsed = await parseFile({ bytes: readFileSync(path), filename: basename(path) });
  return {
    title: parsed.title,
    elements: parsed.elements.map((element, index) => ({
      index,
      type: element.type,
      text: element.text,
      page: element.page,
      headingPath: element.headingPath,
      ...(element.headerless ? { headerless: true } : {}),
    })),
  };
}

export function readReviewSet(dir: string): GoldPolicy[] {
  return readFileSync(join(dir, 'annotations.jsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GoldPolicy);
}
