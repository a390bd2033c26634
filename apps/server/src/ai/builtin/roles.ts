/**
 * Who does what: roles tables and duty-holder statements, read into role names and duty sentences
 * (the lead of a "who" question, the roles section of a draft).
 */
import { partsOfSpeech } from '../../core/language/tagger.ts';
import { quoteAsData } from '../citations.ts';
import type { Question } from '../question/read.ts';
import type { Passage, RetrievalResult } from '../retrieval.ts';
import type { Citer } from './cite.ts';
import { joinWords, lowerFirst, markdownTable, rowText, sentence, tableRows } from './text.ts';

export const MAX_ROLES = 8;

/** Words ending in "s" that do not open a clause with a verb. */
const NOT_VERBS = new Set([
  'its',
  'his',
  'hers',
  'ours',
  'theirs',
  'was',
  'has',
  'as',
  'thus',
  'always',
  'perhaps',
  'sometimes',
  'across',
  'unless',
  'besides',
  'towards',
  'afterwards',
  'regardless',
  'nevertheless',
  'whereas',
  'less',
  'various',
  'numerous',
]);

/**
 * A list item said as a sentence of the answer's own, or null when it is a fragment: the label of a
 * "Label. Sentence." item is left off; an instruction is said as what the document asks of the
 * organisation; a statement with a verb stands as it is.
 */
export function itemAsSentence(text: string, passage: Passage): string | null {
  // A dated step of a history ("2016: it was re-issued as …") is said as when it happened.
  const dated = DATED_ITEM.exec(text.trim());
  if (dated) {
    const [, year = '', rest = ''] = dated;
    const said = itemAsSentence(`${rest.charAt(0).toUpperCase()}${rest.slice(1)}`, passage);
    return said === null ? null : `In ${year}, ${said === `${rest.charAt(0).toUpperCase()}${rest.slice(1)}` ? rest : said}`;
  }
  // "Records Management Code … 2016 — published by the Information Governance Alliance on 20 July 2016":
  // a name and what happened to it, said as a sentence.
  const happened = HAPPENED_ITEM.exec(text.trim());
  if (happened?.[1] && happened[2]) {
    const name = happened[1].replace(/\*+/g, '').trim();
    return `${name} ${/^(?:Parts|Both)\b/.test(name) ? 'were' : 'was'} ${happened[2].replace(/[;,]\s*(?:and|or)?$/, '')}`;
  }
  const body = text.trim().replace(/^[A-Z][^.:;]{0,40}\.\s+(?=[A-Z])/, '');
  // After a label ("Flushing. Flush little-used outlets …") the document writes a whole sentence.
  const labelled = body !== text.trim();
  if (body.length < 40 || !/^[A-Z]/.test(body) || !/[.)]$/.test(body) || /:\s*$/.test(body)) return null;
  const first = (body.split(/\s+/)[0] ?? '').toLowerCase();
  // "Employer / Duty Holder. Owns the duty to …": the body goes on from its label, which is its subject.
  const itemLabel = labelled ? /^([A-Z][^.:;]{0,40})\./.exec(text.trim())?.[1] : undefined;
  if (itemLabel && /^[a-z-]+s$/.test(first) && !/(ss|us|is|ous|ys)$/.test(first) && !NOT_VERBS.has(first)) {
    return dutySentence(itemLabel, body);
  }
  const label = passage.source === 'attachment' ? 'Your attached file' : passage.code;
  if (BASE_VERBS.has(first)) return `${label} asks the organisation to ${body.charAt(0).toLowerCase()}${body.slice(1)}`;
  const clause = body.split(',')[0] ?? '';
  return labelled || FINITE.test(clause) || (/^(The|A|An|Each|Every|All|No)\s/.test(body) && FINITE.test(body)) ? body : null;
}

/** A name, a dash and what was done to it: "X — published by …", "X — replaced in 2021 by …". */
const HAPPENED_ITEM =
  /^\**([A-Z][^—–\n]{2,140}?)\**\s+[—–]\s+((?:published|issued|replaced|withdrawn|superseded|revised|updated|introduced|produced|written|developed|revoked|repealed|amended|re-?issued|consolidated|merged|archived|funded|commissioned)\b.{3,})$/s;

/** "2016: it was …", "2012/13 – the guidance appeared …": a year (or span of years) labelling a step of a history. */
const DATED_ITEM = /^((?:19|20)\d\d(?:\/\d{2,4})?)\s*[:–—]\s+(\S.*)$/s;

/** An auxiliary or modal verb: the clause is a statement, not a noun phrase. */
const FINITE = /\b(is|are|was|were|must|should|shall|has|have|had|will|would|may|might|can|could|need|needs)\b/;

/** A roles table: its first column names roles, its others say who appoints them and what they do. */
export interface RolesTable {
  passage: number;
  elementId: string;
  header: string[];
  rows: string[][];
  appointedBy: number;
  does: number;
}

export function rolesTables(passages: readonly Passage[]): RolesTable[] {
  const tables: RolesTable[] = [];
  passages.forEach((passage, index) => {
    for (const element of passage.elements) {
      if (element.type !== 'table') continue;
      const [header = [], ...rows] = tableRows(element.text);
      const rolesHeader = /^(roles?|who|post|position|duty ?holder|person)\b/i.test(header[0] ?? '');
      const appointedBy = header.findIndex((cell, i) => i > 0 && /appoint/i.test(cell));
      const does = header.findIndex((cell, i) => i > 0 && /\b(what|does|do|responsib\w*|duties|role)\b/i.test(cell));
      if (!rolesHeader && appointedBy < 0) continue;
      tables.push({ passage: index, elementId: element.id, header, rows, appointedBy, does });
    }
  });
  return tables;
}

/** A role's name as written in running text: "Authorising Engineer (LV)" → "authorising engineer". */
function roleWords(role: string): string[] {
  return (
    role
      .replace(/\([^)]*\)/g, ' ')
      .toLowerCase()
      .match(/[a-z]{3,}/g) ?? []
  );
}

/** Whether the question names this role ("Who appoints the Authorising Engineer…"). */
function namesRole(question: Question, role: string): boolean {
  const words = roleWords(role);
  const asked = ` ${question.letters.join(' ')} `;
  return words.length > 0 && asked.includes(` ${words.join(' ')} `);
}

/** A role as running text names it: without an abbreviation after a comma or dash ("Authorising Engineer (Ventilation), AE(V)"). */
function shortRole(role: string): string {
  return role
    .replace(/\s+[—–]\s+.*$/, '')
    .replace(/,\s*[A-Z]{2,}\([^)]*\)\s*$/, '')
    .trim();
}

/** "The X" for a role, without doubling an article the table already wrote. */
function theRole(role: string): string {
  return /^(the|a|an|all|every|each|any)\s/i.test(role) ? role : `the ${role}`;
}

/** A cell said after "appointed by": "Designated Person / management, in writing" → "the Designated Person / management, in writing". */
function appointer(cell: string): string {
  const text = cell.replace(/[.;]$/, '').trim();
  return /^[A-Z][a-z]+ [A-Z]/.test(text) && !/^The\b/.test(text) ? `the ${text}` : /^The\b/.test(text) ? `t${text.slice(1)}` : text;
}

/**
 * The first sentences of a who-question from a roles table: the role the question names, who
 * appoints it and what it does; or else every role the document names, each with who appoints it.
 * Returns the sentences (with their markers) and the tables it has said in full.
 */
export function whoLead(
  question: Question,
  retrieval: RetrievalResult,
  citer: Citer,
): { text: string; tables: RolesTable[]; named: boolean } | null {
  const tables = rolesTables(retrieval.passages);
  if (tables.length === 0) return null;
  const named = tables.flatMap((table) =>
    table.rows.filter((cells) => namesRole(question, cells[0] ?? '')).map((cells) => ({ table, cells })),
  );
  const sentences: string[] = [];
  /** Each sentence said about a named role, with the index of the entry in `sentences` saying it. */
  const saidOfRole = new Map<string, number>();
  if (named.length > 0 && named.length <= 2) {
    for (const { table, cells } of named) {
      const role = cells[0] ?? '';
      const passage = retrieval.passages[table.passage];
      if (!passage) continue;
      const marker = citer.mark(table.passage, table.elementId, rowText(table.header, cells));
      const by = appointedBy(table, cells);
      const does = table.does > 0 ? cells[table.does] : undefined;
      const opening = theRole(role).replace(/^t/, 'T');
      if (by) sentences.push(`${quoteAsData(`${opening} is appointed by ${appointer(by)}`)}. ${marker}`);
      else if (/\bappoint/i.test(question.text)) {
        // Who appoints it is not in its row: say so, with what another role's row says about it ("recommends Authorised Persons").
        const words = roleWords(role);
        // The role by its name or by its abbreviation ("Authorising Engineer (Ventilation), AE(V)").
        const abbreviation = /\b([A-Z]{2,}\([A-Z]+\))/.exec(role)?.[1];
        const names = [words.join('\\s+'), ...(abbreviation ? [abbreviation.replace(/[()]/g, '\\$&')] : [])];
        const mentions = new RegExp(`(?:\\b${names.join('|\\b')})s?(?![\\w(])`, 'i');
        const other = tables
          .flatMap((entry) => entry.rows.map((row) => ({ entry, row })))
          .filter(({ row }) => row !== cells && words.length > 0)
          .flatMap(({ entry, row }) =>
            row
              .slice(1)
              .flatMap((cell) => cell.split(/;\s*/))
              .filter((clause) => mentions.test(clause) && /\b(appoint|recommend|nominat|select)\w*/i.test(clause))
              .map((clause) => ({ entry, row, clause })),
          )[0];
        const clause = other ? `${other.clause.charAt(0).toLowerCase()}${other.clause.slice(1).replace(/[.;]$/, '')}` : '';
        const otherMarker = other ? citer.mark(other.entry.passage, other.entry.elementId, rowText(other.entry.header, other.row)) : marker;
        const otherRole = other ? theRole(shortRole(other.row[0] ?? '')) : '';
        // Another row says who appoints it ("Designated Person | … appoints the AE(V)"), or only who recommends it.
        const text =
          other && /\bappoints?\b/i.test(other.clause)
            ? `${otherRole.charAt(0).toUpperCase()}${otherRole.slice(1)} appoints ${theRole(shortRole(role))}: ${passage.code}'s roles table says that ${otherRole} ${clause}`
            : `${passage.code} does not state who appoints ${theRole(shortRole(role))}${other ? `; its roles table says that ${otherRole} ${clause}` : ''}`;
        sentences.push(`${quoteAsData(text)}. ${otherMarker}`);
      }
      // What the role is and does, as sentences about it ("Statutory status under …" when no one appoints it).
      const held = !by && table.appointedBy > 0 ? (cells[table.appointedBy] ?? '') : '';
      const all = [held, does ?? '']
        .flatMap((cell) => cell.split(/;\s*/))
        .map((clause) => dutySentence(shortRole(role), clause))
        .filter((text): text is string => text !== null);
      // What another document's table already said of the role is not said again: that sentence is cited to both.
      const fresh = all.filter((text) => !saidOfRole.has(text));
      const repeated = new Set(all.map((text) => saidOfRole.get(text)).filter((at): at is number => at !== undefined));
      for (const at of repeated) sentences[at] = `${sentences[at]}${marker}`;
      if (fresh.length === 0) continue;
      for (const text of fresh) saidOfRole.set(text, sentences.length);
      sentences.push(`${fresh.map((text, i) => (i === 0 && !by ? text : pronounFor(shortRole(role), text))).join(' ')} ${marker}`);
    }
    return sentences.length > 0 ? { text: sentences.join(' '), tables: [], named: true } : null;
  }
  // Every role of the most relevant roles table (the first: passages come best first).
  const table = tables[0];
  const passage = table ? retrieval.passages[table.passage] : undefined;
  if (!table || !passage) return null;
  const roles = table.rows.map((cells) => shortRole(cells[0] ?? '')).filter((role) => role.length > 0);
  const appointments = table.rows.filter((cells) => appointedBy(table, cells) !== null);
  // "Who is accountable …": the role whose row holds the accountability (or the legal duty) is named first.
  const holds = /\baccountab/i.test(question.text)
    ? /\baccountab\w*/i
    : /\b(responsib|in charge)/i.test(question.text)
      ? /\b(accountab\w*|legal dut\w*|statutory)\b/i
      : null;
  const holder = holds
    ? table.rows
        .flatMap((cells) =>
          cells
            .slice(1)
            .flatMap((cell) => cell.split(/;\s*/))
            .filter((clause) => holds.test(clause))
            .map((clause) => ({ cells, clause })),
        )
        .at(0)
    : undefined;
  // Who the holder is, when another cell says so in brackets: "EAWR 1989 (employers, self-employed, …)".
  const whoItIs = holder?.cells
    .slice(1)
    .map((cell) => /\(([^)]{3,120})\)/.exec(cell)?.[1])
    .find((inside) => inside !== undefined && PEOPLE.test(inside));
  const said = holder ? dutySentence(shortRole(holder.cells[0] ?? ''), holder.clause) : null;
  const saidWithWho =
    said && whoItIs && !said.includes(whoItIs)
      ? said.replace(roleSubject(shortRole(holder?.cells[0] ?? '')), (subject) => `${subject} (${whoItIs})`)
      : said;
  if (holder && saidWithWho)
    sentences.push(
      `${quoteAsData(`Under ${passage.code}, ${saidWithWho.charAt(0).toLowerCase()}${saidWithWho.slice(1)}`)} ${citer.mark(table.passage, table.elementId, rowText(table.header, holder.cells))}`,
    );
  const marker = citer.mark(table.passage, table.elementId, table.header.join(' | '));
  sentences.push(
    `${quoteAsData(`${passage.code} names ${roles.length === 1 ? 'one role' : `${roles.length} roles`}: ${joinWords(roles.map(theRole))}`)}. ${marker}`,
  );
  if (appointments.length > 0) {
    const said = appointments
      .slice(0, MAX_ROLES)
      .map((cells) => `${theRole(cells[0] ?? '')} by ${appointer(appointedBy(table, cells) ?? '')}`);
    sentences.push(`${quoteAsData(`They are appointed as follows: ${said.join('; ')}`)}. ${marker}`);
  }
  return { text: sentences.join(' '), tables: [table], named: false };
}

/**
 * Who appoints a role, from the table's "Appointed by" column; null when the cell says something
 * else (a duty holder's "Statutory status under …", "Not appointed", "—").
 */
function appointedBy(table: RolesTable, cells: readonly string[]): string | null {
  const cell = table.appointedBy > 0 ? (cells[table.appointedBy] ?? '').trim() : '';
  if (cell.length <= 1 || /^(statutory|not\b|n\/a|none|by law|under\b|[—–-])/i.test(cell) || HELD.test(cell)) return null;
  return cell;
}

/** A whole roles table as the answer shows it. */
export function rolesTableText(table: RolesTable, citer: Citer): string {
  return markdownTable(
    table.header,
    table.rows.map((cells) => ({ cells, marker: citer.mark(table.passage, table.elementId, rowText(table.header, cells)) })),
  );
}

/** Verbs a roles table writes a duty with, in their base form ("Advise on …"): the draft says the role "will" do it. */
const BASE_VERBS = new Set(
  'act advise agree apply appoint approve arrange assess audit authorise carry chair check commission communicate control coordinate co-ordinate decide define deliver design develop ensure escalate establish evaluate fund give hold identify implement include inspect install interpret investigate issue keep lead liaise maintain make manage monitor notify operate oversee plan prepare procure provide receive record report resource review run set sign specify supervise support take test train update use verify'.split(
    ' ',
  ),
);

/** Characters of a duty read for its first word's part of speech: enough for the clause around it. */
const MAX_TAGGED = 120;

/** Words that make a duty a thing the role has ("Overall accountability …", "Statutory status …"). */
const HELD =
  /^(?:\S+\s+){0,2}?(accountability|responsibility|authority|status|control|oversight|duty|duties|management|charge|ownership|leadership)\b/i;

/**
 * A duty from a roles table said as a full sentence about its role: "Independent adviser" → "The
 * Authorising Engineer is an independent adviser."; "audits the arrangements" → "The … audits the
 * arrangements."; "Advise on policy" → "The … will advise on policy."
 */
export function dutySentence(role: string, clause: string): string | null {
  const text = quoteAsData(clause)
    .replace(/[.;,:]+$/, '')
    .trim();
  if (text.length < 3) return null;
  // "Authorising Engineer (Water) — AE(W)": the name, without its abbreviation after a dash.
  const subject = roleSubject(role);
  const lower = lowerFirst(text);
  const words = lower.split(/\s+/);
  const first = (words[0] ?? '').toLowerCase();
  const second = (words[1] ?? '').toLowerCase();
  const plural = isPluralRole(subject);
  const be = plural ? 'are' : 'is';
  // The table's verb agrees with one role; "The Responsible Person and deputy manages" becomes "… manage".
  const agreeing = plural ? lower.replace(/^\S+/, (verb) => baseVerb(verb)) : lower;
  if (/^(is|are|has|have|must|should|shall|will|may|can|does)$/.test(first)) return `${subject} ${agreeing}.`;
  if (BASE_VERBS.has(first)) return `${subject} will ${lower}.`;
  // "Appointed in writing", "Accountable for …", "Independently audits …".
  if (/ed$/.test(first) && !/(eed)$/.test(first) && words.length > 1) return `${subject} ${be} ${lower}.`;
  if (/^(for|to|on|in|with|under|at|by|from)$/.test(second) && !/s$/.test(first)) return `${subject} ${be} ${lower}.`;
  if (/ly$/.test(first) && /[a-z]s$/.test(second))
    return `${subject} ${plural ? lower.replace(/^(\S+\s+)(\S+)/, (_, adverb: string, verb: string) => adverb + baseVerb(verb)) : lower}.`;
  if (/^[a-z-]+(?:s|es)$/.test(first) && !/(ss|us|is)$/.test(first) && BASE_VERBS.has(baseVerb(first))) return `${subject} ${agreeing}.`;
  // A verb in the third person ("owns the duty", "holds the register"); "duties …" and "status …" are things held.
  if (
    /^[a-z-]+s$/.test(first) &&
    !/(ss|us|is)$/.test(first) &&
    lower.split(/\s+/).length > 1 &&
    !/^(duties|status|responsibilities|arrangements)$/.test(first)
  )
    return `${subject} ${agreeing}.`;
  if (HELD.test(lower)) return `${subject} ${plural ? 'have' : 'has'} ${lower}.`;
  if (/^(the|a|an|one|any|each)\b/.test(first)) return `${subject} ${be} ${lower}.`;
  // An instruction whose verb is not in the list above ("Create and keep accurate records"): not a noun phrase.
  if (partsOfSpeech(text.slice(0, MAX_TAGGED))[0]?.tag === 'VERB') return `${subject} will ${lower}.`;
  return `${subject} ${be} ${/^[aeiou]/i.test(lower) ? 'an' : 'a'} ${lower}.`;
}

/** Words naming who a duty falls on: "employers, self-employed, employees in control", "the person in control of premises". */
const PEOPLE = /\b(?:employers?|employees?|self-employed|persons?|people|owners?|occupiers?|in control|organisations?|providers?|board)\b/i;

/** "The Authorising Engineer" for "Authorising Engineer (Water) — AE(W)". */
const roleSubject = (role: string) => theRole(role.replace(/\s+[—–]\s+.*$/, '')).replace(/^t/, 'T');

/** Roles that are several people: "the Water Safety Group members", "the Responsible Person and deputy". */
const isPluralRole = (subject: string) => /\b(teams|groups|persons|staff|managers|officers|members|and)\b/i.test(subject);

/** A verb in the third person as its base form: "manages" → "manage", "carries" → "carry", "is" → "are". */
function baseVerb(verb: string): string {
  const irregular: Record<string, string> = { is: 'are', has: 'have', does: 'do' };
  if (irregular[verb]) return irregular[verb];
  if (!/^[a-z-]+s$/.test(verb) || /(ss|us|is)$/.test(verb)) return verb;
  return verb
    .replace(/ies$/, 'y')
    .replace(/(ches|shes|sses|xes|oes)$/, (ending) => ending.slice(0, -2))
    .replace(/([^e])s$/, '$1')
    .replace(/es$/, 'e');
}

/** Roles that are a body, not a person: "it" is right for them. */
const BODY_ROLE =
  /\b(?:board|committee|group|team|forum|panel|service|department|organisation|trust|provider|authority|agency|council|executive)$/i;

/**
 * A later sentence about the same role opens with a word for it: "The Authorising Engineer audits …" →
 * "This role audits …" ("It" for a body: "The board approves …" → "It approves …"; "They" for several people).
 */
export function pronounFor(role: string, sentence: string): string {
  const subject = roleSubject(role);
  if (!sentence.startsWith(`${subject} `)) return sentence;
  const word = isPluralRole(subject) ? 'They' : BODY_ROLE.test(subject) ? 'It' : 'This role';
  return `${word} ${sentence.slice(subject.length + 1)}`;
}

/** A role's duties from its roles-table row, each a full sentence with the row's citation. */
export function roleSentences(table: RolesTable, cells: readonly string[]): string[] {
  const role = cells[0] ?? '';
  const sentences: string[] = [];
  const by = appointedBy(table, cells);
  if (by) sentences.push(quoteAsData(`${theRole(role).replace(/^t/, 'T')} is appointed by ${appointer(by)}.`));
  cells.forEach((cell, i) => {
    if (i === 0 || (i === table.appointedBy && by)) return;
    for (const clause of cell.split(/;\s*|\.\s+(?=[A-Z])/)) {
      const said = dutySentence(role, clause);
      if (said) sentences.push(said);
    }
  });
  return sentences;
}

/** Role names as the library writes them: "Designated Person", "Authorising Engineer", "Water Safety Group", "Duty Holder". */
const ROLE_NOUN =
  '(?:Person|Persons|Engineer|Manager|Officer|Group|Holder|Dutyholder|Director|Lead|Committee|Board|Adviser|Advisor|Microbiologist|Controller|Executive|Provider|Employer|Team|Contractor|Practitioner|Owner|Nurse)';

const ROLE_AT_START = new RegExp(`^((?:[A-Z][\\w'()-]*\\s+){0,4}${ROLE_NOUN}(?:\\s*\\([^)]*\\))?)\\s*(?:[.:—–-]|,)\\s*`);

const ROLE_IN_TEXT = new RegExp(
  `\\b(?:The\\s+)?((?:[A-Z][\\w'-]*\\s+){1,3}${ROLE_NOUN})\\s+(?:must|should|shall|is|are|has|have|appoints|ensures|takes|holds|reviews|signs|approves|advises|keeps|leads|chairs)\\b`,
);

export interface Duty {
  role: string;
  text: string;
  passage: number;
  elementId: string;
  quote: string;
}

function normaliseRole(role: string): string {
  return role
    .replace(/\s+/g, ' ')
    .replace(/^The\s+/, '')
    .trim();
}

/** Duties under the named roles the passages' prose defines: "Role — duty" items and "The Role must…" sentences, as full sentences. */
export function proseRoleDuties(passages: readonly Passage[]): Duty[] {
  const duties: Duty[] = [];
  passages.forEach((passage, index) => {
    for (const element of passage.elements) {
      if (element.type === 'table') continue;
      for (const s of passage.sentences.filter((entry) => entry.elementId === element.id)) {
        const start = ROLE_AT_START.exec(s.text);
        if (start?.[1]) {
          const role = normaliseRole(start[1]);
          const rest = s.text.slice(start[0].length).trim();
          const text = rest.length > 0 ? dutySentence(role, rest) : null;
          if (text) duties.push({ role, text, passage: index, elementId: element.id, quote: s.text });
          continue;
        }
        const within = ROLE_IN_TEXT.exec(s.text);
        if (within?.[1] && /^[A-Z]/.test(s.text))
          duties.push({ role: normaliseRole(within[1]), text: sentence(s.text), passage: index, elementId: element.id, quote: s.text });
      }
    }
  });
  return duties;
}
