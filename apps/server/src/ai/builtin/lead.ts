/**
 * The answer's opening: the lines that answer what was asked, scored by the question's terms and
 * intents, or a plain statement of what the passages do not say.
 */
import type { PassageElement } from '../passage-scoring.ts';
import type { Passage, RetrievalResult } from '../retrieval.ts';
import { GAPS_SECTION, isCrossReference, offQuestionSection } from '../retrieval/text-signals.ts';
import type { Question } from '../question/read.ts';
import { type Intent, termDefinition } from '../question/slots.ts';
import { dutySentence, itemAsSentence, pronounFor } from './roles.ts';
import { type TextTerm, ownTermsHeld, passageContext, termShare, textTerms } from './terms.ts';
import {
  CODE_IN_TEXT,
  BARE_PRONOUN_INTRO,
  COUNTED,
  DUTY_SECTION,
  LEANS_ON_PREVIOUS,
  NEEDS_INTRO,
  NOT_APPLYING,
  QUESTION_HEADERS,
  SCOPE_SECTION,
  headerPhrase,
  lowerFirst,
  rowText,
  sentenceKey,
  standaloneIntro,
  tableRows,
} from './text.ts';

const LEAD_SENTENCES = 3;

const LEAD_MAX_CHARACTERS = 700;

/** A further lead sentence must score at least this share of the first… */
const LEAD_CUT = 0.6;

/** …and hold at least this share of the question's own term weight the lead does not yet hold (or give what the question asks for). */
const LEAD_NEW_TERMS = 0.1;

/**
 * A lead candidate that does not give what the question asks for (an interval for "how often") counts
 * for this share: the sentence with the fact leads, though the question's setting words ("patient
 * hoists") are in another (0.75 let a sentence on hoists lead a question on how long reports are kept;
 * 0.5 and 0.4 kept the dev set's leads as they were).
 */
const INTENT_MISSING = 0.4;

/** A sentence that leans on one before it the lead cannot quote ("They…") counts for this share. */
const LEANING_FACTOR = 0.5;

/** A table row that does not give what the question asks for counts for this share in the lead (prose reads better). */
const ROW_LEAD = 0.8;

/** For a who-question, a lead candidate that names no one counts for this share. */
const WHO_MISSING = 0.4;

/** A lead candidate giving several of the kinds asked for (a record and its period) counts this much more for each beyond the first. */
const MORE_KINDS = 0.2;

/** A list item said as a sentence counts for this share in the lead (prose reads better). */
const ITEM_LEAD = 0.9;

/** A sentence from a section the question does not ask about (history, common failings) counts for this share in the lead, and is never a bullet. */
const ASIDE_LEAD = 0.5;

/** A sentence holding a name the question quotes counts this many times as much. */
const QUOTED_LEAD = 1.5;

/** …unless it holds at least this many times the share of the best sentence outside the asides: the fact is only there. */
const ASIDE_ALONE = 1.5;

/** A pointer to another document ("HTM 07-01 — colour coding") counts for this share in the lead, and is never a bullet. */
const CROSS_REFERENCE_LEAD = 0.5;

/** For a question about duties or roles, a sentence of a document's purpose and scope counts for this share in the lead. */
const SCOPE_LEAD = 0.6;

/** A sentence saying what does not apply counts for this share in the lead (unless the question asks what applies). */
const NOT_APPLYING_LEAD = 0.2;

/** A fact the question asks for counts as stated when a passage sentence at least this share as relevant as the best gives it (0.4 said a retention table row of the chosen document did not state the period). */
const STATED_CUT = 0.3;

/** A section heading speaking of the document as "it": "What it covered", "When and by what it was replaced". */
const DOCUMENT_HEADING = /\bit\b/i;

/** A candidate for the lead: a whole sentence (with the one before it when it leans on it), a list item after its introduction, or a table row said as a sentence. */
export interface LeadCandidate {
  text: string;
  /** What the citation quotes: the sentence, the list item, the row read with its header. */
  quote: string;
  passage: number;
  elementId: string;
  /** The passage sentences (or the table row) it quotes, so the bullets do not repeat them. */
  keys: string[];
  share: number;
  own: number[];
  intents: number;
  /** The kinds it gives. */
  gives: Set<Intent['kind']>;
  crossReference: boolean;
  /** From a section the question does not ask about (the document's history, its common failings). */
  aside?: boolean;
  /** A table row (leads best when it gives what the question asks for: "6 months", "Designated Person"). */
  row?: boolean;
  /** A list item read after its introduction. */
  item?: boolean;
  /** A list item defining the very term a definition question asks about: it leads like a sentence. */
  defines?: boolean;
  section: string;
}

/**
 * A table row said as a sentence, with the columns that answer the question: "For equipment used
 * for lifting people, the maximum interval between thorough examinations is 6 months."
 */
function rowSentence(header: readonly string[], cells: readonly string[], terms: readonly TextTerm[], intents: readonly Intent[]): string {
  const [first = '', ...rest] = cells;
  const columns = rest.map((cell, i) => ({ cell, header: header[i + 1] ?? '', i })).filter((column) => column.cell.length > 0);
  const answering = columns.filter((column) => intents.some((intent) => intent.answers(column.cell)));
  const matching = columns.filter((column) => termShare(`${column.header} ${column.cell}`, terms) > 0);
  // The column giving what is asked, with the column holding the question's words that says which
  // row it is ("the quantity is equivalent dose to the lens of the eye, and the annual limit is 20 mSv").
  const identifying = matching.filter((column) => !answering.includes(column)).slice(0, 1);
  const chosen = (
    answering.length > 0 ? [...identifying, ...answering].sort((a, b) => a.i - b.i) : matching.length > 0 ? matching : columns
  ).slice(0, 2);
  if (chosen.length === 0) return first;
  // "What it does" / "What the role does": the cell says what the row's subject does, as a sentence about it.
  const [doing] = chosen;
  if (chosen.length === 1 && doing && /^what\b.*\b(?:does|do)$/i.test(doing.header.trim())) {
    const said = doing.cell
      .split(/;\s*/)
      .map((clause) => dutySentence(first, clause))
      .filter((text): text is string => text !== null)
      .map((text, i) => (i === 0 ? text : pronounFor(first, text)));
    if (said.length > 0) return said.join(' ').replace(/\.$/, '');
  }
  const clauses = chosen.map((column) => {
    const phrase = headerPhrase(column.header);
    // The head noun is the last word before a preposition: "Maximum interval between examinations" → interval;
    // a header worded as a question names one thing ("the interval").
    const head = column.header.trim().split(/\s+(?:between|of|for|in|per|to|by|at|on|under|from|with)\s+/i)[0] ?? '';
    const asked = QUESTION_HEADERS.some(([pattern]) => pattern.test(column.header.trim()));
    const verb = !asked && /[^s]s$/i.test(head.split(/\s+/).at(-1) ?? '') ? 'are' : 'is';
    // A cell of several sentences is quoted after a colon as written; one phrase reads on in lower case.
    const several = /[.;]\s+[A-Z]/.test(column.cell);
    const cell = several ? column.cell : lowerFirst(column.cell);
    return phrase ? `${phrase} ${verb}${several ? ':' : ''} ${cell.replace(/[.;]$/, '')}` : cell.replace(/[.;]$/, '');
  });
  // "Sentinel outlets: temperature" → "sentinel outlets (temperature)".
  const subject = lowerFirst(first).replace(/:\s*([^:]+)$/, ' ($1)');
  // A cell that opens with a participle says what is done to the row's subject: "Checked monthly. Hot
  // water reaches …" → "Sentinel outlets (temperature) are checked monthly. Hot water reaches …".
  const [only] = chosen;
  if (chosen.length === 1 && only && /^[A-Z][a-z]+ed\b/.test(only.cell)) {
    const thing = first.replace(/:.*$/, '').trim();
    // "Calorifiers and stored hot water" is plural whatever its last word.
    const verb = /[^s]s$/i.test(thing.split(/\s+/).at(-1) ?? '') || /\s(and|&)\s/i.test(thing) ? 'are' : 'is';
    const named = first.charAt(0).toUpperCase() + subject.slice(1);
    return `${named} ${verb} ${only.cell.charAt(0).toLowerCase()}${only.cell.slice(1).replace(/[.;]$/, '')}`;
  }
  return `For ${subject}, ${clauses.join(', and ')}`;
}

/** The paragraph introducing a list item's list, its last sentence, and that sentence as the answer can say it (null when it cannot stand alone). */
function listIntroduction(passage: Passage, element: PassageElement) {
  let introElement: PassageElement | undefined;
  for (let i = passage.elements.indexOf(element) - 1; i >= 0; i--) {
    const before = passage.elements[i];
    if (before?.type !== 'list_item') {
      introElement = before;
      break;
    }
  }
  const introSentences = introElement ? passage.sentences.filter((s) => s.elementId === introElement?.id) : [];
  const lastSentence = introSentences.at(-1)?.text;
  const intro =
    introElement?.type === 'paragraph' && lastSentence && /:\s*$/.test(lastSentence)
      ? standaloneIntro(lastSentence, passage, introSentences[0]?.text)
      : null;
  return { intro, lastSentence, introElement };
}

export function leadCandidates(
  passages: readonly Passage[],
  terms: readonly TextTerm[],
  intents: readonly Intent[],
  question: Question,
): LeadCandidate[] {
  const candidates: LeadCandidate[] = [];
  const { count } = question;
  const describe = (text: string, context: string) => {
    const gives = new Set(intents.filter((intent) => intent.answers(text)).map((intent) => intent.kind));
    return {
      share: termShare(text, terms, context),
      own: ownTermsHeld(text, terms),
      intents: gives.size,
      gives,
      crossReference: isCrossReference({ text }),
    };
  };
  passages.forEach((passage, index) => {
    const context = passageContext(passage);
    const aside = offQuestionSection(passage.headingPath, question);
    const section = passage.headingPath.join(' › ');
    for (const element of passage.elements) {
      if (element.type === 'table') {
        const [header = [], ...rows] = tableRows(element.text);
        for (const cells of rows) {
          const quote = rowText(header, cells);
          candidates.push({
            text: rowSentence(header, cells, terms, intents),
            quote,
            passage: index,
            elementId: element.id,
            keys: [sentenceKey(element.id, quote)],
            row: true,
            aside,
            section,
            ...describe(quote, context),
          });
        }
        continue;
      }
      const sentences = passage.sentences.filter((s) => s.elementId === element.id);
      // "Dangerous occurrences — listed near-miss events …" defines what a definition question asks about.
      if (element.type === 'list_item' && intents.some((intent) => intent.kind === 'definition')) {
        const definition = termDefinition(element.text, question.letters);
        if (definition) {
          candidates.push({
            text: definition,
            quote: element.text,
            passage: index,
            elementId: element.id,
            keys: sentences.map((s) => sentenceKey(element.id, s.text)),
            item: true,
            defines: true,
            aside,
            section,
            ...describe(element.text, context),
          });
          continue;
        }
      }
      // A list item is read after the paragraph introducing its list ("Little-used outlets need: Flushing
      // at least weekly"); an item never leads alone (the answer does not open with a copied list item).
      if (element.type === 'list_item') {
        const { intro, lastSentence, introElement } = listIntroduction(passage, element);
        if (intro === null) {
          // An item with no introduction leads only as a whole sentence the answer can say: a statement
          // ("The board accepts …"), or a requirement written as an instruction ("Governance. Appoint a
          // Designated Person …" → "HTM 06-01 asks the organisation to appoint a Designated Person …").
          if (introElement?.type === 'paragraph' && /:\s*$/.test(lastSentence ?? '')) continue;
          for (const s of sentences) {
            const text = itemAsSentence(s.text, passage);
            if (text === null) continue;
            candidates.push({
              text,
              quote: s.text,
              passage: index,
              elementId: element.id,
              keys: [sentenceKey(element.id, s.text)],
              item: true,
              aside,
              section,
              ...describe(s.text, context),
            });
          }
          continue;
        }
        // One item answers an introduction of what something needs ("Little-used outlets need:"), not a
        // list of topics or areas ("The Regulations cover two broad areas:") — unless the item itself
        // gives what the question asks for ("The main changes were: the annual dose limit … fell to
        // 20 mSv, with averaging over five years …").
        // Items after a bare "They:" each say what the name did ("… set the tests for granting a licence").
        const listed = !BARE_PRONOUN_INTRO.test(lastSentence?.trim() ?? '') && (COUNTED.test(intro) || !NEEDS_INTRO.test(intro));
        for (const s of sentences) {
          if (listed && !intents.some((intent) => intent.answers(s.text))) continue;
          candidates.push({
            text: `${intro} ${s.text.replace(/[;,]\s*(and|or)?$/, '')}`,
            quote: s.text,
            passage: index,
            elementId: element.id,
            keys: [sentenceKey(element.id, s.text)],
            item: true,
            aside,
            section,
            ...describe(s.text, context),
          });
        }
        continue;
      }
      sentences.forEach((s, i) => {
        // An introduction giving the count asked for ("The Act protects nine characteristics:") answers
        // "how many …" on its own, said as the sentence it is.
        const said = count?.(s.text) ? s.text.replace(/:\s*$/, '.') : s.text;
        // Whole sentences only: not an introduction ending in ":", a table, or a list fragment in lower case.
        if (said.length < 20 || /:\s*$/.test(said) || said.includes(' | ') || /^[a-z]/.test(said)) return;
        const previous = i > 0 && LEANS_ON_PREVIOUS.test(said) ? sentences[i - 1] : undefined;
        // "It covers …" at the start of a document's purpose and scope, or of a section headed with
        // "it" ("What it covered", "When and by what it was replaced"), means the document.
        const named =
          !previous &&
          /^It\s/.test(said) &&
          (SCOPE_SECTION.test(section) || DOCUMENT_HEADING.test(passage.headingPath.at(-1) ?? '')) &&
          passage.source === 'library';
        const text = previous ? `${previous.text} ${said}` : named ? `${passage.code} ${said.slice(3)}` : said;
        const keys = [sentenceKey(element.id, s.text), ...(previous ? [sentenceKey(element.id, previous.text)] : [])];
        candidates.push({
          text,
          quote: previous ? text : s.text,
          passage: index,
          elementId: element.id,
          keys,
          aside,
          section,
          ...describe(text, context),
        });
      });
    }
  });
  return candidates;
}

/** How much a candidate is worth as the lead for these intents. */
function leadValue(
  candidate: LeadCandidate,
  intents: readonly Intent[],
  question: Question,
  plainBest = 0,
  quoted: readonly string[] = [],
): number {
  const kinds = new Set(intents.map((intent) => intent.kind));
  const plain = quoted.length > 0 ? plainWords(candidate.text) : '';
  const wantsDuties = kinds.has('duties') || kinds.has('who');
  return (
    candidate.share *
    (intents.length === 0 || candidate.intents > 0 ? 1 : kinds.has('who') ? WHO_MISSING : INTENT_MISSING) *
    (LEANS_ON_PREVIOUS.test(candidate.text) ? LEANING_FACTOR : 1) *
    (candidate.row && candidate.intents === 0 ? ROW_LEAD : 1) *
    (candidate.item && !candidate.defines ? ITEM_LEAD : 1) *
    (candidate.intents > 1 ? 1 + MORE_KINDS * (candidate.intents - 1) : 1) *
    // An aside that holds far more of the question than anything outside the asides is where the fact is.
    // A failing ("Assuming that …") is never said as the answer, however much of the question it holds.
    (candidate.aside && (GAPS_SECTION.test(candidate.section) || candidate.share < plainBest * ASIDE_ALONE) ? ASIDE_LEAD : 1) *
    (candidate.crossReference ? CROSS_REFERENCE_LEAD : 1) *
    (wantsDuties && SCOPE_SECTION.test(candidate.section) && !DUTY_SECTION.test(candidate.section) ? SCOPE_LEAD : 1) *
    (NOT_APPLYING.test(candidate.text) && !question.asks.application ? NOT_APPLYING_LEAD : 1) *
    (quoted.some((phrase) => plain.includes(phrase)) ? QUOTED_LEAD : 1)
  );
}

/** A name the asker quotes ("keeps quoting a DH 'acoustics technical design manual'"): what the question is about. */
const QUOTED = /(?:^|[\s(])['"‘“]([^'"‘’“”\n]{6,80})['"’”](?=[\s.,;:?!)]|$)/g;

/** Words in lower case, one space apart: how a quoted name is looked for in a sentence. */
const plainWords = (text: string) => ` ${(text.toLowerCase().match(/[a-z0-9]+/g) ?? []).join(' ')} `;

/** The names a question quotes, as plainWords writes them. */
function quotedNames(text: string): string[] {
  return [...text.slice(0, 2000).matchAll(QUOTED)].map((match) => plainWords(match[1] ?? '')).filter((phrase) => phrase.trim().length > 0);
}

/**
 * The lead: the passage text that best answers the question — weighted by the question's terms, and
 * giving what it asks for (an interval, a role, a temperature) when it asks for one — then at most
 * two more sentences, each answering a part of the question the lead has not yet covered.
 */
export function leadLines(question: Question, retrieval: RetrievalResult): LeadCandidate[] {
  const { intents } = question;
  const terms = textTerms(retrieval, question);
  const ownWeight = terms.reduce((sum, term) => sum + (term.carried ? 0 : term.weight), 0);
  const all = leadCandidates(retrieval.passages, terms, intents, question);
  const plainBest = Math.max(0, ...all.filter((candidate) => !candidate.aside).map((candidate) => candidate.share));
  const quoted = quotedNames(question.text);
  const value = (candidate: LeadCandidate) => leadValue(candidate, intents, question, plainBest, quoted);
  // A question that is nothing but a document's code is answered by the document's opening.
  if (terms.every((term) => term.weight <= 0)) return all.filter((candidate) => !candidate.row).slice(0, 1);
  const candidates = all
    // A who-answer need not repeat the subject ("Appoint a Designated Person …" under the document's heading on it).
    .filter(
      (candidate) => candidate.share > 0 && (ownWeight <= 0 || candidate.own.length > 0 || (candidate.gives.has('who') && !candidate.row)),
    )
    .sort((a, b) => value(b) - value(a) || a.passage - b.passage);
  const first = candidates[0];
  // Passages none of whose sentences holds the question's own terms (matched through headings or
  // the earlier question's context) still lead with their best sentence.
  if (!first) return [...all].sort((a, b) => b.share - a.share || a.passage - b.passage).slice(0, 1);
  const chosen = [first];
  const covered = new Set(first.own);
  const given = new Set(first.gives);
  let length = first.text.length;
  while (chosen.length < LEAD_SENTENCES) {
    const next = candidates.find((candidate) => {
      if (candidate.aside || chosen.some((entry) => entry.elementId === candidate.elementId && entry.text === candidate.text)) return false;
      if (chosen.some((entry) => entry.elementId === candidate.elementId && !entry.row)) return false;
      // One item of a list in the lead: a second would repeat its introduction.
      if (candidate.item && chosen.some((entry) => entry.item && entry.passage === candidate.passage)) return false;
      if (NOT_APPLYING.test(candidate.text) && !question.asks.application) return false;
      const gained = candidate.own.reduce((sum, i) => sum + (covered.has(i) ? 0 : (terms[i]?.weight ?? 0)), 0);
      // A sentence giving a part of the question the lead does not yet answer (its temperature beside its interval) is held to a lower bar.
      const newKind = [...candidate.gives].some((kind) => !given.has(kind));
      if (candidate.share < first.share * (newKind ? STATED_CUT : LEAD_CUT) || length + candidate.text.length > LEAD_MAX_CHARACTERS)
        return false;
      return (ownWeight > 0 && gained / ownWeight >= LEAD_NEW_TERMS && !candidate.row) || newKind;
    });
    if (!next) break;
    chosen.push(next);
    for (const i of next.own) covered.add(i);
    for (const kind of next.gives) given.add(kind);
    length += next.text.length;
  }
  // A definition reads on: the sentence after the first, from the same paragraph ("The toolkit is … . Each organisation …").
  if (intents.some((intent) => intent.kind === 'definition') && !first.row && !first.item) {
    const passage = retrieval.passages[first.passage];
    const own = passage?.sentences.filter((s) => s.elementId === first.elementId) ?? [];
    const at = own.findIndex((s) => first.quote.endsWith(s.text));
    const following = at >= 0 ? own[at + 1] : undefined;
    if (
      following &&
      !/:\s*$/.test(following.text) &&
      !chosen.some((entry) => entry.keys.includes(sentenceKey(first.elementId, following.text)))
    )
      chosen.splice(1, 0, {
        ...first,
        text: following.text,
        quote: following.text,
        keys: [sentenceKey(first.elementId, following.text)],
      });
  }
  return chosen;
}

/**
 * What the question asks for that the chosen passages do not give (an interval, a temperature, a
 * period), with the passage that says where it is set when one does: the answer says so first,
 * rather than leave the gap or fill it with "see the current text".
 */
export function missingFacts(question: Question, retrieval: RetrievalResult, lead: readonly LeadCandidate[]) {
  const terms = textTerms(retrieval, question);
  const intents = question.intents.filter((intent) => intent.missing);
  if (intents.length === 0) return [];
  const all = leadCandidates(retrieval.passages, terms, intents, question).filter((candidate) => candidate.share > 0);
  const best = Math.max(0, ...all.map((candidate) => candidate.share));
  return intents
    .filter((intent) => !lead.some((entry) => entry.gives.has(intent.kind)))
    .filter((intent) => !all.some((candidate) => candidate.gives.has(intent.kind) && candidate.share >= best * STATED_CUT))
    .map((intent) => {
      // The passage that talks about it without giving it: the one naming another document first.
      const talking = all
        .filter((candidate) => !candidate.row && !candidate.item && intent.topic?.test(candidate.text))
        .sort((a, b) => Number(CODE_IN_TEXT.test(b.text)) - Number(CODE_IN_TEXT.test(a.text)) || b.share - a.share);
      return { intent, where: talking[0] ?? null };
    });
}
