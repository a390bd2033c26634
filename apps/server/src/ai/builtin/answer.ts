/**
 * Answer mode: the lead, then the supporting points grouped by document, then the sources.
 */
import { quoteAsData } from '../citations.ts';
import type { PassageElement } from '../passage-scoring.ts';
import type { RetrievalResult } from '../retrieval.ts';
import { Citer, type ComposedAnswer, byDocument, finalise, groupLabel, sourcesSection } from './cite.ts';
import type { Intent } from '../question/slots.ts';
import { leadCandidates, leadLines, missingFacts } from './lead.ts';
import { kindList, lineContext, passagePieces, renderPieces } from './pieces.ts';
import { rolesTableText, whoLead } from './roles.ts';
import { textTerms } from './terms.ts';
import { CODE_IN_TEXT, documentNames, joinWords, lowerFirst, sectionName, sentence, sentenceKey } from './text.ts';
import { verdictOf } from './verdict.ts';
import { codeKey } from '../retrieval/text-signals.ts';

/** Elements of the best passage quoted when no sentence of the passages answers on its own. */
const QUOTED_ELEMENTS = 6;

/** The answer to the question retrieval read (`retrieval.question`), from its passages. */
export function composeAnswerText(retrieval: RetrievalResult): ComposedAnswer {
  const { passages, question } = retrieval;
  const citer = new Citer();
  const kinds = new Set(question.intents.map((intent) => intent.kind));
  let lead = leadLines(question, retrieval);
  const parts: string[] = [];

  // A yes/no question is answered yes or no first, with the sentence that settles it, when one does.
  const verdict = question.polar
    ? verdictOf(question, retrieval, leadCandidates(passages, textTerms(retrieval, question), question.intents, question))
    : null;
  if (verdict) {
    const { candidate } = verdict;
    const said = sentence(candidate.text).replace(/^(A|An) /, (article) => article.toLowerCase());
    const current = verdict.current
      ? ` The current document is ${verdict.current.code} — ${verdict.current.title} (${verdict.current.edition}).`
      : '';
    parts.push(`${verdict.answer} — ${lowerFirst(said)} ${citer.mark(candidate.passage, candidate.elementId, candidate.quote)}${current}`);
    lead = lead.filter((entry) => !entry.keys.some((key) => candidate.keys.includes(key)));
  }

  // What is asked and not stated is said first, with where the passages say it is set (a verdict has said what settles it).
  const missing = verdict ? [] : missingFacts(question, retrieval, lead);
  if (missing.length > 0) {
    const what = joinWords(missing.map((entry) => entry.intent.missing ?? ''));
    const wheres = missing.flatMap((entry) => (entry.where ? [entry.where] : []));
    const where = wheres[0];
    const wherePassage = where ? passages[where.passage] : undefined;
    // The document the passage refers the fact to: another one, never its own code, however
    // written ("L122" in ACoP L122's own text).
    const own = ` ${codeKey(wherePassage?.code ?? '')} `;
    const named = where
      ? [...where.text.matchAll(new RegExp(CODE_IN_TEXT.source, 'g'))]
          .map((match) => match[0])
          .find((code) => wherePassage === undefined || !own.includes(` ${codeKey(code)} `))
      : undefined;
    const opening =
      where && wherePassage
        ? `The library's text does not state ${what}${named ? ':' : ';'} ${wherePassage.code}${sectionName(wherePassage) ? ` (${sectionName(wherePassage)})` : ''} ${named ? `refers it to ${named}.` : 'says:'}`
        : `The library's text of ${documentNames(passages)} does not state ${what}.`;
    const support = where && wherePassage ? ` ${sentence(where.text)} ${citer.mark(where.passage, where.elementId, where.quote)}` : '';
    parts.push(`${quoteAsData(opening)}${support}`);
    if (where) lead = lead.filter((entry) => entry.elementId !== where.elementId || entry.text !== where.text);
  }

  // A who-question names the roles (and who appoints them) from a roles table before anything else.
  const who = kinds.has('who') ? whoLead(question, retrieval, citer) : null;
  // A duties question is answered by the duty list itself, before any scope; the lead does not repeat its items.
  const duties =
    (kinds.has('records') ? kindList(question, retrieval, citer, 'records') : null) ??
    (kinds.has('duties') ? kindList(question, retrieval, citer, 'duties') : null);
  if (duties) lead = lead.filter((entry) => !entry.keys.some((key) => duties.keys.includes(key)));
  // A named role's answer is its row; the lead adds only another statement of who does what.
  if (who?.named) lead = lead.filter((entry) => entry.gives.has('who') && !entry.row);
  const leadText = lead
    .filter((entry) => !(who && entry.row && who.tables.some((table) => table.elementId === entry.elementId)))
    .filter((entry) => !(who && entry.row))
    .map((entry) => `${sentence(entry.text)} ${citer.mark(entry.passage, entry.elementId, entry.quote)}`)
    .join(' ');
  // A specific fact asked for (an interval, a period, a figure) that the lead gives comes before the list.
  const factFirst =
    lead[0] !== undefined &&
    ['interval', 'period', 'deadline', 'temperature', 'figure'].some((kind) => lead[0]?.gives.has(kind as Intent['kind']));
  if (duties && !factFirst && !/^\s*who\b/i.test(question.text)) parts.push(duties.text);
  if (who) {
    // A duty-holder statement in prose ("Under the Order the responsible person must …") answers before the list of roles.
    const holderFirst = !who.named && lead[0] !== undefined && !lead[0].row && lead[0].gives.has('who');
    if (holderFirst && leadText.length > 0) parts.push(leadText);
    parts.push(who.text);
    if (!holderFirst && leadText.length > 0) parts.push(leadText);
    for (const table of who.tables) parts.push(rolesTableText(table, citer));
  } else if (leadText.length > 0) {
    parts.push(leadText);
  }
  if (duties && !parts.includes(duties.text)) parts.push(duties.text);
  // No sentence of the passages answers on its own (a history told as dated items, a list with no
  // introduction): the best passage is quoted as the document writes it, under its section.
  const best = passages[0];
  const fallbackKeys: string[] = [];
  if (parts.length === 0 && best) {
    const label = best.source === 'attachment' ? 'Your attached file' : best.code;
    const section = sectionName(best);
    const elements = best.elements
      .filter((element) => element.type !== 'table' && element.type !== 'heading' && element.type !== 'title')
      .slice(0, QUOTED_ELEMENTS);
    for (const element of elements)
      fallbackKeys.push(...best.sentences.filter((s) => s.elementId === element.id).map((s) => sentenceKey(element.id, s.text)));
    // Paragraphs as they are, list items as a list under them: "… separate volumes for:" then its items.
    const blocks: string[] = [];
    const listed = (element: PassageElement | undefined) => element?.type === 'list_item' && !/:\s*$/.test(element.text);
    elements.forEach((element, i) => {
      const said = `${element.text} ${citer.mark(0, element.id, element.text)}`;
      if (listed(element) && listed(elements[i - 1])) blocks[blocks.length - 1] += `\n- ${said}`;
      else blocks.push(listed(element) ? `- ${said}` : said);
    });
    parts.push(
      blocks.length > 0
        ? [`${label}${section ? `, under "${section}",` : ''} says:`, ...blocks].join('\n\n')
        : `${best.source === 'attachment' ? 'Your attached file holds' : 'The library holds'} these passages on the question.`,
    );
  }

  const shown = new Set((who?.tables ?? []).map((table) => table.elementId));
  const context = lineContext(question, retrieval, lead, shown);
  for (const key of [...(duties?.keys ?? []), ...(verdict?.candidate.keys ?? []), ...fallbackKeys]) context.quoted.add(key);
  const groups: string[] = [];
  const shownRows = new Set<string>();
  for (const { passage, indexes } of byDocument(passages)) {
    const pieces = indexes.flatMap((index) => {
      const member = passages[index];
      return member ? passagePieces(member, index, context) : [];
    });
    const text = renderPieces(pieces, citer, shownRows);
    if (text.length > 0) groups.push(`*${groupLabel(passage)}*\n\n${text}`);
  }
  if (groups.length > 0) parts.push(`**Key requirements**\n\n${groups.join('\n\n')}`);
  parts.push(sourcesSection(passages, citer, parts.join('\n\n')));
  return finalise(parts.join('\n\n'), passages, citer);
}
