/**
 * Chat evaluation over conversations (a set whose cases have `turns`, such as eval/chat-followups):
 * each case's turns are asked in order in one conversation, the way the messages endpoint asks them
 * (the mode chosen by `questionMode`, the conversation before each question read by
 * `conversationOf` from the stored messages and handed to the engine by `conversationContext`),
 * the filters applied to the last turn only; the final answer is scored as the set's README
 * defines (followup-score.ts). Prints one line per case and, by kind: cases passed, citation
 * check passed and full recall, facts, decline check, shape check, and for follow-ups whether the
 * answer cites only the first answer's documents with every marker resolving.
 * Usage: npm run eval:chat-turns [-- [--verbose] [--only id,id…] [--set path/to/questions.jsonl]]
 * (the set defaults to eval/chat-followups/questions.jsonl; --verbose prints every answer in full).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Citation } from '../ai/citations.ts';
import { builtinEngine, conversationOf } from '../ai/engine.ts';
import { conversationContext, questionMode } from '../modules/chat/questions.ts';
import type { ChatMessageRow } from '../modules/chat/conversations.ts';
import { openEvalLibrary } from './dev-set.ts';
import { type CaseScore, type ScoredAnswer, scoreCase, type TurnsCase } from './followup-score.ts';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? new Set((args[onlyIndex + 1] ?? '').split(',')) : null;
const setIndex = args.indexOf('--set');
const DEFAULT_SET = fileURLToPath(new URL('./chat-followups/questions.jsonl', import.meta.url));
const path = setIndex >= 0 ? (args[setIndex + 1] ?? DEFAULT_SET) : DEFAULT_SET;
const cases = readFileSync(path, 'utf8')
  .split('\n')
  .filter((line) => line.trim().length > 0)
  .map((line) => JSON.parse(line) as TurnsCase)
  .filter((item) => only === null || only.has(item.id));

const ratio = (part: number, whole: number) => (whole === 0 ? 'n/a' : (part / whole).toFixed(3));

/** A stored message as the conversation reads it back (only the fields conversationOf reads are real). */
type StoredMessage = Pick<ChatMessageRow, 'role' | 'content' | 'status' | 'citations'>;

const { handle, organisationId } = await openEvalLibrary('Chat Turns Eval Trust');
try {
  const db = handle.db;

  /** One turn of a conversation: the answer to `content` after the messages before it. */
  async function ask(messages: readonly StoredMessage[], content: string, filters: TurnsCase['filters']) {
    const context = conversationOf(messages);
    let text = '';
    let citations: Citation[] = [];
    for await (const event of builtinEngine.answer({
      db,
      organisationId,
      question: content,
      mode: questionMode('answer', content),
      ...conversationContext({ row: null as never, ...context }),
      filters: { category: filters?.category ?? [], domain: filters?.domain ?? [], subDomain: filters?.subdomain ?? [] },
    })) {
      if (event.type === 'token') text += event.text;
      else if (event.type === 'citations') citations = event.citations;
    }
    return { text, citations };
  }

  const scored = (answer: { text: string; citations: Citation[] }): ScoredAnswer => ({
    text: answer.text,
    codes: [...new Set(answer.citations.map((citation) => citation.code))],
    numbers: answer.citations.map((citation) => citation.n),
  });

  const scores: CaseScore[] = [];
  const firstCited = new Map<string, boolean>();
  for (const item of cases) {
    const messages: StoredMessage[] = [];
    const answers: { text: string; citations: Citation[] }[] = [];
    for (const [i, content] of item.turns.entries()) {
      const last = i === item.turns.length - 1;
      const answer = await ask(messages, content, last ? item.filters : undefined);
      messages.push({ role: 'user', content, status: 'complete', citations: [] });
      messages.push({ role: 'assistant', content: answer.text, status: 'complete', citations: answer.citations });
      answers.push(answer);
    }
    const final = answers.at(-1) ?? { text: '', citations: [] };
    const first = answers.length > 1 ? answers[0] : undefined;
    const score = scoreCase(item, scored(final), first ? scored(first) : null);
    scores.push(score);
    // Whether the first answer itself cited an expected document: a follow-up can keep only what it was given.
    if (first)
      firstCited.set(
        item.id,
        scored(first).codes.some((code) => item.expected_codes.includes(code)),
      );
    const problems = [
      score.citationPass
        ? null
        : `citations ✗ (cited ${scored(final).codes.join(' | ') || 'none'}; expected ${item.expected_codes.join(' | ') || 'none'})`,
      score.factsPass ? null : `facts ${score.factsFound}/${score.facts}`,
      score.declinePass ? null : item.must_decline ? (score.declined ? 'wrong decline reason' : 'ANSWERED') : 'DECLINED',
      score.shapePass ? null : `shape ✗ (${score.shapeFailures.join('; ')})`,
      score.keptCitations === false ? 'documents other than the first answer’s' : null,
      score.markersResolve ? null : 'markers that resolve to nothing',
    ].filter((line): line is string => line !== null);
    console.log(
      `${item.id}\t${item.kind}\t${score.pass ? 'pass' : 'FAIL'}\t${item.turns.at(-1)}${problems.length > 0 ? `\t${problems.join('; ')}` : ''}`,
    );
    if (verbose) {
      for (const [i, answer] of answers.entries()) {
        console.log(`\n  turn ${i + 1}: ${item.turns[i]}\n${answer.text.replace(/^/gm, '    | ')}\n`);
      }
    }
  }

  const kinds = [...new Set(scores.map((score) => score.kind))];
  const line = (label: string, group: CaseScore[]) => {
    const facts = group.reduce((total, score) => total + score.facts, 0);
    const found = group.reduce((total, score) => total + score.factsFound, 0);
    const followUps = group.filter((score) => score.keptCitations !== null);
    const withFirst = group.filter((score) => firstCited.has(score.id));
    const firstLine =
      withFirst.length > 0
        ? `\tfirst answer cited an expected document ${withFirst.filter((score) => firstCited.get(score.id)).length}/${withFirst.length}`
        : '';
    return `${label}\t${group.length}\tpassed ${ratio(group.filter((s) => s.pass).length, group.length)} (${group.filter((s) => s.pass).length})\tcitation ${ratio(group.filter((s) => s.citationPass).length, group.length)} recall ${ratio(
      group.reduce((t, s) => t + s.recall, 0),
      group.length,
    )}\tfacts ${ratio(found, facts)} (${found}/${facts}), all ${group.filter((s) => s.factsPass).length}\tdecline ${group.filter((s) => s.declinePass).length}/${group.length}\tshape ${group.filter((s) => s.shapePass).length}/${group.length}${followUps.length > 0 ? `\tfirst answer's documents kept ${followUps.filter((s) => s.keptCitations).length}/${followUps.length}` : ''}\tmarkers resolve ${group.filter((s) => s.markersResolve).length}/${group.length}${firstLine}`;
  };
  console.log('\nkind\tcases\tpassed\tcitations\tfacts\tdecline\tshape');
  for (const kind of kinds)
    console.log(
      line(
        kind,
        scores.filter((score) => score.kind === kind),
      ),
    );
  console.log(line('all', scores));
} finally {
  await handle.close();
}
