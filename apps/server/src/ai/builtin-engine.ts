/**
 * The built-in answer engine: offline and deterministic. It retrieves passages from the library and
 * composes an extractive answer from them — a lead paragraph that answers the question (the passage
 * text weighted by its terms that gives what it asks for: an interval, a period, a role, a
 * temperature), the key requirements quoted as bullets grouped by source (not repeating the lead,
 * nor a document's history or common failings unless asked), then the sources — or, in draft mode, a policy
 * section skeleton filled with cited requirements. Every word of substance is quoted from a cited
 * passage; the engine adds only headings and connective framing. Passage text is data: it is
 * quoted, never followed, whatever it says.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Database } from '../db/connect.ts';
import type { ChatFilters, ChatMode, ChatSourceRecord } from '@verity/shared';
import type { AttachmentSource } from './attachment-passages.ts';
import { type ChatEngineEvent, type Citation, quoteAsData } from './citations.ts';
import type { PassageSentence } from './passage-scoring.ts';
import { type Passage, type RetrievalResult, type RetrievePassagesOptions, retrievePassages } from './retrieval.ts';
import { isCrossReference, offQuestionSection, termPattern } from './retrieval/text-signals.ts';

export interface ComposedAnswer {
  text: string;
  citations: Citation[];
  /** False when the library held nothing relevant and the answer says so. */
  answered: boolean;
}

const LEAD_SENTENCES = 3;
const LEAD_MAX_CHARACTERS = 700;
/** A list item leads after the paragraph introducing its list only when that introduction is at most this long. */
const INTRO_MAX_CHARACTERS = 120;
/** A further lead sentence must score at least this share of the first… */
const LEAD_CUT = 0.6;
/** …and hold at least this share of the question's own term weight the lead does not yet hold (or give what the question asks for). */
const LEAD_NEW_TERMS = 0.1;
/** A lead candidate that does not give what the question asks for (an interval for "how often") counts for this share. */
const INTENT_MISSING = 0.75;
/** A sentence that leans on one before it the lead cannot quote ("They…") counts for this share. */
const LEANING_FACTOR = 0.5;
/** A table row that does not give what the question asks for counts for this share in the lead (prose reads better). */
const ROW_LEAD = 0.8;
/** A sentence from a section the question does not ask about (history, common failings) counts for this share in the lead, and is never a bullet. */
const ASIDE_LEAD = 0.5;
/** A pointer to another document ("HTM 07-01 — colour coding") counts for this share in the lead, and is never a bullet. */
const CROSS_REFERENCE_LEAD = 0.5;
/** A term held only by a passage's title or headings counts for this share of its weight (as in retrieval). */
const CONTEXT_SHARE = 0.5;
/** A bullet must also score at least this share of the best sentence in any passage. */
const GLOBAL_CUT = 0.4;
/** A table row is quoted when it holds at least this share of the best row's term weight. */
const ROW_CUT = 0.5;
const BULLETS_PER_PASSAGE = 6;
const SENTENCES_PER_PARAGRAPH = 2;
/** A bullet quotes a sentence or list item only when it scores at least this share of its passage's best. */
const SENTENCE_CUT = 0.5;
const TABLE_ROWS = 5;
const MAX_ROLES = 6;
const DUTIES_PER_ROLE = 4;
const MONITORING_ITEMS = 5;
const CHUNK_CHARACTERS = 24;

/** Placeholder for passage i's marker until markers are numbered in order of first use. */
const placeholder = (i: number) => `\uE000${i}\uE001`;

/** Ends a quoted sentence with a full stop unless it already ends with punctuation. */
function sentence(text: string): string {
  const quoted = quoteAsData(text);
  return /[.!?:;)"”]$/.test(quoted) ? quoted : `${quoted}.`;
}

/** Table text as rows of cells (the ingester writes one row a line, cells separated by " | "). */
function tableRows(text: string): string[][] {
  return text
    .split('\n')
    .map((line) => line.split('|').map((cell) => cell.trim()))
    .filter((cells) => cells.some((cell) => cell.length > 0));
}

/** A table row read against its header: "Hoists — Maximum interval: 6 months; Source: LOLER". */
function rowText(header: readonly string[], cells: readonly string[]): string {
  const [first, ...rest] = cells;
  const details = rest.map((cell, i) => (header[i + 1] ? `${header[i + 1]}: ${cell}` : cell)).filter((part) => part.length > 0);
  return details.length > 0 ? `${first ?? ''} — ${details.join('; ')}` : (first ?? '');
}

/** A query term as composition matches it: the database's stem as a word prefix ("safeti" as "safet…"). */
interface TextTerm {
  pattern: RegExp;
  weight: number;
  carried: boolean;
}

/** Letter and digit groups of a code or question, lower-case, numbers without leading zeros ("HTM 06-01" → htm 6 1). */
function codeGroups(value: string): string[] {
  return (value.toLowerCase().match(/[a-z]+|[0-9]+/g) ?? []).map((group) => (/^[0-9]+$/.test(group) ? String(Number(group)) : group));
}

/**
 * The groups of the codes the question names ("HTM 07-01" in "Which edition of HTM 07-01 is
 * current?"): the passages are that document's, so those words say nothing about which of its
 * sentences answers.
 */
function namedCodeGroups(question: string, passages: readonly Passage[]): Set<string> {
  const asked = ` ${codeGroups(question).join(' ')} `;
  const groups = new Set<string>();
  for (const passage of passages) {
    const code = codeGroups(passage.code);
    if (code.length > 0 && asked.includes(` ${code.join(' ')} `)) for (const group of code) groups.add(group);
  }
  return groups;
}

function textTerms(retrieval: RetrievalResult, question = ''): TextTerm[] {
  const named = namedCodeGroups(question, retrieval.passages);
  return retrieval.terms
    .filter((term) => term.lexeme.length >= 2 && !named.has(/^[0-9]+$/.test(term.lexeme) ? String(Number(term.lexeme)) : term.lexeme))
    .map((term) => ({ pattern: termPattern(term.lexeme), weight: term.weight, carried: term.carried }));
}

/**
 * Share of the terms' weight a text holds (carried terms count at their reduced weight); a term only
 * its context holds (the document's title, the headings above it) counts for CONTEXT_SHARE of its weight.
 */
function termShare(text: string, terms: readonly TextTerm[], context = ''): number {
  const total = terms.reduce((sum, term) => sum + term.weight, 0);
  if (total <= 0) return 0;
  const held = terms.reduce(
    (sum, term) => sum + (term.pattern.test(text) ? term.weight : context && term.pattern.test(context) ? term.weight * CONTEXT_SHARE : 0),
    0,
  );
  return held / total;
}

/** What a passage's text is read under: its document's title and code, and the headings above it. */
const passageContext = (passage: Passage) => [passage.code, passage.title, ...passage.headingPath].join(' \u0000 ');

/** The question's own terms (not carried from earlier questions) a text holds, by index. */
function ownTermsHeld(text: string, terms: readonly TextTerm[]): number[] {
  return terms.flatMap((term, i) => (!term.carried && term.pattern.test(text) ? [i] : []));
}

/** What kind of answer a question asks for, and how a passage that gives it reads. */
interface Intent {
  asks: RegExp;
  answers: RegExp;
}

const NUMBER_WORD = '(?:\\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|eighteen|twenty|thirty|forty)';

const INTENTS: readonly Intent[] = [
  // An interval: "how often must … be examined".
  {
    asks: /\bhow (often|frequently|regularly)\b|\bintervals?\b|\bfrequency\b/i,
    answers: new RegExp(
      `\\b(every|each (year|month|week|day)|annual(ly)?|yearly|monthly|weekly|daily|quarterly|${NUMBER_WORD}[- ](months?|years?|weeks?|days?)|${NUMBER_WORD}-monthly)\\b`,
      'i',
    ),
  },
  // A period: "how long must … be kept".
  {
    asks: /\bhow long\b|\bretain(ed)?\b|\bretention\b/i,
    answers: new RegExp(`\\b${NUMBER_WORD}[- ](years?|months?|weeks?|days?|hours?)\\b|\\bindefinitely\\b|\\bpermanently\\b`, 'i'),
  },
  // A deadline: "how quickly must … be reported".
  {
    asks: /\bhow (quickly|soon|fast)\b|\bdeadline\b|\btime limit\b/i,
    answers: new RegExp(
      `\\bwithin\\b|\\bwithout (undue )?delay\\b|\\bimmediately\\b|\\b${NUMBER_WORD}[- ](hours?|days?|working days?)\\b`,
      'i',
    ),
  },
  // A date: "when did … become", "when was … introduced".
  { asks: /\bwhen (did|was|were)\b|\bwhat (year|date)\b|\bsince when\b/i, answers: /\b(1[89]|20)\d{2}\b/ },
  // A temperature.
  { asks: /\btemperatures?\b|\bhow (hot|cold|warm)\b/i, answers: /°\s?[CF]\b|\bdegrees\b/i },
  // A person or body: "who appoints", "who is responsible", "what roles".
  {
    asks: /^\s*who\b|\bwho (is|are|should|must|can|may|appoints?|signs?|approves?|carries|does|needs)\b|\bresponsib|\broles?\b|\bappoint/i,
    answers:
      /\b(Persons?|Engineer|Manager|Officer|Group|Holder|[Dd]utyholder|Director|Lead|Committee|[Bb]oard|[Ee]mployer|Advis[eo]r|Microbiologist|Controller|Executive|[Pp]rovider|Team|Contractor|Practitioner|Owner|appointed|appoints|[Rr]esponsible persons?|person in control)\b/,
  },
];

/** The kinds of answer the question asks for ("how often" → an interval, "who" → a role). */
function intentsOf(question: string): Intent[] {
  return INTENTS.filter((intent) => intent.asks.test(question));
}

/** A sentence that leans on the one before it ("They sit on top of …", "It came into force …"). */
const LEANS_ON_PREVIOUS = /^(They|Their|It|Its|This|These|Those|Such|He|She)\b/;

/** A candidate for the lead: a whole sentence (with the one before it when it leans on it), or a table row read with its header. */
interface LeadCandidate {
  text: string;
  passage: number;
  elementId: string;
  /** The passage sentences (or the table row) it quotes, so the bullets do not repeat them. */
  keys: string[];
  share: number;
  own: number[];
  intents: number;
  crossReference: boolean;
  /** From a section the question does not ask about (the document's history, its common failings). */
  aside?: boolean;
  /** A table row read with its header (leads best when it gives what the question asks for: "6 months", "Designated Person"). */
  row?: boolean;
}

const sentenceKey = (elementId: string, text: string) => `${elementId}\u0000${text}`;

function leadCandidates(
  passages: readonly Passage[],
  terms: readonly TextTerm[],
  intents: readonly Intent[],
  question: string,
): LeadCandidate[] {
  const candidates: LeadCandidate[] = [];
  const describe = (text: string, context: string) => ({
    share: termShare(text, terms, context),
    own: ownTermsHeld(text, terms),
    intents: intents.filter((intent) => intent.answers.test(text)).length,
    crossReference: isCrossReference({ text }),
  });
  passages.forEach((passage, index) => {
    const context = passageContext(passage);
    const aside = offQuestionSection(passage.headingPath, question);
    for (const element of passage.elements) {
      if (element.type === 'table') {
        const [header = [], ...rows] = tableRows(element.text);
        for (const cells of rows) {
          const text = rowText(header, cells);
          candidates.push({
            text,
            passage: index,
            elementId: element.id,
            keys: [sentenceKey(element.id, text)],
            row: true,
            aside,
            ...describe(text, context),
          });
        }
        continue;
      }
      const sentences = passage.sentences.filter((s) => s.elementId === element.id);
      // A list item is read after the paragraph introducing its list ("Little-used outlets need: Flushing
      // at least weekly"), and the bullets keep the whole list.
      const opening = passage.elements[0];
      const intro =
        element.type === 'list_item' && opening && opening !== element && opening.type === 'paragraph' && /:\s*$/.test(opening.text)
          ? opening.text.trim()
          : null;
      if (intro !== null) {
        // A long introduction, or one that leans on what comes before it ("This is the part … It
        // covers:"), is left out: an item that is a sentence of its own then leads alone.
        const readable = intro.length <= INTRO_MAX_CHARACTERS && !LEANS_ON_PREVIOUS.test(intro);
        for (const s of sentences) {
          const text = readable ? `${intro} ${s.text}` : /^[A-Z]/.test(s.text) && s.text.length >= 20 ? s.text : null;
          if (text !== null)
            candidates.push({ text, passage: index, elementId: element.id, keys: [], aside, ...describe(s.text, context) });
        }
        continue;
      }
      sentences.forEach((s, i) => {
        // Whole sentences only: not an introduction ending in ":", a table, or a list fragment in lower case.
        if (s.text.length < 20 || /:\s*$/.test(s.text) || s.text.includes(' | ') || /^[a-z]/.test(s.text)) return;
        const previous = i > 0 && LEANS_ON_PREVIOUS.test(s.text) ? sentences[i - 1] : undefined;
        const text = previous ? `${previous.text} ${s.text}` : s.text;
        const keys = [sentenceKey(element.id, s.text), ...(previous ? [sentenceKey(element.id, previous.text)] : [])];
        candidates.push({ text, passage: index, elementId: element.id, keys, aside, ...describe(text, context) });
      });
    }
  });
  return candidates;
}

/**
 * The lead: the passage text that best answers the question — weighted by the question's terms, and
 * giving what it asks for (an interval, a role, a temperature) when it asks for one — then at most
 * two more sentences, each answering a part of the question the lead has not yet covered.
 */
function leadLines(question: string, retrieval: RetrievalResult): LeadCandidate[] {
  const terms = textTerms(retrieval, question);
  const intents = intentsOf(question);
  const ownWeight = terms.reduce((sum, term) => sum + (term.carried ? 0 : term.weight), 0);
  const value = (candidate: LeadCandidate) =>
    candidate.share *
    (intents.length === 0 || candidate.intents > 0 ? 1 : INTENT_MISSING) *
    (LEANS_ON_PREVIOUS.test(candidate.text) ? LEANING_FACTOR : 1) *
    (candidate.row && candidate.intents === 0 ? ROW_LEAD : 1) *
    (candidate.aside ? ASIDE_LEAD : 1) *
    (candidate.crossReference ? CROSS_REFERENCE_LEAD : 1);
  const all = leadCandidates(retrieval.passages, terms, intents, question);
  // A question that is nothing but a document's code is answered by the document's opening.
  if (terms.every((term) => term.weight <= 0)) return all.slice(0, 1);
  const candidates = all
    .filter((candidate) => candidate.share > 0 && (ownWeight <= 0 || candidate.own.length > 0))
    .sort((a, b) => value(b) - value(a) || a.passage - b.passage);
  const first = candidates[0];
  // Passages none of whose sentences holds the question's own terms (matched through headings or
  // the earlier question's context) still lead with their best sentence.
  if (!first) return [...all].sort((a, b) => b.share - a.share || a.passage - b.passage).slice(0, 1);
  const chosen = [first];
  const covered = new Set(first.own);
  let answered = first.intents;
  let length = first.text.length;
  while (chosen.length < LEAD_SENTENCES) {
    const next = candidates.find((candidate) => {
      if (candidate.aside || chosen.some((entry) => entry.elementId === candidate.elementId)) return false;
      if (candidate.share < first.share * LEAD_CUT || length + candidate.text.length > LEAD_MAX_CHARACTERS) return false;
      const gained = candidate.own.reduce((sum, i) => sum + (covered.has(i) ? 0 : (terms[i]?.weight ?? 0)), 0);
      return (ownWeight > 0 && gained / ownWeight >= LEAD_NEW_TERMS) || candidate.intents > answered;
    });
    if (!next) break;
    chosen.push(next);
    for (const i of next.own) covered.add(i);
    answered = Math.max(answered, next.intents);
    length += next.text.length;
  }
  return chosen;
}

interface Line {
  text: string;
  passage: number;
}

/**
 * The quotable lines of a passage for bullets: list items, table rows read with their header,
 * matching sentences — only those that carry the question's terms well (relative to the passage's
 * best and to the best anywhere), not already quoted in the lead, and not mere pointers to other documents.
 */
function passageLines(
  passage: Passage,
  index: number,
  context: { terms: readonly TextTerm[]; globalBest: number; quoted: ReadonlySet<string>; question: string },
): { intro: string | null; lines: Line[] } {
  let intro: string | null = null;
  const lines: Line[] = [];
  if (offQuestionSection(passage.headingPath, context.question)) return { intro, lines };
  const best = Math.max(0, ...passage.sentences.map((s) => s.score));
  const strong = (s: PassageSentence) => s.score > 0 && s.score >= best * SENTENCE_CUT && s.score >= context.globalBest * GLOBAL_CUT;
  const fresh = (s: PassageSentence) => !context.quoted.has(sentenceKey(s.elementId, s.text)) && !isCrossReference({ text: s.text });
  const listItems = passage.sentences.filter((s) => s.listItem);
  const anyStrongItem = listItems.some(strong);
  for (const element of passage.elements) {
    if (element.type === 'table') {
      const [header = [], ...rows] = tableRows(element.text);
      const read = rows.map((cells) => ({ text: rowText(header, cells), share: termShare(cells.join(' '), context.terms) }));
      const bestRow = Math.max(0, ...read.map((row) => row.share));
      // A table whose header holds the question's terms as well as any row ("Colour | Waste stream")
      // answers it as a whole, from its start, as does one no row of which matches (reached through
      // its heading); otherwise the rows that match about as well as the best one.
      const whole = bestRow <= 0 || termShare(header.join(' '), context.terms) >= bestRow;
      const matching = whole ? read : read.filter((row) => row.share >= bestRow * ROW_CUT);
      for (const row of matching.filter((row) => !context.quoted.has(sentenceKey(element.id, row.text))).slice(0, TABLE_ROWS))
        lines.push({ text: sentence(row.text), passage: index });
      continue;
    }
    const sentences = passage.sentences.filter((s) => s.elementId === element.id);
    if (element.type === 'list_item') {
      // A list none of whose items matches (reached through its introduction) is quoted from its start.
      const keep = anyStrongItem ? sentences.filter(strong) : sentences;
      for (const s of keep.filter(fresh)) lines.push({ text: sentence(s.text), passage: index });
      continue;
    }
    if (element === passage.elements[0] && /:\s*$/.test(element.text) && passage.elements.length > 1) {
      // Without the sentences the lead already quotes ("HTM 01-04 explains how … It covers:" → "It covers:").
      const rest = sentences.filter((s) => !context.quoted.has(sentenceKey(s.elementId, s.text)));
      intro = quoteAsData(rest.length > 0 && rest.length < sentences.length ? rest.map((s) => s.text).join(' ') : element.text);
      continue;
    }
    const chosen = sentences.filter(strong).filter(fresh).slice(0, SENTENCES_PER_PARAGRAPH);
    // A sentence that leans on the one before it ("They …") is quoted with it.
    const quoted = chosen.flatMap((s) => {
      const previous = sentences[sentences.indexOf(s) - 1];
      return previous && LEANS_ON_PREVIOUS.test(s.text) && !chosen.includes(previous) && fresh(previous) ? [previous, s] : [s];
    });
    if (quoted.length > 0) lines.push({ text: quoted.map((s) => sentence(s.text)).join(' '), passage: index });
  }
  return { intro, lines: lines.slice(0, BULLETS_PER_PASSAGE) };
}

/** How an attached file is named in an answer (its title comes from the file, so it is quoted as data). */
function attachmentLabel(passage: Passage): string {
  return `Your attached file — ${quoteAsData(passage.title)}`;
}

/** A group of bullets is headed by its source: the document's code and title, or the attached file. */
function groupLabel(passage: Passage): string {
  return passage.source === 'attachment' ? attachmentLabel(passage) : `${passage.code} — ${quoteAsData(passage.title)}`;
}

function sourceLabel(passage: Passage): string {
  if (passage.source === 'attachment') return attachmentLabel(passage);
  const text = passage.edition.trim();
  // An edition with its own aside ("1989 (memorandum HSR25 3rd ed. 2015)") follows a comma, not nested brackets.
  const edition = text.length <= 1 ? '' : text.includes('(') ? `, ${text}` : ` (${text})`;
  const superseded =
    passage.status === 'superseded' ? ` (superseded${passage.supersededByCode ? ` — see ${passage.supersededByCode}` : ''})` : '';
  return `${passage.code} — ${passage.title}${edition}${superseded}`;
}

/** Passages grouped by document, in the order the documents first appear. */
function byDocument(passages: readonly Passage[]): { passage: Passage; indexes: number[] }[] {
  const groups: { passage: Passage; indexes: number[] }[] = [];
  passages.forEach((passage, index) => {
    const group = groups.find((entry) => entry.passage.documentId === passage.documentId);
    if (group) group.indexes.push(index);
    else groups.push({ passage, indexes: [index] });
  });
  return groups;
}

function sourcesSection(passages: readonly Passage[], used: ReadonlySet<number>): string {
  const lines = byDocument(passages)
    .map(({ passage, indexes }) => ({ passage, markers: indexes.filter((i) => used.has(i)).map(placeholder) }))
    .filter((entry) => entry.markers.length > 0)
    .map(({ passage, markers }) => `- ${sourceLabel(passage)} ${markers.join('')}`);
  return `**Sources**\n\n${lines.join('\n')}`;
}

/** Numbers the placeholders in order of first use and lists exactly the citations used. */
function finalise(body: string, passages: readonly Passage[]): ComposedAnswer {
  const numbers = new Map<number, number>();
  const numbered = body.replace(/\uE000(\d+)\uE001/g, (_, raw: string) => {
    const index = Number(raw);
    let n = numbers.get(index);
    if (n === undefined) {
      n = numbers.size + 1;
      numbers.set(index, n);
    }
    return `[${n}]`;
  });
  // Runs of markers read in ascending order ("[1][3]", not "[3][1]").
  const ordered = numbered.replace(/(?:\[\d+\])+/g, (run) =>
    (run.match(/\d+/g) ?? [])
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => `[${n}]`)
      .join(''),
  );
  const citations: Citation[] = [...numbers.entries()].flatMap(([index, n]) => {
    const passage = passages[index];
    return passage ? [citationOf(passage, n)] : [];
  });
  return { text: ordered, citations, answered: true };
}

/** A passage as the citation numbered n: its elements and their text, quoted (both engines cite this way). */
export function citationOf(passage: Passage, n: number): Citation {
  return {
    n,
    source: passage.source,
    document_id: passage.documentId,
    code: passage.code,
    title: passage.title,
    edition: passage.edition,
    status: passage.status,
    element_ids: passage.elements.map((element) => element.id),
    quote: passage.elements.map((element) => element.text).join('\n'),
    superseded_by: passage.supersededBy,
  };
}

/** What the bullets need to know: the terms, the best sentence score anywhere, and what the lead already quotes. */
function lineContext(question: string, retrieval: RetrievalResult, lead: readonly LeadCandidate[]) {
  return {
    question,
    terms: textTerms(retrieval, question),
    globalBest: Math.max(0, ...retrieval.passages.flatMap((passage) => passage.sentences.map((s) => s.score))),
    quoted: new Set(lead.flatMap((entry) => entry.keys)),
  };
}

function composeAnswerText(question: string, retrieval: RetrievalResult): ComposedAnswer {
  const { passages } = retrieval;
  const used = new Set<number>();
  const lead = leadLines(question, retrieval);
  for (const entry of lead) used.add(entry.passage);
  const leadText = lead.map((entry) => `${sentence(entry.text)} ${placeholder(entry.passage)}`).join(' ');
  const context = lineContext(question, retrieval, lead);

  const groups: string[] = [];
  for (const { passage, indexes } of byDocument(passages)) {
    const bullets: string[] = [];
    for (const index of indexes) {
      const member = passages[index];
      if (!member) continue;
      const { intro, lines } = passageLines(member, index, context);
      // An introduction alone ("It covers:") says nothing.
      if (lines.length === 0) continue;
      used.add(index);
      if (intro !== null) {
        bullets.push(`- ${intro} ${placeholder(index)}`);
        for (const line of lines) bullets.push(`  - ${line.text} ${placeholder(index)}`);
      } else {
        for (const line of lines) bullets.push(`- ${line.text} ${placeholder(index)}`);
      }
    }
    if (bullets.length > 0) groups.push(`*${groupLabel(passage)}*\n\n${bullets.join('\n')}`);
  }
  const parts = [
    leadText.length > 0
      ? leadText
      : passages.every((passage) => passage.source === 'attachment')
        ? 'Your attached file holds these passages on the question.'
        : 'The library holds these passages on the question.',
  ];
  if (groups.length > 0) parts.push(`**Key requirements**\n\n${groups.join('\n\n')}`);
  parts.push(sourcesSection(passages, used));
  return finalise(parts.join('\n\n'), passages);
}

/** Role names as the library writes them: "Designated Person", "Authorising Engineer", "Water Safety Group", "Duty Holder". */
const ROLE_NOUN =
  '(?:Person|Persons|Engineer|Manager|Officer|Group|Holder|Dutyholder|Director|Lead|Committee|Board|Adviser|Advisor|Microbiologist|Controller|Executive|Provider|Employer|Team|Contractor|Practitioner|Owner|Nurse)';
const ROLE_AT_START = new RegExp(`^((?:[A-Z][\\w'()-]*\\s+){0,4}${ROLE_NOUN})\\b\\s*(?:[.:—–-]|\\(|,)`);
const ROLE_IN_TEXT = new RegExp(
  `\\b(?:The\\s+)?((?:[A-Z][\\w'-]*\\s+){1,3}${ROLE_NOUN})\\s+(?:must|should|shall|is|are|has|have|appoints|ensures|takes|holds|reviews|signs|approves|advises|keeps|leads|chairs)\\b`,
);

interface Duty {
  role: string;
  text: string;
  passage: number;
}

function normaliseRole(role: string): string {
  return role
    .replace(/\s+/g, ' ')
    .replace(/^The\s+/, '')
    .trim();
}

/** Duties under the named roles the passages define: role tables, "Role — duty" items, "The Role must…" sentences. */
function roleDuties(passages: readonly Passage[]): Duty[] {
  const duties: Duty[] = [];
  passages.forEach((passage, index) => {
    for (const element of passage.elements) {
      if (element.type === 'table') {
        const [header = [], ...rows] = tableRows(element.text);
        if (!/role/i.test(header[0] ?? '')) continue;
        for (const cells of rows) {
          const [role, ...rest] = cells;
          if (!role) continue;
          const details = rest.map((cell, i) =>
            header[i + 1] && !/what|responsib|duties|does/i.test(header[i + 1] ?? '') ? `${header[i + 1]}: ${cell}` : cell,
          );
          duties.push({ role: normaliseRole(role), text: sentence(details.join('; ')), passage: index });
        }
        continue;
      }
      for (const s of passage.sentences.filter((entry) => entry.elementId === element.id)) {
        const start = ROLE_AT_START.exec(s.text);
        if (start?.[1]) {
          const rest = s.text.slice(start[0].length - (start[0].endsWith('(') ? 1 : 0)).trim();
          duties.push({ role: normaliseRole(start[1]), text: sentence(rest.length > 0 ? rest : s.text), passage: index });
          continue;
        }
        const within = ROLE_IN_TEXT.exec(s.text);
        if (within?.[1]) duties.push({ role: normaliseRole(within[1]), text: sentence(s.text), passage: index });
      }
    }
  });
  return duties;
}

const MONITORING = /\b(monitor\w*|record\w*|log\w*|audit\w*|review\w*|inspect\w*|test\w*|check\w*|report\w*|evidence)\b/i;

/** Verbs that open a request for a written piece rather than a question. */
const DRAFT_VERBS = 'draft|write|prepare|create|produce|compose';

/** A drafting verb first (after "please", "could you"…), then a kind of written piece named. */
const DRAFT_REQUEST = new RegExp(
  `^\\s*(?:(?:please|can you|could you|would you|help me)\\s+)*(?:${DRAFT_VERBS})\\b(?:\\s+(?:me|us))?\\s.*\\b(?:polic(?:y|ies)|sections?|procedures?|statements?|plans?|paragraphs?|clauses?|checklists?|templates?|terms of reference|protocols?|guidelines?|SOPs?|briefings?)\\b`,
  'i',
);

/**
 * Whether a question is a request for a written piece ("Draft the responsibilities section of a
 * water safety policy…", "Could you write a procedure for…"). Such a request is answered as a draft
 * whichever mode the composer was in: answered as a question it finds nothing that answers "draft".
 */
export function asksForDraft(question: string): boolean {
  return DRAFT_REQUEST.test(question);
}

/** Words that ask for a draft rather than say what it is about. */
const DRAFT_WORDS = /\b(draft|write|prepare|create|produce|compose|outline|me|us|please|section|template|policy|procedure|document)\b/gi;

/** The subject of a draft request, for retrieval: "Draft the responsibilities section of a water safety policy" → "responsibilities … water safety". */
export function draftSubject(question: string): string {
  // "…for a community hospital" names the setting, not the topic: its words would pull in documents
  // about hospitals rather than about the subject of the draft.
  const topic = question.replace(/\s+for\s+(?:a|an|the|our|my|your)\s+[^,;.?!]*[.?!]?\s*$/i, '');
  const subject = topic.replace(DRAFT_WORDS, ' ').replace(/\s+/g, ' ').trim();
  return subject.split(' ').length >= 2 ? subject : question;
}

/** The draft's title from the request: "Draft the responsibilities section of …" → "Responsibilities section of …". */
function draftTitle(question: string): string {
  const title = question
    .trim()
    .replace(/[.?!]+$/, '')
    .replace(new RegExp(`^(please\\s+)?(${DRAFT_VERBS}|outline)\\s+(me\\s+|us\\s+)?((a|an|the)\\s+)?`, 'i'), '')
    .trim();
  const text = title.length > 0 ? title : question.trim();
  return quoteAsData(text.charAt(0).toUpperCase() + text.slice(1));
}

function composeDraftText(question: string, retrieval: RetrievalResult): ComposedAnswer {
  const { passages } = retrieval;
  const used = new Set<number>();
  const cite = (index: number) => {
    used.add(index);
    return placeholder(index);
  };
  const sections: string[] = [`## Draft: ${draftTitle(question)}`];
  sections.push(
    `*A starting draft assembled from the ${passages.some((passage) => passage.source === 'attachment') ? 'passages of the library and your attached file' : 'library passages'} cited below. Adapt the roles and names to your organisation and have it approved through your usual governance route.*`,
  );

  // The purpose quotes what the passages say on the subject; the request's wording ("responsibilities") asks for no particular answer.
  const lead = leadLines('', retrieval);
  const purpose = lead.map((entry) => `${sentence(entry.text)} ${cite(entry.passage)}`).join(' ');
  const purposeKeys = new Set(lead.flatMap((entry) => entry.keys));
  sections.push(
    `### 1. Purpose\n\nThis section sets out the organisation's arrangements, drawing on the requirements cited below.${purpose ? ` ${purpose}` : ''}`,
  );

  const duties = roleDuties(passages);
  const roles: { role: string; duties: Duty[] }[] = [];
  for (const duty of duties) {
    const key = duty.role.toLowerCase();
    let entry = roles.find((role) => role.role.toLowerCase() === key);
    if (!entry) {
      if (roles.length >= MAX_ROLES) continue;
      entry = { role: duty.role, duties: [] };
      roles.push(entry);
    }
    if (entry.duties.length < DUTIES_PER_ROLE && !entry.duties.some((existing) => existing.text === duty.text)) entry.duties.push(duty);
  }
  const dutyTexts = new Set(duties.map((duty) => duty.text));
  if (roles.length > 0) {
    const blocks = roles.map(
      (role, r) =>
        `**2.${r + 1} ${quoteAsData(role.role)}**\n\n${role.duties.map((duty, i) => `${i + 1}. ${duty.text} ${cite(duty.passage)}`).join('\n')}`,
    );
    sections.push(`### 2. Roles and responsibilities\n\n${blocks.join('\n\n')}`);
  } else {
    const context = lineContext(question, retrieval, lead);
    const lines = passages.flatMap((passage, index) => passageLines(passage, index, context).lines).slice(0, 10);
    sections.push(`### 2. Duties\n\n${lines.map((line, i) => `${i + 1}. ${line.text} ${cite(line.passage)}`).join('\n')}`);
  }

  const monitoring = passages
    .flatMap((passage, index) =>
      passage.sentences
        // Not the purpose's sentences again, nor a list fragment in lower case.
        .filter((s) => MONITORING.test(s.text) && !s.text.includes(' | ') && !/:\s*$/.test(s.text) && !/^[a-z]/.test(s.text))
        .filter((s) => !purposeKeys.has(sentenceKey(s.elementId, s.text)))
        .map((s) => ({ text: sentence(s.text), passage: index, score: s.score })),
    )
    // The most relevant first; sort is stable, so equals keep the passages' order.
    .sort((a, b) => b.score - a.score)
    .filter((line) => !dutyTexts.has(line.text))
    .filter((line, i, all) => all.findIndex((other) => other.text === line.text) === i)
    .slice(0, MONITORING_ITEMS);
  if (monitoring.length > 0) {
    sections.push(
      `### 3. Monitoring and records\n\n${monitoring.map((line, i) => `${i + 1}. ${line.text} ${cite(line.passage)}`).join('\n')}`,
    );
  }
  sections.push(sourcesSection(passages, used));
  return finalise(sections.join('\n\n'), passages);
}

function describeSearch(retrieval: RetrievalResult): string {
  const scope = retrieval.includeInternal ? "the regulatory library and your organisation's internal documents" : 'the regulatory library';
  const filters = [
    retrieval.filters.category.length > 0 ? `category ${retrieval.filters.category.join(', ')}` : null,
    retrieval.filters.domain.length > 0 ? `domain ${retrieval.filters.domain.join(', ')}` : null,
    retrieval.filters.subDomain.length > 0 ? `subdomain ${retrieval.filters.subDomain.join(', ')}` : null,
  ].filter((part): part is string => part !== null);
  return filters.length > 0 ? `${scope}, limited to ${filters.map(quoteAsData).join('; ')}` : `${scope}, with no filters`;
}

/** The plain answer when the library holds nothing relevant: what was searched and where to look instead. */
export function nothingRelevantText(retrieval: RetrievalResult): string {
  const filtered = retrieval.filters.category.length + retrieval.filters.domain.length + retrieval.filters.subDomain.length > 0;
  const suggestions = [
    filtered ? 'Clear or widen the category, domain and subdomain filters and ask again.' : null,
    'Rephrase the question with the name or code of the regulation or guidance you have in mind.',
    'Browse or search the Regulatory Wiki.',
    retrieval.includeInternal
      ? "Check your organisation's own policies and procedures, or ask the team responsible for them."
      : "Include your organisation's internal documents, or check its own policies and procedures.",
    'For clinical, HR or other questions outside healthcare regulation and estates compliance, ask the service responsible.',
  ].filter((line): line is string => line !== null);
  return [
    'I could not find anything in the library that answers this question, so I have not answered it: I only answer from the documents the library holds, and I will not guess at a regulation, edition, clause or interval.',
    `I searched ${describeSearch(retrieval)}.`,
    `You could:\n\n${suggestions.map((line) => `- ${line}`).join('\n')}`,
  ].join('\n\n');
}

/** The whole answer for retrieved passages, deterministic for the same passages. */
export function composeAnswer(options: { question: string; mode: ChatMode; retrieval: RetrievalResult }): ComposedAnswer {
  const { question, mode, retrieval } = options;
  if (retrieval.passages.length === 0) return { text: nothingRelevantText(retrieval), citations: [], answered: false };
  return mode === 'draft' ? composeDraftText(question, retrieval) : composeAnswerText(question, retrieval);
}

/** Every passage handed to composition, numbered in retrieval order, for the audit record of an answer. */
export function sourceRecords(retrieval: RetrievalResult): ChatSourceRecord[] {
  return retrieval.passages.map((passage, i) => ({
    n: i + 1,
    source: passage.source,
    document_id: passage.documentId,
    code: passage.code,
    edition: passage.edition,
    element_ids: passage.elements.map((element) => element.id),
    score: Math.round(passage.score * 1000) / 1000,
  }));
}

/** Small chunks at word boundaries, so the answer streams like a generated one. */
export function chunkText(text: string): string[] {
  const chunks: string[] = [];
  let current = '';
  for (const piece of text.match(/\S+\s*|\s+/g) ?? []) {
    if (current.length > 0 && current.length + piece.length > CHUNK_CHARACTERS) {
      chunks.push(current);
      current = '';
    }
    current += piece;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}

export interface BuiltinEngineOptions {
  db: Database;
  organisationId: string;
  question: string;
  mode?: ChatMode;
  /** Earlier questions of the conversation, oldest first. */
  history?: readonly string[];
  filters?: Partial<ChatFilters>;
  includeInternal?: boolean;
  /** Files of the conversation in scope for the question, already checked to be the asker's in this conversation. */
  attachments?: readonly AttachmentSource[];
  signal?: AbortSignal;
  /** Told what was retrieved before the first token (for recording sources and timing). */
  onRetrieval?: (retrieval: RetrievalResult) => void;
  /** A semantic ranking to fuse with the lexical one (the provider engine's, or the evaluation's). */
  semantic?: RetrievePassagesOptions['semantic'];
}

/**
 * Streams an answer as token events, then its citations, then done. When the signal aborts, the
 * stream ends at once without citations or done: the caller keeps the tokens it has and marks the
 * answer stopped.
 */
export async function* answerWithBuiltinEngine(options: BuiltinEngineOptions): AsyncGenerator<ChatEngineEvent> {
  const { signal } = options;
  const mode = options.mode ?? 'answer';
  if (signal?.aborted) return;
  const retrieval = await retrievePassages({
    db: options.db,
    organisationId: options.organisationId,
    question: mode === 'draft' ? draftSubject(options.question) : options.question,
    history: options.history,
    filters: options.filters,
    includeInternal: options.includeInternal,
    attachments: options.attachments,
    semantic: options.semantic,
    purpose: mode,
  });
  options.onRetrieval?.(retrieval);
  const answer = composeAnswer({ question: options.question, mode, retrieval });
  let sent = 0;
  for (const chunk of chunkText(answer.text)) {
    if (signal?.aborted) return;
    yield { type: 'token', text: chunk };
    // Let other requests and an abort in between get a turn on long answers.
    if (++sent % 16 === 0) await yieldToEventLoop();
  }
  if (signal?.aborted) return;
  yield { type: 'citations', citations: answer.citations };
  yield { type: 'done' };
}
