/**
 * Retrieval evaluation on the dev set: every in-scope question goes through the search service
 * (not HTTP) with its filters; prints each question's rank of the first expected document, then
 * recall@1, recall@5 and MRR. Usage: npm run eval:retrieval [-- path/to/questions.jsonl]
 */
import { loadDevSet, openEvalLibrary } from './dev-set.ts';
import { searchDocuments } from '../modules/documents/search.ts';

const questions = loadDevSet().filter((question) => question.out_of_scope !== true);

const { handle, organisationId } = await openEvalLibrary('Retrieval Eval Trust');
try {
  const db = handle.db;

  let hitsAt1 = 0;
  let hitsAt5 = 0;
  let reciprocal = 0;
  for (const question of questions) {
    const response = await searchDocuments({
      db,
      organisationId: organisationId,
      query: {
        q: question.question,
        category: question.filters?.category ?? [],
        domain: question.filters?.domain ?? [],
        subdomain: question.filters?.subdomain ?? [],
        page: 1,
      },
    });
    const codes = response.results.map((result) => result.reference.code);
    const index = codes.findIndex((code) => question.expected_codes.includes(code));
    const rank = index === -1 ? null : index + 1;
    if (rank === 1) hitsAt1++;
    if (rank !== null && rank <= 5) hitsAt5++;
    if (rank !== null) reciprocal += 1 / rank;
    console.log(`${question.id}\trank ${rank ?? '-'}\t${question.question}\t→ ${codes.slice(0, 3).join(' | ')}`);
  }
  const n = questions.length;
  console.log(`\nquestions ${n}`);
  console.log(`recall@1 ${(hitsAt1 / n).toFixed(3)}`);
  console.log(`recall@5 ${(hitsAt5 / n).toFixed(3)}`);
  console.log(`MRR ${(reciprocal / n).toFixed(3)}`);
} finally {
  await handle.close();
}
