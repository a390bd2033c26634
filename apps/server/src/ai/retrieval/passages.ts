/**
 * Stage six of retrieval, choosing the passages: each chosen document's best elements as seeds,
 * expanded to their list context without overlap, capped so every document keeps its best and the
 * rest of the room goes to the strongest others, then each sentence scored for composition.
 */
import type { DocumentLink } from '@verity/shared';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { documents } from '../../db/schema.ts';
import { keepBest, pickPassages, type QueryTerm, RELATIVE_CUT, withSentences } from '../passage-scoring.ts';
import type { Passage } from '../retrieval.ts';
import type { ElementRow } from './candidates.ts';
import { RELEVANCE_THRESHOLD } from './choice.ts';
import { type Candidate, SEEDS_PER_DOCUMENT } from './score.ts';

/** Passages an answer quotes: every cited document's best with room for the strongest others, few enough to read and to fit a prompt. */
const MAX_PASSAGES = 8;

/** The current editions that replaced the chosen superseded ones, by code, when the organisation can see them. */
async function currentEditions(db: Database, organisationId: string, chosen: readonly Candidate[]): Promise<Map<string, DocumentLink>> {
  const replacements = [
    ...new Set(chosen.map((entry) => entry.document.superseded_by_code).filter((code): code is string => code !== null)),
  ];
  const editions = new Map<string, DocumentLink>();
  if (replacements.length === 0) return editions;
  const rows = await db
    .select({
      id: documents.id,
      code: documents.code,
      title: documents.title,
      organisationId: documents.organisationId,
      status: documents.status,
    })
    .from(documents)
    .where(inArray(documents.code, replacements));
  for (const row of rows) {
    if (row.status === 'current' && (row.organisationId === null || row.organisationId === organisationId)) {
      editions.set(row.code, { id: row.id, code: row.code, title: row.title });
    }
  }
  return editions;
}

interface Draft {
  passage: Omit<Passage, 'sentences'>;
  rows: ElementRow[];
  rank: number;
}

/** The passages of the chosen documents, in the documents' order and each document's own order, with their sentences scored. */
export async function choosePassages(options: {
  db: Database;
  organisationId: string;
  chosen: readonly Candidate[];
  terms: readonly QueryTerm[];
}): Promise<Passage[]> {
  const { db, organisationId, chosen, terms } = options;
  const editions = await currentEditions(db, organisationId, chosen);
  const groups = chosen.map((entry, documentRank): Draft[] => {
    const { document, elements } = entry;
    const docBest = entry.seeds[0]?.score ?? 0;
    // A document named by its code that holds little of the question answers with its opening.
    const seeds =
      entry.named && docBest < RELEVANCE_THRESHOLD ? entry.seeds.slice().sort((a, b) => a.row.position - b.row.position) : entry.seeds;
    const picked = pickPassages(seeds, elements, {
      max: SEEDS_PER_DOCUMENT,
      best: docBest,
      cut: true,
      // A follow-up's passages must hold its own terms, not only the context carried from before.
      accept: (seed) => entry.named || seed.relevance >= entry.ownBest * RELATIVE_CUT,
    });
    return picked.map(({ seed, elements: rows }) => ({
      rank: documentRank,
      rows,
      passage: {
        source: 'library',
        documentId: document.id,
        code: document.code,
        title: document.title,
        edition: document.edition,
        status: document.status,
        supersededByCode: document.superseded_by_code,
        supersededBy: document.superseded_by_code ? (editions.get(document.superseded_by_code) ?? null) : null,
        headingPath: seed.row.headingPath,
        elements: rows.map((row) => ({ id: row.id, type: row.type, text: row.text })),
        score: Math.max(seed.score, entry.named ? entry.best : 0),
      },
    }));
  });
  const kept = keepBest(groups, MAX_PASSAGES);
  const ordered = groups
    .flat()
    .filter((draft) => kept.has(draft))
    .sort((a, b) => a.rank - b.rank || (a.rows[0]?.position ?? 0) - (b.rows[0]?.position ?? 0));
  return withSentences(db, ordered, terms);
}
