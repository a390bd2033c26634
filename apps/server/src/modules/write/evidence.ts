import type { WriteEvidence } from '@verity/shared';
import type { Database } from '../../db/connect.ts';
import { notFound } from '../../lib/errors.ts';
import type { WriteAuthor } from '../../core/policies/write.ts';
import { getDocument } from './documents.ts';

/** Lines shown on each side of a cited line, so a reader sees what was said around it. */
const CONTEXT_LINES = 1;

export const ITEM_NOT_FOUND = 'The requested decision or action could not be found in this document.';

/**
 * Where a decision or action of the author's document came from: the transcript lines it cites,
 * each with a line either side, in transcript order, the cited ones marked. The item is looked up
 * in what the engine found (the author's edits to the content do not move its evidence); an item
 * the document does not have, or a document not written yet, is a 404.
 */
export async function itemEvidence(options: {
  db: Database;
  author: WriteAuthor;
  documentId: string;
  item: string;
}): Promise<WriteEvidence> {
  const document = await getDocument(options);
  const findings = document.findings;
  const decision = findings?.decisions.find((entry) => entry.id === options.item);
  const action = findings?.actions.find((entry) => entry.id === options.item);
  const found = decision ? { text: decision.text, lines: decision.lines } : action ? { text: action.action, lines: action.lines } : null;
  if (!found) throw notFound(ITEM_NOT_FOUND);

  const cited = new Set(found.lines);
  const shown = new Set<number>();
  for (const n of cited) for (let near = n - CONTEXT_LINES; near <= n + CONTEXT_LINES; near += 1) shown.add(near);
  return {
    item: options.item,
    text: found.text,
    lines: document.transcript.lines.filter((line) => shown.has(line.n)).map((line) => ({ ...line, cited: cited.has(line.n) })),
  };
}
