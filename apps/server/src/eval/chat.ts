/**
 * Chat evaluation on the dev set: every question goes through the built-in engine (not HTTP) with
 * its filters, over an in-memory library seeded with the corpus. Prints each question's cited codes
 * and the aggregates:
 * - expected document cited (citation recall@answer): share of in-scope questions whose cited codes
 *   include an expected code (target ≥ 0.95); expected codes cited: the stricter share of all
 *   expected codes (over in-scope questions) that were cited;
 * - citation precision, over every (question, cited document) pair of in-scope answers: strict counts
 *   a pair relevant when the code is expected; related also when it is another edition of an expected
 *   document or shares an expected document's subdomain (the same regulatory topic);
 * - facts mentioned: share of the key facts (must_mention) the library states (facts_in_library) that the
 *   answer text states in one of their wordings (case, white space and degree signs aside); each
 *   missed fact is shown with whether a retrieved passage states it (composition left it out) or
 *   none does (retrieval did not find it);
 * - yes/no answered first: of the questions with `answer_starts`, the share whose answer opens with
 *   that word;
 * - facts mentioned by kind, for sets whose questions say their `kind`;
 * - out-of-scope declined: share of out-of-scope questions given the "nothing relevant" answer (and
 *   in-scope questions wrongly declined);
 * - median and p95 of time to first token and of retrieval time.
 * Usage: npm run eval:chat [-- [--verbose] [--only id,id…] [--embeddings] [--set path/to/questions.jsonl]]
 * (the set defaults to the dev set; `--set apps/server/src/eval/chat-held-out.jsonl` runs the project's
 * own held-out questions; a bare path works as well as --set);
 * --embeddings ranks documents by fusing lexical and semantic rankings (eval/embeddings.ts says
 * where the vectors come from);
 * --verbose prints each answer in full under its line, with the retrieved passages and their scores;
 * --only limits the run to the listed question ids (the aggregates then cover those only).
 */
import { performance } from 'node:perf_hooks';
import { DEV_SET_PATH, type DevQuestion, loadDevSet, mentionsFact, opensWith, openEvalLibrary } from './dev-set.ts';
import { asksForDraft } from '../ai/builtin/draft.ts';
import { answerWithBuiltinEngine } from '../ai/builtin/engine.ts';
import type { Citation } from '../ai/citations.ts';
import type { RetrievalResult } from '../ai/retrieval.ts';
import { documents } from '../db/schema.ts';
import { evalSemanticSearch } from './embeddings.ts';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const withEmbeddings = args.includes('--embeddings');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new Set((args[onlyIndex + 1] ?? '').split(',')) : null;
const setIndex = args.indexOf('--set');
const path = setIndex >= 0 ? args[setIndex + 1] : args.find((arg, i) => !arg.startsWith('--') && (onlyIndex < 0 || i !== onlyIndex + 1));
const questions = loadDevSet(path ?? DEV_SET_PATH).filter((question) => only === null || only.has(question.id));

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 'n/a' : (part / whole).toFixed(3));

/** The retrieved passages (score, code, heading, opening words) and the answer as the user sees it. */
function printDetails(retrieval: RetrievalResult | null, text: string): void {
  for (const passage of retrieval?.passages ?? []) {
    const opening = passage.elements
      .map((element) => element.text)
      .join(' ')
      .replace(/\s+/g, ' ')
      .slice(0, 100);
    console.log(`    ${passage.score.toFixed(2)}  ${passage.code} › ${passage.headingPath.join(' › ') || '-'}: ${opening}`);
  }
  console.log(`\n${text.replace(/^/gm, '    | ')}\n`);
}

const { handle, organisationId } = await openEvalLibrary('Chat Eval Trust');
const hybrid = withEmbeddings ? await evalSemanticSearch(handle.db, organisationId) : null;
if (withEmbeddings && !hybrid) {
  console.error('--embeddings needs EVAL_EMBEDDINGS_URL or EVAL_WORD_VECTORS (see apps/server/src/eval/embeddings.ts)');
  process.exit(2);
}
if (hybrid) console.log(`ranking: lexical + semantic (${hybrid.label}), reciprocal rank fusion\n`);
try {
  const db = handle.db;
  const library = await db
    .select({ code: documents.code, subdomain: documents.subdomain, supersededByCode: documents.supersededByCode })
    .from(documents);
  const subdomainOf = new Map(library.map((row) => [row.code, row.subdomain]));
  const replacedBy = new Map(library.map((row) => [row.code, row.supersededByCode]));

  async function ask(question: DevQuestion) {
    const started = performance.now();
    let firstToken: number | null = null;
    let retrievalMs = 0;
    let citations: Citation[] = [];
    let text = '';
    let declined = false;
    let retrieved: RetrievalResult | null = null;
    for await (const event of answerWithBuiltinEngine({
      db,
      organisationId: organisationId,
      question: question.question,
      // As the messages endpoint stores it: a request for a draft is answered as one.
      mode: asksForDraft(question.question) ? 'draft' : 'answer',
      semantic: hybrid?.semantic,
      filters: {
        category: question.filters?.category ?? [],
        domain: question.filters?.domain ?? [],
        subDomain: question.filters?.subdomain ?? [],
      },
      onRetrieval: (retrieval) => {
        retrievalMs = retrieval.elapsedMs;
        retrieved = retrieval;
        declined = retrieval.passages.length === 0;
      },
    })) {
      if (event.type === 'token') {
        firstToken ??= performance.now() - started;
        text += event.text;
      } else if (event.type === 'citations') citations = event.citations;
    }
    return { firstToken: firstToken ?? performance.now() - started, retrievalMs, citations, text, declined, retrieved };
  }

  // One untimed question first, so the timings measure answering rather than the database warming up.
  await ask({ id: 'warm-up', question: 'Who is responsible for fire safety?', expected_codes: [] });

  const firstTokens: number[] = [];
  const retrievals: number[] = [];
  let inScope = 0;
  let answeredWithExpected = 0;
  let expectedTotal = 0;
  let expectedCited = 0;
  let citedPairs = 0;
  let strictRelevant = 0;
  let relatedRelevant = 0;
  let outOfScope = 0;
  let declinedOutOfScope = 0;
  let declinedInScope = 0;
  let factsInLibrary = 0;
  let factsMentioned = 0;
  let yesNo = 0;
  let yesNoFirst = 0;
  const byKind = new Map<string, { facts: number; mentioned: number }>();

  for (const question of questions) {
    const result = await ask(question);
    firstTokens.push(result.firstToken);
    retrievals.push(result.retrievalMs);
    const codes = [...new Set(result.citations.map((citation) => citation.code))];
    if (question.out_of_scope === true) {
      outOfScope++;
      if (result.declined) declinedOutOfScope++;
    } else {
      inScope++;
      if (result.declined) declinedInScope++;
      if (codes.some((code) => question.expected_codes.includes(code))) answeredWithExpected++;
      expectedTotal += question.expected_codes.length;
      expectedCited += question.expected_codes.filter((code) => codes.includes(code)).length;
      const expectedSubdomains = new Set(question.expected_codes.map((code) => subdomainOf.get(code)));
      for (const code of codes) {
        citedPairs++;
        const expected = question.expected_codes.includes(code);
        const otherEdition = question.expected_codes.some((wanted) => replacedBy.get(code) === wanted || replacedBy.get(wanted) === code);
        if (expected) strictRelevant++;
        if (expected || otherEdition || expectedSubdomains.has(subdomainOf.get(code))) relatedRelevant++;
      }
    }
    const missed: string[] = [];
    const kind = byKind.get(question.kind ?? 'unstated') ?? { facts: 0, mentioned: 0 };
    byKind.set(question.kind ?? 'unstated', kind);
    const wrongOpening = question.answer_starts !== undefined && !opensWith(result.text, question.answer_starts);
    if (question.answer_starts !== undefined) {
      yesNo++;
      if (!wrongOpening) yesNoFirst++;
    }
    (question.must_mention ?? []).forEach((wordings, i) => {
      if (question.facts_in_library?.[i] === false) return;
      factsInLibrary++;
      kind.facts++;
      if (mentionsFact(result.text, wordings)) {
        factsMentioned++;
        kind.mentioned++;
      } else {
        // Whether retrieval gave composition the fact (a passage states it) or not: which stage missed it.
        const passages = (result.retrieved as RetrievalResult | null)?.passages ?? [];
        const retrieved = passages.some((passage) => mentionsFact(passage.elements.map((element) => element.text).join('\n'), wordings));
        missed.push(`${wordings[0] ?? '?'} (${retrieved ? 'in the passages' : 'not retrieved'})`);
      }
    });
    const verdict = question.out_of_scope === true ? (result.declined ? 'declined ✓' : 'ANSWERED ✗') : result.declined ? 'DECLINED ✗' : '';
    console.log(
      `${question.id}\t${result.firstToken.toFixed(0)} ms\t${question.question}\t→ ${codes.join(' | ') || '-'}\t[expected ${question.expected_codes.join(' | ') || 'none'}] ${verdict}${wrongOpening ? ` does not open with "${question.answer_starts}"` : ''}${missed.length > 0 ? ` facts missed: ${missed.join('; ')}` : ''}`,
    );
    if (verbose) printDetails(result.retrieved, result.text);
  }

  console.log(`\nquestions ${questions.length} (${inScope} in scope, ${outOfScope} out of scope)`);
  console.log(
    `expected document cited (citation recall@answer) ${ratio(answeredWithExpected, inScope)} (target ≥ 0.95: answers citing an expected document)`,
  );
  console.log(
    `expected codes cited ${ratio(expectedCited, expectedTotal)} (${expectedCited} of ${expectedTotal}; the stricter share of every expected code)`,
  );
  console.log(`citation precision strict ${ratio(strictRelevant, citedPairs)} (cited documents that are expected) (target ≥ 0.90)`);
  console.log(
    `facts mentioned ${ratio(factsMentioned, factsInLibrary)} (${factsMentioned} of ${factsInLibrary} facts the library states) (target ≥ 0.85)`,
  );
  if (yesNo > 0)
    console.log(`yes/no answered first ${ratio(yesNoFirst, yesNo)} (${yesNoFirst} of ${yesNo} answers open with the right yes or no)`);
  if (byKind.size > 1 || !byKind.has('unstated')) {
    const kinds = [...byKind].filter(([, counts]) => counts.facts > 0).sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `facts mentioned by kind: ${kinds.map(([name, c]) => `${name} ${ratio(c.mentioned, c.facts)} (${c.mentioned}/${c.facts})`).join(', ')}`,
    );
  }
  console.log(
    `citation precision related ${ratio(relatedRelevant, citedPairs)} (expected, another edition, or an expected document's subdomain)`,
  );
  console.log(
    `out-of-scope declined ${ratio(declinedOutOfScope, outOfScope)} (target ≥ 0.90); in-scope wrongly declined ${declinedInScope}`,
  );
  console.log(
    `first token median ${percentile(firstTokens, 50).toFixed(0)} ms, p95 ${percentile(firstTokens, 95).toFixed(0)} ms (target ≤ 150 ms p95)`,
  );
  console.log(
    `retrieval median ${percentile(retrievals, 50).toFixed(0)} ms, p95 ${percentile(retrievals, 95).toFixed(0)} ms (target ≤ 100 ms p95)`,
  );
} finally {
  await hybrid?.close();
  await handle.close();
}
