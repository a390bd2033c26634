import { quoteAt } from './locate.ts';
import { isControlDetails } from './structure-fields.ts';
import { approverOf } from './structure-owner.ts';
import { inDefinitions, LINKING_WORDS } from './terms-text.ts';
import type { FindingEvidence, Policy, PolicyElement, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/** Words that end the title of a person's role, and of a body. */
const PERSON_HEADS = new Set([
  'manager',
  'officer',
  'lead',
  'engineer',
  'person',
  'controller',
  'adviser',
  'advisor',
  'director',
  'specialist',
  'coordinator',
  'owner',
  'head',
]);
/** Teams are a kind of their own: a team and a committee on one subject are usually two real bodies. */
const BODY_HEADS = new Set(['group', 'committee', 'board', 'forum', 'panel']);
/** Words that end the name of a team or a department: "Infection Control Department" once for the "Infection Prevention and Control Team". */
const UNIT_HEADS = new Set(['team', 'department', 'service', 'section', 'unit']);

/** Title words that say what kind of document it is rather than what it is about. */
const GENERIC_TITLE_WORDS = new Set(
  'policy policies management safety system operational control other equipment healthcare health general procedure guidance trust service arrangement plan hospital nhs specialised'.split(
    ' ',
  ),
);

/** Words of a post's or body's name too general to say what it is about. */
const GENERIC_NAME_WORDS = new Set('trust senior deputy assistant executive chief general service department corporate'.split(' '));

/** Words a capitalised run may start with that are not part of a name. */
const LEADING_WORDS = new Set(
  'the a an each every any all our this that if when where only both either until then no its their'.split(' '),
);

/** A run of capitalised words, the first of them perhaps an abbreviation ("IG Group"), joined by "of", "and" or "for", with an optional bracketed qualifier. */
const CAPITALISED_RUN =
  /\b(?:[A-Z][a-z]+(?:-[A-Za-z]+)?|[A-Z]{2,5}\b)(?:(?:[ \t]+(?:of|and|for))?[ \t]+[A-Z][a-z]+(?:-[A-Za-z]+)?)*(?:[ \t]*\([A-Z][A-Za-z]*(?:[ \t]+[A-Z][A-Za-z]*)*\))?/g;

interface Name {
  element: PolicyElement;
  start: number;
  end: number;
  text: string;
  key: string;
  /** The key without the bracketed qualifier. */
  base: string;
  words: string[];
  qualifier: string;
  kind: 'person' | 'body' | 'unit';
  /** The abbreviation the name is given beside it ("WSG"). */
  abbreviation?: string;
  /** A use of the name by that abbreviation. */
  short?: boolean;
}

/**
 * A name given with its own abbreviation ("Water Safety Group (WSG)") is the name: the bracket is
 * not a qualifier that makes another role, as "(Lifts)" does.
 */
function withoutOwnAbbreviation(name: Name): Name {
  if (name.qualifier === '' || initialsOf(name.words) !== name.qualifier) return name;
  return { ...name, key: name.base, qualifier: '', abbreviation: name.qualifier.toUpperCase() };
}

/** Enough abbreviations of names to read; bounds the work on a hostile policy. */
const MAX_ABBREVIATIONS = 40;

/** Each use of a name by the abbreviation it was given ("the WSG reviews …"), as a use of the name. */
function abbreviationUses(policy: Policy, names: Name[]): Name[] {
  const given = new Map<string, Name>();
  for (const name of names) if (name.abbreviation && given.size < MAX_ABBREVIATIONS) given.set(name.abbreviation, name);
  if (given.size === 0) return [];
  const pattern = new RegExp(`\\b(?:${[...given.keys()].join('|')})\\b(?!\\))`, 'g');
  return policy.elements.flatMap((element) =>
    [...element.text.matchAll(pattern)].flatMap((match) => {
      const name = given.get(match[0]);
      return name ? [{ ...name, element, start: match.index, end: match.index + match[0].length, text: match[0], short: true }] : [];
    }),
  );
}

interface Usage {
  names: Name[];
  inHeading: boolean;
}

/** A role, body or document named once in a way that differs from the name the policy uses elsewhere. */
export function inconsistentTermFindings(policy: Policy, library: ReviewLibrary): ReviewFindingDraft[] {
  const usages = new Map<string, Usage>();
  const names = policy.elements.flatMap(namesIn).map(withoutOwnAbbreviation);
  for (const name of [...names, ...abbreviationUses(policy, names)]) {
    const usage = usages.get(name.key) ?? { names: [], inHeading: false };
    usage.names.push(name);
    usage.inHeading ||= name.element.type === 'heading';
    usages.set(name.key, usage);
  }
  const established = [...usages.values()].filter((usage) => usage.inHeading || usage.names.length >= 2);
  const libraryRoles = libraryRoleTitles(library);
  const equivalents = libraryEquivalents(library);
  const topic = topicWords(policy);
  const fullText = policy.elements.map((element) => element.text.toLowerCase()).join('\n');
  const duties = postDuties(rolesSection(policy), established);
  const approver = approvingBody(policy);
  const findings: ReviewFindingDraft[] = [];
  for (const usage of usages.values()) {
    const odd = usage.names[0];
    if (!odd || usage.names.length !== 1 || usage.inHeading || inDefinitions(odd.element)) continue;
    if (libraryRoles.keys.has(odd.key) || occurrences(fullText, odd.text.toLowerCase()) !== 1) continue;
    if (inDocumentControl(odd.element) || established.some((other) => other.names[0] && extendsName(odd, other.names[0]))) continue;
    const equivalent = equivalentName(odd, established, equivalents);
    // A standard title with its own qualifier ("Competent Person (Lifts)") is a role in its own right.
    const match =
      equivalent ??
      (libraryRoles.bases.has(odd.base)
        ? null
        : (nearSpelling(odd, established) ??
          // A team or department shares the policy's subject with others of its kind ("Fire Safety Team",
          // "Fire Investigation Unit"): only one named for the same subject in other words is the same body.
          (odd.kind === 'unit' ? null : sameTopic(odd, established, topic)) ??
          sameSubject(odd, established) ??
          sameDuty(odd, duties) ??
          sameApprover(odd, approver)));
    if (match) findings.push(finding(odd, usualText(usages.get(match.name.key)) ?? match.name.text, match.evidence));
  }
  return findings;
}

/**
 * Document control names post holders in passing, some as they were ("Author: Estates Manager" in
 * version 1.0's row): a section headed as document control, or an element of control fields.
 */
function inDocumentControl(element: PolicyElement): boolean {
  return (
    isControlDetails(element) ||
    [...element.headingPath, element.text].some((text) => /^(?:\d+(?:\.\d+)*\.?\s+)?document (?:control|information|details)\b/i.test(text))
  );
}

/** The odd name is an established one with words in front: "Trust Fire Safety Manager" for "Fire Safety Manager". */
function extendsName(odd: Name, name: Name): boolean {
  const tail = odd.words.slice(odd.words.length - name.words.length);
  return (
    name.words.length > 0 &&
    odd.words.length > name.words.length &&
    name.qualifier === odd.qualifier &&
    tail.join(' ') === name.words.join(' ')
  );
}

/** The names in a text that is no element of the policy: a library table's cell, a document control value. */
function namesInText(text: string): Name[] {
  return namesIn({ index: -1, type: 'paragraph', text, page: 1, headingPath: [] });
}

function namesIn(element: PolicyElement): Name[] {
  return [...element.text.matchAll(CAPITALISED_RUN)].flatMap((match) => namesInRun(element, match[0], match.index));
}

/** "Designated Medical Officer and Designated Nursing Officer" holds two names; "Health and Safety Committee" one. */
function namesInRun(element: PolicyElement, run: string, at: number): Name[] {
  const parts: Name[] = [];
  const pattern = /(?:^|[ \t]+and[ \t]+)((?:(?![ \t]+and[ \t]).)+)/g;
  for (const part of run.matchAll(pattern)) {
    const text = part[1] ?? '';
    const name = nameIn(element, text, at + part.index + part[0].length - text.length);
    if (!name) {
      const whole = nameIn(element, run, at);
      return whole ? [whole] : [];
    }
    parts.push(name);
  }
  return parts;
}

/** The role or body title inside a capitalised run, trimmed of leading function words and trailing non-title words. */
function nameIn(element: PolicyElement, run: string, at: number): Name | null {
  const qualifierAt = run.indexOf('(');
  const qualifier = qualifierAt < 0 ? '' : run.slice(qualifierAt).replace(/[()]/g, '').trim();
  const bare = qualifierAt < 0 ? run : run.slice(0, qualifierAt).trimEnd();
  const tokens = [...bare.matchAll(/\S+/g)];
  let first = 0;
  while (first < tokens.length && LEADING_WORDS.has((tokens[first]?.[0] ?? '').toLowerCase())) first++;
  let last = tokens.length - 1;
  const headOf = (index: number) => singular((tokens[index]?.[0] ?? '').toLowerCase());
  const isHeadOfForm = headOf(first) === 'head' && (tokens[first + 1]?.[0] ?? '') === 'of';
  if (!isHeadOfForm)
    while (last > first && !PERSON_HEADS.has(headOf(last)) && !BODY_HEADS.has(headOf(last)) && !UNIT_HEADS.has(headOf(last))) last--;
  if (last - first < 1 || (!isHeadOfForm && qualifierAt >= 0 && last !== tokens.length - 1)) return null;
  const head = isHeadOfForm ? 'head' : headOf(last);
  const startToken = tokens[first];
  const endToken = tokens[last];
  if (!startToken || !endToken) return null;
  const start = at + startToken.index;
  const end = qualifierAt >= 0 && last === tokens.length - 1 ? at + run.length : at + endToken.index + endToken[0].length;
  const words = tokens.slice(first, last + 1).map((token) => singular(token[0].toLowerCase()));
  return {
    element,
    start,
    end,
    text: element.text.slice(start, end),
    key: [...words, qualifier.toLowerCase()].join(' ').trim(),
    base: words.join(' '),
    words: words.filter((word) => !LINKING_WORDS.has(word)),
    qualifier: qualifier.toLowerCase(),
    kind: PERSON_HEADS.has(head) ? 'person' : BODY_HEADS.has(head) ? 'body' : 'unit',
  };
}

/** A word's singular, near enough to compare names: "Persons" → "person", "Gases" → "gas", "Lifting" → "lift". */
function singular(word: string): string {
  if (/(?:s|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (/ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (/ing$/.test(word) && word.length > 6) return word.slice(0, -3);
  if (/[^s]s$/.test(word) && word.length > 3) return word.slice(0, -1);
  return word;
}

function occurrences(text: string, phrase: string): number {
  return text.split(phrase).length - 1;
}

/** What the policy is about: the words of its title that are not generic. */
function topicWords(policy: Policy): Set<string> {
  const title = policy.title ?? policy.elements.find((element) => element.type === 'heading')?.text ?? '';
  return new Set(
    (title.toLowerCase().match(/[a-z]+/g) ?? []).map(singular).filter((word) => !LINKING_WORDS.has(word) && !GENERIC_TITLE_WORDS.has(word)),
  );
}

/** The role titles in the library's "Role" tables: distinct roles that are legitimately named. */
function libraryRoleTitles(library: ReviewLibrary): { keys: Set<string>; bases: Set<string> } {
  const names = libraryRoleRows(library).flatMap((row) => row.names);
  return { keys: new Set(names.map((name) => name.key)), bases: new Set(names.map((name) => name.base)) };
}

interface RoleRow {
  names: Name[];
  text: string;
  documentId: string;
  code: string;
  elementId: string;
}

function libraryRoleRows(library: ReviewLibrary): RoleRow[] {
  const rows: RoleRow[] = [];
  for (const document of library.documents) {
    for (const element of document.elements) {
      const lines = element.text.split('\n');
      if (element.type !== 'table' || !/^role\b/i.test(lines[0] ?? '')) continue;
      for (const line of lines.slice(1)) {
        const cell = line.split(' | ')[0] ?? '';
        rows.push({ names: namesInText(cell), text: line, documentId: document.id, code: document.code, elementId: element.id });
      }
    }
  }
  return rows;
}

interface Equivalent {
  key: string;
  other: string;
  evidence: FindingEvidence;
}

/** Pairs of titles the library says are equivalent ("… the equivalent is the Executive Manager"). */
function libraryEquivalents(library: ReviewLibrary): Equivalent[] {
  const pairs: Equivalent[] = [];
  for (const row of libraryRoleRows(library)) {
    const said = /\bequivalent is the ((?:[A-Z][a-z]+\s+)*[A-Z][a-z]+)/.exec(row.text);
    const role = row.names[0];
    if (!said?.[1] || !role) continue;
    const other = said[1].toLowerCase().split(/\s+/).map(singular).join(' ');
    const evidence = { documentId: row.documentId, code: row.code, elementIds: [row.elementId] };
    pairs.push({ key: role.key, other, evidence }, { key: other, other: role.key, evidence });
  }
  return pairs;
}

interface Match {
  name: Name;
  evidence: FindingEvidence[];
}

/** The odd name is the library's equivalent of a title the policy uses elsewhere. */
function equivalentName(odd: Name, established: Usage[], equivalents: Equivalent[]): Match | null {
  for (const pair of equivalents.filter((candidate) => candidate.key === odd.base)) {
    const used = established.find((usage) => usage.names[0]?.base === pair.other);
    if (used?.names[0]) return { name: used.names[0], evidence: [pair.evidence] };
  }
  return null;
}

/** The odd name differs from an established one by the spelling of one word: "Authorised" for "Authorising". */
function nearSpelling(odd: Name, established: Usage[]): Match | null {
  for (const usage of established) {
    const name = usage.names[0];
    if (!name || name.kind !== odd.kind || name.qualifier !== odd.qualifier || name.words.length !== odd.words.length) continue;
    const differing = odd.words.map((word, index) => [word, name.words[index] ?? ''] as const).filter(([a, b]) => a !== b);
    const [pair] = differing;
    if (differing.length === 1 && pair && similarWords(pair[0], pair[1])) return { name, evidence: [] };
  }
  return null;
}

function similarWords(a: string, b: string): boolean {
  return a.length >= 6 && b.length >= 6 && a.slice(0, 5) === b.slice(0, 5);
}

/**
 * The odd name and an established one of the same kind (both people, or both bodies) are both
 * named after what the policy is about: "Water Management Committee" once where "Water Safety
 * Group" is used throughout. A name that only adds to or drops words of the other (a deputy, a
 * shortened form) is a different role or a fair abbreviation, not an inconsistency.
 */
function sameTopic(odd: Name, established: Usage[], topic: Set<string>): Match | null {
  const subject = (name: Name) => [...name.words, ...name.qualifier.split(/\s+/).map(singular)].filter((word) => topic.has(word));
  const oddSubject = subject(odd);
  if (oddSubject.length === 0) return null;
  let best: { usage: Usage; score: number } | null = null;
  for (const usage of established) {
    const name = usage.names[0];
    if (!name || name.kind !== odd.kind || !subject(name).some((word) => oddSubject.includes(word))) continue;
    const oddWords = [...odd.words, odd.qualifier].filter(Boolean);
    const words = [...name.words, name.qualifier].filter(Boolean);
    if (oddWords.every((word) => words.includes(word)) || words.every((word) => oddWords.includes(word))) continue;
    const score = oddWords.filter((word) => words.includes(word)).length * 100 + usage.names.length;
    if (!best || score > best.score) best = { usage, score };
  }
  const name = best?.usage.names[0];
  return name ? { name, evidence: [] } : null;
}

/**
 * The odd name and the one established name of its kind about the same subject differ in the
 * word that says what sort of post or body it is: "Security Manager" once where "Head of
 * Security" is used throughout, "… Safety Committee" once for the "… Safety Group". The odd
 * name's subject words must all be in the established one; where the policy names two or more
 * posts or bodies on that subject, they may be distinct and nothing is said.
 */
function sameSubject(odd: Name, established: Usage[]): Match | null {
  const oddSubject = subjectWords(odd);
  if (oddSubject.length === 0 || odd.qualifier !== '') return null;
  const related = established.filter((usage) => {
    const name = usage.names[0];
    return (
      name !== undefined &&
      name.kind === odd.kind &&
      subjectWords(name).some((word) => oddSubject.includes(word) || initialsOf(oddSubject) === word)
    );
  });
  // Of several posts on the subject ("Safety Adviser", "Health and Safety Adviser"), the one whose
  // subject holds all of the odd name's words is the one meant.
  const covering = related.filter((other) => {
    const name = other.names[0];
    return name !== undefined && covers(subjectWords(name), oddSubject);
  });
  const [usage] = related.length === 1 ? related : covering.length === 1 ? covering : [];
  const name = usage && usage.names.length >= 2 ? usage.names[0] : undefined;
  if (name === undefined || name.qualifier !== '' || headWord(name) === headWord(odd)) return null;
  return covers(subjectWords(name), oddSubject) ? { name, evidence: [] } : null;
}

/** Whether one name's subject holds every word of another's, or is their abbreviation ("IG" for "information governance"). */
function covers(subject: readonly string[], words: readonly string[]): boolean {
  return words.every((word) => subject.includes(word)) || (subject.length === 1 && subject[0] === initialsOf(words));
}

/** The initials of a subject's words, less its joining words: "information governance" → "ig". */
function initialsOf(words: readonly string[]): string {
  const telling = words.filter((word) => !/^(?:and|of|for|the|&)$/.test(word));
  return telling.length >= 2 ? telling.map((word) => word[0]).join('') : '';
}

/** Headings of the section that says who does what. */
const ROLES_HEADING = /\b(?:roles?|responsibilit(?:y|ies)|duties|accountabilit(?:y|ies))\b/i;
/** Words too common in duties to tell one post's from another's. */
const COMMON_DUTY_WORDS = new Set(
  'that this with each every their they them which from have been will must should shall also when where policy trust staff after before other within under into than only same such make makes made sure ensure ensures'.split(
    ' ',
  ),
);
/** A duty is the same when its sentence and the post's entries share at least this many words ("submits", "report", "HSE"). */
const MIN_DUTY_WORDS = 3;

/** The elements of the policy's roles and responsibilities section, at most MAX_ROLE_ELEMENTS. */
function rolesSection(policy: Policy): PolicyElement[] {
  return policy.elements
    .filter((element) => element.type !== 'heading' && element.headingPath.some((heading) => ROLES_HEADING.test(heading)))
    .slice(0, MAX_ROLE_ELEMENTS);
}

/** Enough of a roles section and of its posts for any policy; bounds the work on a hostile one. */
const MAX_ROLE_ELEMENTS = 200;
const MAX_POSTS = 40;

interface PostDuties {
  /** The roles section's elements. */
  section: ReadonlySet<PolicyElement>;
  /**
   * Each established post the section names, with the duty words of its entries there, and each
   * established body, with the duty words of the sentences that name it.
   */
  posts: { name: Name; words: Set<string> }[];
}

/** What the roles section gives each established post to do, and what the policy gives each body, read once per policy. */
function postDuties(section: PolicyElement[], established: Usage[]): PostDuties {
  const posts: PostDuties['posts'] = [];
  for (const usage of established) {
    const name = usage.names[0];
    if (name?.kind === 'person') {
      const entries = section.filter((element) => element.text.includes(name.text)).map((element) => element.text);
      if (entries.length > 0) posts.push({ name, words: dutyWords(entries.join(' '), name.words) });
    } else if (name?.kind === 'body') {
      // A body's duties are what the sentences naming it say it does or receives: "reports go to
      // the Health and Safety Group each quarter", "the Group reviews accident statistics".
      const said = usage.names
        .filter((each) => !inDocumentControl(each.element))
        .slice(0, MAX_BODY_SENTENCES)
        .map((each) => sentenceAround(each.element.text, each.start, each.end));
      if (said.length > 0) posts.push({ name, words: dutyWords(said.join(' '), name.words) });
    }
    if (posts.length >= MAX_POSTS) break;
  }
  return { section: new Set(section), posts };
}

/** A sentence whose subject is a thing named before it: "It …", "They …", "The group …". */
const REFERS_BACK = /^(?:\d+(?:\.\d+)*\.?\s+)?(?:it|they|this|the (?:group|committee|board|forum|panel|team))\b/i;
/** How far before a name the sentence before it is looked for. */
const SENTENCE_REACH = 1_000;

/** The sentence before the one holding a name, within SENTENCE_REACH of it. */
function sentenceBefore(name: Name): string {
  const window = name.element.text.slice(Math.max(0, name.start - SENTENCE_REACH), name.start);
  const end = window.lastIndexOf('. ');
  return end < 0 ? '' : window.slice(window.lastIndexOf('. ', end - 1) + 1, end);
}

/** Enough sentences naming a body to say what it does; bounds the work on a hostile policy. */
const MAX_BODY_SENTENCES = 20;

/** The words of a duty: its longer words and abbreviations ("HSE"), reduced to their first five letters ("reports", "reported" → "repor"). */
function dutyWords(text: string, exclude: readonly string[]): Set<string> {
  const skip = new Set(exclude.map((word) => word.slice(0, 5)));
  return new Set(
    (text.match(/\b[A-Z]{2,}\b|[A-Za-z]{4,}/g) ?? [])
      .map((word) => word.toLowerCase())
      .filter((word) => !COMMON_DUTY_WORDS.has(word))
      .map((word) => word.slice(0, 5))
      .filter((word) => !skip.has(word)),
  );
}

/** The sentence of an element holding a span. */
function sentenceAround(text: string, start: number, end: number): string {
  const from = Math.max(text.lastIndexOf('. ', start) + 1, text.lastIndexOf('\n', start) + 1, 0);
  const stop = [text.indexOf('. ', end), text.indexOf('\n', end)].filter((at) => at >= 0);
  return text.slice(from, stop.length > 0 ? Math.min(...stop) : text.length);
}

/**
 * A post named once, outside the roles section, doing what that section gives one other post to
 * do: "the Compliance Manager makes the report to the HSE" where the roles section says "The
 * Health and Safety Lead … submits reports to the HSE". Of two or more posts the roles section
 * names, the one whose entries share the most of the sentence's duty words, at least
 * MIN_DUTY_WORDS and more than any other post's, is the one meant. A post the roles section names
 * itself is a post of its own.
 */
function sameDuty(odd: Name, duties: PostDuties): Match | null {
  if (odd.kind === 'unit' || odd.qualifier !== '' || (odd.kind === 'person' && duties.section.has(odd.element))) return null;
  const posts = duties.posts.filter((post) => post.name.kind === odd.kind);
  if (posts.length < 2) return null;
  const sentence = sentenceAround(odd.element.text, odd.start, odd.end);
  const said = dutyWords(sentence, odd.words);
  const scored = posts
    .map(({ name, words }) => ({ name, shared: [...said].filter((word) => words.has(word)).length }))
    .sort((a, b) => b.shared - a.shared);
  const [best, second] = scored;
  // With one post in the roles section there is nothing to tell apart: any duty would match it.
  if (!best || !second || best.shared < MIN_DUTY_WORDS || best.shared <= second.shared) return null;
  // A sentence that names both names two: "The Group … reports to the Audit and Risk Committee",
  // and so does one whose subject is the other, named in the sentence before ("It … reports to …").
  const before = REFERS_BACK.test(sentence.trimStart()) ? sentenceBefore(odd) : '';
  return sentence.includes(best.name.text) || before.includes(best.name.text) ? null : { name: best.name, evidence: [] };
}

/** The body document control names as the policy's approver, if it names one. */
function approvingBody(policy: Policy): Name | null {
  const value = approverOf(policy);
  return (value && namesInText(value).find((name) => name.kind === 'body')) || null;
}

/** Words before a name saying this policy, or this version of it, was approved by it: "This revision was approved by the". */
const APPROVED_BY =
  /\b(?:this|the) (?:policy|document|procedure|revision|version|edition|update|review)\b[^.;]{0,80}\b(?:approved|ratified|endorsed) by (?:the )?(?:[A-Z][\w'’-]* )?$/i;

/**
 * A body named once as the policy's approver where document control names another: "This revision
 * was approved by the Clinical Governance Committee" where the control says "Approving committee |
 * Quality and Safety Committee". One approval, named two ways.
 */
function sameApprover(odd: Name, approver: Name | null): Match | null {
  if (!approver || odd.kind !== 'body' || odd.base === approver.base) return null;
  const before = odd.element.text.slice(Math.max(0, odd.start - APPROVAL_REACH), odd.start);
  if (!APPROVED_BY.test(before)) return null;
  // Named as the policy names it, without the control's bracketed abbreviation.
  return { name: { ...approver, key: approver.base, text: approver.text.replace(/\s*\([^()]*\)$/, '') }, evidence: [] };
}

/** How far before a name the words saying it approved the policy are looked for. */
const APPROVAL_REACH = 160;

/** The word that says what sort of post or body a name is: "manager", or "head" in "Head of …". */
function headWord(name: Name): string {
  return name.words[0] === 'head' ? 'head' : (name.words.at(-1) ?? '');
}

/** A name's words other than its head and the generic words of titles. */
function subjectWords(name: Name): string[] {
  const head = headWord(name);
  const words = head === 'head' ? name.words.slice(1) : name.words.slice(0, -1);
  return words.filter((word) => !GENERIC_NAME_WORDS.has(word));
}

/** How the policy most often writes a name. */
function usualText(usage: Usage | undefined): string | null {
  const counts = new Map<string, number>();
  for (const name of usage?.names ?? []) if (!name.short) counts.set(name.text, (counts.get(name.text) ?? 0) + 1);
  // Of forms used as often, the shorter: "Quality and Safety Committee" over "Quality and Safety Committee (QSC)".
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0]?.[0] ?? null;
}

function finding(odd: Name, usedText: string, evidence: FindingEvidence[]): ReviewFindingDraft {
  return {
    category: 'inconsistent_term',
    severity: 'low',
    ...quoteAt(odd.element, odd.start, odd.end),
    expected: usedText,
    explanation: `The policy names this "${odd.text}" once, but elsewhere it uses "${usedText}". Two names for one role or body leave readers unsure whether they are the same.`,
    suggestion: `Use "${usedText}" here, as in the rest of the policy, or define "${odd.text}" as a separate role if it is one.`,
    evidence,
  };
}
