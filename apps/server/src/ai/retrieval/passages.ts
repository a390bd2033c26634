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
import type { Passage } from './types.ts';
import { answersInItsSection, type KindPassage, PULLING_KINDS, pullsKind, type QuestionKind } from '../question/kinds.ts';
import type { Question } from '../question/read.ts';
import type { ElementRow } from './candidates.ts';
import { type Candidate, SEEDS_PER_DOCUMENT } from './score.ts';

/** Passages an answer quotes: every cited document's best with room for the strongest others, few enough to read and to fit a prompt. */
const MAX_PASSAGES = 8;
/**
 * A passage answering a kind the question asks for (the roles table for "who", the intervals for
 * "how often") is quoted even below the usual cut when it holds at least this share of the
 * document's best score: it is on the question (its section or the title holds its terms) and gives
 * what was asked, where the best passage may only introduce the subject.
 */
const KIND_FLOOR = 0.3;
/** …and counts as this share of the document's best when passages are kept across documents. */
const KIND_KEEP = 0.9;
/**
 * A document named by its code answers with its opening when its best passage holds less than this
 * share of the question's words: the question asks about the document as a whole. A question
 * setting its scene in many words of its own ("… for the old tower block at our district general")
 * holds few of them anywhere, so the share is well below the relevance threshold.
 */
const NAMED_OPENING = 0.2;
/** A roles table (in a roles section) answers a who-question from a lower share of the document's best. */
const ROLES_TABLE_FLOOR = 0.15;

/** Whether an entry's label ("Responsible person. The organisation …", "Designated Person: …") is a role the question names. */
function labelNamedIn(text: string, asked: ReadonlySet<string>): boolean {
  const label = /^([^.:|—–]{3,60})(?:[.:|]|\s[—–]\s)/.exec(text.trim())?.[1];
  const words = label?.toLowerCase().match(/[a-z]{3,}/g) ?? [];
  return words.length > 0 && words.length <= 5 && words.every((word) => asked.has(word));
}

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
  /** The question as read once: the kinds it asks for, and its words for the roles it names. */
  question: Question;
}): Promise<Passage[]> {
  const { db, organisationId, chosen, terms, question } = options;
  const { kinds } = question.understanding;
  const pulling: QuestionKind[] = [...kinds].filter((kind) => PULLING_KINDS.has(kind) && kind !== 'draft');
  if (kinds.has('draft')) pulling.push('who', 'duties', 'records');
  const asked = new Set(question.letters.filter((word) => word.length >= 3));
  // "How many …": a passage giving the count ("34 quality statements") gives the figure asked for.
  const { count } = question;
  const counts = (kind: QuestionKind, passage: KindPassage) => kind === 'figure' && count !== null && count(passage.text);
  const pulls = (kind: QuestionKind, passage: KindPassage) => pullsKind(kind, passage) || counts(kind, passage);
  const answersIn = (kind: QuestionKind, passage: KindPassage) => answersInItsSection(kind, passage) || counts(kind, passage);
  const editions = await currentEditions(db, organisationId, chosen);
  const groups = chosen.map((entry) => {
    const { elements } = entry;
    const docBest = entry.seeds[0]?.score ?? 0;
    // A document named by its code that holds little of the question answers with its opening.
    const little = entry.named && docBest < NAMED_OPENING;
    const seeds = little ? entry.seeds.slice().sort((a, b) => a.row.position - b.row.position) : entry.seeds;
    const picked = pickPassages(seeds, elements, {
      max: SEEDS_PER_DOCUMENT,
      best: docBest,
      cut: true,
      // A follow-up's passages must hold its own terms, not only the context carried from before.
      accept: (seed) => entry.named || seed.relevance >= entry.ownBest * RELATIVE_CUT,
    });
    // Each kind asked for that the picked passages do not answer: the document's best passage that
    // does, when it is on the question, in place of the weakest other passage.
    const kindPicked = new Set<(typeof picked)[number]>();
    const answers = (kind: QuestionKind, rows: readonly ElementRow[]) =>
      rows.some((row) => answersIn(kind, { text: row.text, headingPath: row.headingPath, type: row.type }));
    for (const kind of little ? [] : pulling) {
      // A table answering the kind (a roles table, a schedule of intervals) gives the whole answer:
      // it is quoted unless one is already; otherwise any passage answering the kind will do.
      const tableAnswers = picked.some((choice) => choice.elements.some((row) => row.type === 'table') && answers(kind, choice.elements));
      if (tableAnswers) continue;
      const covered = new Set(picked.flatMap((choice) => choice.elements));
      const onQuestion = (candidate: (typeof seeds)[number]) =>
        candidate.score >= docBest * KIND_FLOOR &&
        candidate.relevance > 0 &&
        !covered.has(candidate.row) &&
        pulls(kind, { text: candidate.row.text, headingPath: candidate.row.headingPath, type: candidate.row.type });
      // A chosen document's roles table answers a who-question even when it holds few of the
      // question's other words ("our fixed wiring"): who holds the duty is what was asked.
      const rolesTable = (candidate: (typeof seeds)[number]) =>
        kind === 'who' &&
        candidate.score >= docBest * ROLES_TABLE_FLOOR &&
        candidate.relevance > 0 &&
        !covered.has(candidate.row) &&
        answersInItsSection('who', { text: candidate.row.text, headingPath: candidate.row.headingPath, type: candidate.row.type });
      const table = seeds.find((candidate) => candidate.row.type === 'table' && (onQuestion(candidate) || rolesTable(candidate)));
      // A passage pulled for another kind (the roles entry for "who") does not answer this one ("what must they do").
      const answered = picked.some((choice) => !kindPicked.has(choice) && answers(kind, choice.elements));
      // "Who is the responsible person …": the roles section's entry for the role the question names
      // says who it is, however few of the question's other words it holds.
      const namedRole =
        kind === 'who' && !answered
          ? seeds.find(
              (candidate) =>
                candidate.relevance > 0 &&
                !covered.has(candidate.row) &&
                answersInItsSection('who', {
                  text: candidate.row.text,
                  headingPath: candidate.row.headingPath,
                  type: candidate.row.type,
                }) &&
                labelNamedIn(candidate.row.text, asked),
            )
          : undefined;
      const seed = table ?? namedRole ?? (answered ? undefined : seeds.find(onQuestion));
      if (!seed) continue;
      const [choice] = pickPassages(
        [seed],
        elements.filter((row) => !covered.has(row) || row === seed.row),
        {
          max: 1,
          best: docBest,
          cut: false,
        },
      );
      if (!choice) continue;
      if (picked.length >= SEEDS_PER_DOCUMENT) {
        // The lowest-scoring passage gives way (never the document's best, nor one another kind pulled).
        const weakest = picked.reduce(
          (found, other, i) =>
            i > 0 && !kindPicked.has(other) && (found < 0 || other.seed.score < (picked[found]?.seed.score ?? 0)) ? i : found,
          -1,
        );
        if (weakest < 0) continue;
        picked.splice(weakest, 1);
      }
      picked.push(choice);
      kindPicked.add(choice);
    }
    return picked.map((choice) => ({ ...choice, kind: kindPicked.has(choice) }));
  });
  const draftsOf = groups.map((group, documentRank): Draft[] => {
    const entry = chosen[documentRank] as Candidate;
    const { document } = entry;
    const docBest = entry.seeds[0]?.score ?? 0;
    return group.map(({ seed, elements: rows, kind }) => ({
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
        score: Math.max(seed.score, entry.named ? entry.best : 0, kind ? docBest * KIND_KEEP : 0),
      },
    }));
  });
  const kept = keepBest(draftsOf, MAX_PASSAGES);
  const ordered = draftsOf
    .flat()
    .filter((draft) => kept.has(draft))
    .sort((a, b) => a.rank - b.rank || (a.rows[0]?.position ?? 0) - (b.rows[0]?.position ?? 0));
  return withSentences(db, ordered, terms);
}
