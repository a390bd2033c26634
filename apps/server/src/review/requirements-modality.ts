import { partsOfSpeech } from '../core/language/tagger.ts';
import { ACTIVITIES, stem, subjectOf, titleStems } from './requirements-subjects.ts';
import { factualError, PAST_RULE, policySentences, sectionNumberLength, sentences } from './requirements-text.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/**
 * One comparison of modality: a policy sentence that makes a library duty optional, permits what
 * the library rules out, or denies outright what the library says is so, about the same subject.
 *
 * The policy's side:
 * - optional: "X is optional", "X is not required", "staff do not need to consult X";
 * - permitted: "X may be done", "X is permitted where …";
 * - never: "X are never reportable".
 * The library's side, read from each sentence of the documents the policy relies on:
 * - a duty: "must", "is required", or any sentence of a section of duties or requirements;
 * - a prohibition: "must not be done", "never done", or "permitted only where …", with the
 *   exception it allows ("unless …");
 * - what a sentence says is so: its words not denied ("a reportable disease").
 */

/** A clause whose thing is a doing of something named before it: "so following it", "and using them". */
const POINTING = /^\s*(?:(?:so|and|but|thus|therefore)\s+)?[a-z]+ing\s+(?:it|them|this|these|that|those)\s*$/i;
/** "X is optional", "X is not required": X is the thing made optional; "equipment that is not needed" only describes X. */
const OPTIONAL_THING =
  /(?<!\b(?:that|which|who)\s)\b(?:is|are)\s+(?:optional|discretionary|not\s+(?:required|needed|necessary|mandatory|compulsory))\b(?!\s+to\b)/i;
/** "do not need to consult X", "need not check X": X is the object of the duty denied. */
const OPTIONAL_ACT = /\b(?:(?:do|does)\s+not\s+(?:need|have)\s+to|need\s+not|(?:is|are)\s+not\s+required\s+to)\s+([a-z]+)\s+/i;
/**
 * "may be recapped", "are permitted to use": the action a policy allows; not in a clause describing
 * a thing ("conversations that can be overheard", "a format they can use"). "They may be wedged
 * open" is still a permission: "may be" after "they" allows, where "can" says what they are able to do.
 */
const PERMISSION =
  /(?<!\b(?:that|which|who|they|we|you|it)\s)\b(?:may|can|(?:is|are)\s+(?:permitted|allowed)\s+to)\s+(?:be\s+)?([a-z]+)|(?<=\bthey\s)may\s+be\s+([a-z]+)/i;
/** "X is permitted where …": a permission on the policy's own conditions. */
const PERMITTED_WHERE = /\b(?:is|are)\s+(?:permitted|allowed)\s+(?=(?:only\s+)?(?:where|if|when)\b)/i;
/** "without a permit", "without prior written approval": the thing a sentence does without (its head word). */
const WITHOUT =
  /\bwithout\s+(?:(?:a|an|the|any|prior|written|formal|their|its|lawful|legal|valid|proper|appropriate|documented|signed)\s+)*([a-z]+)/i;
/** A library sentence ruling out doing something without a thing: "No work … takes place without a permit", "must not … without". */
const FORBIDS_WITHOUT =
  /^(?:no\b|nobody\b|no one\b|do not\b|don't\b)|\b(?:must not|must never|shall not|should not|should never|may not|cannot|can't|never)\b/i;
/** "X are never reportable": an outright denial of what X can be (a word of what can be: "-able", "-ible"). */
const NEVER = /\b(?:is|are)\s+never\s+([a-z]{2,}(?:able|ible))\b/i;

/** "must not be used", "are never reprocessed", "never recap": the action a library sentence rules out. */
const PROHIBITION = /\b(?:must not|must never|shall not|should never|are never|is never|never)\s+(?:be\s+)?([a-z]+)/i;
/** "is permitted only where …": a permission limited to its conditions, which rules out the rest. */
const ONLY_WHERE = /\b(?:(?:is|are)\s+(?:permitted|allowed)|may\s+(?:be\s+)?[a-z]+)\s+only\s+(?:where|if|when)\b/i;
/** An instruction limited to its conditions: "Use restraint only when …" (its verb, what it is done to). */
const ONLY_INSTRUCTION = /^([A-Z][a-z]+)\s+([^,;:.]{2,80}?)\s+only\s+(?:when|where|if)\b/;
/**
 * Whether a sentence's first word makes it an instruction: a verb in its base form ("Use", "Store",
 * not "Hoists"), as the tagger reads it after "Please" (a capitalised first word alone reads as a name).
 */
function opensInstruction(word: string): boolean {
  if (/[^s]s$/i.test(word)) return false;
  return partsOfSpeech(`Please ${word.toLowerCase()} it`)[1]?.tag === 'VERB';
}

/** What a prohibition allows: the words after "unless" or "except". */
const EXCEPTION = /\b(?:unless|except)\b/i;
/** A prohibition limited otherwise than by a stated exception is not a plain rule. */
const HEDGED = /\b(?:until|without|only|where necessary|if)\b/i;
/** A library duty: "must", "shall", "is required", "is needed", not denied. */
export const DUTY = /\b(?:must|shall|(?:is|are)\s+(?:required|needed)|(?:has|have|needs?)\s+to)\b(?!\s+not\b)/i;
/** Sections whose every sentence is a duty. */
export const DUTY_SECTION = /\bduties\b|\brequirements\b/i;
/** Sections that describe bad practice or the past rather than state rules. */
export const NOT_RULES = /gap|mistake|pitfall|history|changed/i;
/** Words that deny the word after them ("not reportable", "no longer required"). */
const DENIAL = /\b(?:not|never|no|nor|neither)\s+(?:[a-z]+\s+)?$/i;

/** Words the policy's sentence and the library's must share, the thing's own included. */
const MIN_SHARED = 3;
/** For a permission: the action and another word, and this much of the prohibition's subject. */
const MIN_PERMISSION_SHARED = 2;
const MIN_PERMISSION_SCORE = 0.6;
/** A policy meets a prohibition's exception when it says at least this much of the exception's words. */
const MIN_EXCEPTION_SAID = 0.5;
/** How far after "do not need to V" the object of the duty is read. */
const OBJECT_REACH = 60;

interface LibrarySentence {
  text: string;
  subject: Set<string>;
  duty: boolean;
  /** What the sentence rules out: the action's stem ('' for a permission limited to conditions), its subject and its exception. */
  prohibition: { verb: string; subject: Set<string>; exception: Set<string>; limited?: boolean } | null;
  /** What the sentence rules out doing without ("No work … without a permit"): that thing's stem, and what is done. */
  notWithout: { thing: string; subject: Set<string> } | null;
  /** A failure the document lists among common compliance gaps ("Fire doors wedged open"), not a rule in words. */
  gap?: true;
  document: LibraryDocument;
  element: LibraryElement;
}

/** A policy sentence's relaxation: its kind, the thing it is about, and where to quote it. */
interface Relaxation {
  /** `without`: a permission to do something without a thing ("may be carried out … without a permit"). */
  kind: 'optional' | 'permitted' | 'never' | 'without';
  /** What is made optional or denied, which the library sentence must name; a permission is matched by its action instead. */
  thing: Set<string>;
  /** The permitted action's stem ('' for a permission on conditions), or the word denied outright. */
  word: string;
  start: number;
  end: number;
}

/** Policy sentences that relax or deny what the library says must, must not, or does happen. */
export function modalityFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const library = documents.flatMap(librarySentences);
  if (library.length === 0) return [];
  const findings: ReviewFindingDraft[] = [];
  for (const { element, text, start } of policySentences(policy)) {
    const subject = subjectOf(text);
    // Of every rule a relaxation breaks, the one saying most of the sentence's words: the first
    // found may share only words any rule has ("assess", "record").
    let best: { relaxation: Relaxation; source: LibrarySentence; shared: number } | undefined;
    for (const relaxation of relaxationsOf(text)) {
      const unlike = negatedQualifiers(text.slice(0, relaxation.end));
      for (const source of library) {
        if (!contradicts(relaxation, subject, source) || holdsPlainly(source.text, unlike)) continue;
        // A listed failure is said in a few words, every one of which the permission must say (the
        // document's title may say its subject): "Cylinders stored in corridors" is not "full and
        // empty cylinders may be stored together".
        if (source.gap && !saysEvery(source.subject, subject, titleStems(source.document.title))) continue;
        const shared = sharedCount(source.subject, subject);
        if (!best || shared > best.shared) best = { relaxation, source, shared };
      }
    }
    if (!best) continue;
    const { relaxation, source } = best;
    const code = source.document.code;
    findings.push(
      factualError(element, { start: start + relaxation.start, end: start + relaxation.end }, source, (quote) =>
        source.gap
          ? {
              expected: `Not allowed: ${source.text} (${code})`,
              explanation: `The policy allows "${quote}", which ${code} lists among the common compliance gaps: "${source.text}."`,
              suggestion: `Remove the permission: ${code} treats this as a failure to put right.`,
            }
          : {
              expected: `${source.text} (${code})`,
              explanation: `${EXPLAINED[relaxation.kind](quote, code)}: "${source.text}."`,
              suggestion: `State the rule as ${code} does.`,
            },
      ),
    );
  }
  return findings;
}

const EXPLAINED: Record<Relaxation['kind'], (quote: string, code: string) => string> = {
  optional: (quote, code) => `The policy says "${quote}", but ${code} makes it a duty`,
  permitted: (quote, code) => `The policy allows what ${code} rules out ("${quote}")`,
  never: (quote, code) => `The policy says "${quote}", but ${code} names cases where it is`,
  without: (quote, code) => `The policy allows "${quote}", but ${code} rules out doing it without one`,
};

/** The ways a policy sentence may relax a rule (most often one), tried in turn; the quote runs from the clause's start to the modal words. */
function relaxationsOf(text: string): Relaxation[] {
  const from = sectionNumberLength(text);
  const optional = OPTIONAL_THING.exec(text);
  if (optional) {
    const before = clauseBefore(text, optional.index);
    // "…, so following it is not compulsory": the thing is the one named before, not a word of this clause.
    if (POINTING.test(before)) return [];
    const thing = subjectOf(before);
    return [
      { kind: 'optional', thing, word: '', start: clauseStart(text, optional.index, from), end: optional.index + optional[0].length },
    ];
  }
  const act = OPTIONAL_ACT.exec(text);
  if (act) {
    const after = act.index + act[0].length;
    const object = text.slice(after, after + OBJECT_REACH).split(/[,;:]|\s(?:before|when|where|if|unless|for|and|or)\s/)[0] ?? '';
    const start = clauseStart(text, act.index, from);
    const relaxations: Relaxation[] = [{ kind: 'optional', thing: subjectOf(object), word: '', start, end: after + object.length }];
    if (act[1]?.toLowerCase() === 'be') {
      // "Breaches that are not reportable do not need to be recorded": the thing is also the
      // clause's subject with what is no longer done to it.
      const done = /^[a-z]+/i.exec(object)?.[0] ?? '';
      relaxations.push({
        kind: 'optional',
        thing: subjectOf(`${clauseBefore(text, act.index).replace(NEGATED_QUALIFIER, (_, non, noun) => ` non ${non ?? noun} `)} ${done}`),
        word: '',
        start,
        end: after + done.length,
      });
    }
    return relaxations;
  }
  const never = NEVER.exec(text);
  if (never?.[1]) {
    const thing = subjectOf(clauseBefore(text, never.index));
    const end = never.index + never[0].length;
    return [{ kind: 'never', thing, word: never[1].toLowerCase(), start: clauseStart(text, never.index, from), end }];
  }
  const where = PERMITTED_WHERE.exec(text);
  const permission = where ?? PERMISSION.exec(text);
  if (!permission || /\bnot\b/i.test(text.slice(permission.index, permission.index + permission[0].length + 5))) return [];
  // "… may be carried out by a Competent Person without a permit": what is done without, in the same clause.
  const rest = text.slice(permission.index + permission[0].length);
  const without = WITHOUT.exec(rest.split(/[;:]|,\s+(?:provided|as long as|so long as|but|and|unless|except)\b/)[0] ?? '');
  // "No work … may start without a permit" rules it out, as the library does.
  if (without?.[1] && !FORBIDS_WITHOUT.test(text.slice(from, permission.index).trim())) {
    const end = permission.index + permission[0].length + without.index + without[0].length;
    return [
      { kind: 'without', thing: new Set(), word: stem(without[1].toLowerCase()), start: clauseStart(text, permission.index, from), end },
    ];
  }
  return [
    {
      kind: 'permitted',
      thing: new Set(),
      word: where ? '' : stem((permission[1] ?? permission[2] ?? '').toLowerCase()),
      start: clauseStart(text, permission.index, from),
      // To the clause's end: the reader sees the policy's own conditions ("… when there is no sharps container within reach").
      end: permission.index + permission[0].length + conditionsLength(rest),
    },
  ];
}

/** How many characters of a permission's conditions are quoted, at most. */
const CONDITIONS_REACH = 160;

/** The length of the words after a permission up to its clause's end, cut at a word within CONDITIONS_REACH. */
function conditionsLength(rest: string): number {
  const clause = (rest.split(/[;:]/)[0] ?? '').trimEnd();
  if (clause.length <= CONDITIONS_REACH) return clause.length;
  const cut = clause.lastIndexOf(' ', CONDITIONS_REACH);
  return cut > 0 ? cut : CONDITIONS_REACH;
}

/** Whether a library sentence states the rule a policy's relaxation breaks, about the same thing. */
function contradicts(relaxation: Relaxation, subject: Set<string>, library: LibrarySentence): boolean {
  const { thing } = relaxation;
  switch (relaxation.kind) {
    case 'optional':
      return library.duty && names(library.subject, thing) && sharedCount(library.subject, subject) >= MIN_SHARED;
    case 'never':
      return names(library.subject, thing) && sharedCount(library.subject, subject) >= MIN_SHARED && says(library.text, relaxation.word);
    case 'without': {
      const rule = library.notWithout;
      if (!rule || rule.thing !== relaxation.word) return false;
      const shared = [...rule.subject].filter((word) => word !== rule.thing && subject.has(word) && !ACTIVITIES.has(word)).length;
      return shared >= MIN_PERMISSION_SHARED;
    }
    case 'permitted': {
      const rule = library.prohibition;
      // A permission on the policy's own conditions ("is permitted where …") breaks any rule limited to others.
      if (!rule || !((rule.limited && relaxation.word === '') || sameVerb(rule.verb, relaxation.word))) return false;
      const named = [...rule.subject].filter((word) => !ACTIVITIES.has(word));
      const shared = named.filter((word) => subject.has(word)).length;
      // A rule about one thing ("Use restraint only when …") is about it when the policy names it.
      if (shared < Math.min(MIN_PERMISSION_SHARED, named.length) || shared === 0 || shared / rule.subject.size < MIN_PERMISSION_SCORE)
        return false;
      // A permission within the exception ("unless the risk is controlled") is the library's own.
      const said = [...rule.exception].filter((word) => subject.has(word)).length;
      return rule.exception.size === 0 || said / rule.exception.size < MIN_EXCEPTION_SAID;
    }
  }
}

/** One verb in two forms: "use" and "used", "recap" and "recapped"; two empty verbs (a permission limited to conditions) too. */
function sameVerb(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 3 && long.startsWith(short) && long.length - short.length <= 2;
}

/** Whether a library subject names the thing: every word of it, and at least one that is not an activity. */
function names(library: Set<string>, thing: Set<string>): boolean {
  return [...thing].some((word) => !ACTIVITIES.has(word)) && [...thing].every((word) => library.has(word));
}

function saysEvery(library: Set<string>, policy: Set<string>, title: Set<string>): boolean {
  return [...library].every((word) => policy.has(word) || title.has(word));
}

function sharedCount(library: Set<string>, policy: Set<string>): number {
  return [...library].filter((word) => policy.has(word)).length;
}

/** Whether a text says a word somewhere without denying it, or denies it only with an exception. */
function says(text: string, word: string): boolean {
  for (const match of text.matchAll(/[A-Za-z]+/g)) {
    if (match[0].toLowerCase() !== word) continue;
    if (!DENIAL.test(text.slice(Math.max(0, match.index - 30), match.index))) return true;
    if (EXCEPTION.test(text.slice(match.index, match.index + 40))) return true;
  }
  return false;
}

/** A thing told by what it is not: "non-licensed work", "work that does not need a licence". */
const NEGATED_QUALIFIER = /\bnon-([a-z]+)|\b(?:that|which|who)\s+(?:do|does)\s+not\s+(?:need|require|have)\s+(?:a|an|any)\s+([a-z]+)/gi;

/** The stems of what a policy's words say a thing is not (a rule about work that needs a licence is about other work). */
function negatedQualifiers(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(NEGATED_QUALIFIER)) found.add(stem((match[1] ?? match[2] ?? '').toLowerCase()));
  return found;
}

/** Whether a library sentence holds one of these stems plainly: not after "non-", "not" or "no". */
function holdsPlainly(text: string, stems: Set<string>): boolean {
  if (stems.size === 0) return false;
  for (const match of text.matchAll(/[A-Za-z]+/g)) {
    if (!stems.has(stem(match[0].toLowerCase()))) continue;
    if (!/(?:\bnon-|\b(?:not|no|without)\s+(?:a\s+|an\s+)?)$/i.test(text.slice(Math.max(0, match.index - 12), match.index))) return true;
  }
  return false;
}

/** Where the last comma, colon or semicolon before a position is, or -1. */
function lastCut(text: string, at: number): number {
  const before = text.slice(0, at);
  return Math.max(before.lastIndexOf(', '), before.lastIndexOf(': '), before.lastIndexOf('; '), before.lastIndexOf('| '));
}

/** The clause before a position: its subject. */
export function clauseBefore(text: string, at: number): string {
  return text.slice(lastCut(text, at) + 1, at);
}

/** Where the clause holding a position starts, after a leading section number and the word joining it to the one before ("…, but the name …"). */
export function clauseStart(text: string, at: number, from: number): number {
  const cut = lastCut(text, at);
  if (cut < 0) return from;
  const joined = /^(?:but|and|or|so|yet|while|whereas)\s+/i.exec(text.slice(cut + 2, at));
  return cut + 2 + (joined?.[0].length ?? 0);
}

/** Where the clause holding a position ends: before a semicolon, colon, table cell's edge or full stop, or at the text's end. */
export function clauseEnd(text: string, at: number): number {
  return at + (/\s*(?:[;:|]|[.!?](?=\s|$)|$)/.exec(text.slice(at)) as RegExpExecArray).index;
}

const sentencesByDocument = new WeakMap<LibraryDocument, LibrarySentence[]>();

/** A document's sentences that state rules, read once per document. */
function librarySentences(document: LibraryDocument): LibrarySentence[] {
  let found = sentencesByDocument.get(document);
  if (found) return found;
  found = [];
  for (const element of document.elements) {
    const gap = gapOf(element);
    if (gap) found.push({ ...gap, document, element });
    if (element.type === 'heading' || element.type === 'table' || element.headingPath.some((heading) => NOT_RULES.test(heading))) continue;
    const inDuties = element.headingPath.some((heading) => DUTY_SECTION.test(heading));
    // "Originally the findings had to be recorded only where … Since 1 October 2023 every responsible
    // person must record …": the old rule states nothing now, and is what the new one is about.
    let past: Set<string> | null = null;
    for (const { text: raw } of sentences(element.text)) {
      const text = raw.replace(/\*+/g, '').trim();
      const subject = subjectOf(text);
      if (PAST_RULE.test(text)) {
        past = subject;
        continue;
      }
      found.push({
        text,
        subject: past ? new Set([...past, ...subject]) : subject,
        duty: inDuties || DUTY.test(text),
        prohibition: prohibitionOf(text),
        notWithout: notWithoutOf(text),
        document,
        element,
      });
      past = null;
    }
  }
  sentencesByDocument.set(document, found);
  return found;
}

/** A heading over the failures a document lists: "Common compliance gaps". */
const GAPS_HEADING = /\bgaps?\b|\bfailings?\b|\bpitfalls?\b/i;
/**
 * A listed failure told as a thing and what is done to it: "Fire doors wedged open", "Escape routes
 * used for storage of beds …". Its first words up to the participle are the thing; the participle
 * is what is ruled out; its phrase runs to the first comma or "or".
 */
const FAILURE = /^((?:[A-Z][a-z-]*)(?:\s+[a-z-]+){0,3}?)\s+([a-z]{3,}ed)\b[^,;.]*?(?=,|;|\s+or\s|\.|$)/;
/** A failure of not doing something ("outlets not flushed", "no plan"): a duty, which other checks read. */
const NOT_DONE = /\b(?:not|no|never|without|missing|lack|none)\b/i;

/** The prohibition a listed failure states, if it is told as a thing and what is done to it. */
function gapOf(element: LibraryElement): Omit<LibrarySentence, 'document' | 'element'> | null {
  if (element.type !== 'list_item' || !element.headingPath.some((heading) => GAPS_HEADING.test(heading))) return null;
  const text = element.text.replace(/\*+/g, '').trim();
  const failure = FAILURE.exec(text);
  if (!failure?.[2] || NOT_DONE.test(failure[0])) return null;
  const phrase = failure[0].trim();
  const subject = subjectOf(phrase);
  return {
    text: phrase,
    subject,
    duty: false,
    prohibition: { verb: stem(failure[2]), subject, exception: new Set() },
    notWithout: null,
    gap: true,
  };
}

/** What a library sentence rules out doing without ("No work that could affect a pipeline … takes place without a permit"), if it does. */
function notWithoutOf(text: string): LibrarySentence['notWithout'] {
  const without = WITHOUT.exec(text);
  if (!without?.[1]) return null;
  const before = text.slice(0, without.index);
  // The rule is the sentence's own, not a clause about something else, and holds without exceptions.
  if (!FORBIDS_WITHOUT.test(before) || /[;:]/.test(before) || EXCEPTION.test(text) || /\b(?:only|until)\b/i.test(before)) return null;
  return { thing: stem(without[1].toLowerCase()), subject: subjectOf(before) };
}

/** What a library sentence rules out, with the exception it allows. */
function prohibitionOf(text: string): LibrarySentence['prohibition'] {
  // "Use restraint only when necessary and proportionate": an instruction limited to its conditions rules out the rest.
  const plain = text.replace(/\*+/g, '').trim();
  const instruction = ONLY_INSTRUCTION.exec(plain);
  if (instruction?.[1] && opensInstruction(instruction[1])) {
    const exception = subjectOf(plain.slice(instruction[0].length));
    return { verb: stem(instruction[1].toLowerCase()), subject: subjectOf(instruction[2] ?? ''), exception, limited: true };
  }
  const limited = ONLY_WHERE.exec(text);
  if (limited) {
    const exception = subjectOf(text.slice(limited.index + limited[0].length));
    return { verb: '', subject: subjectOf(text.slice(0, limited.index)), exception };
  }
  const match = PROHIBITION.exec(text);
  if (!match?.[1]) return null;
  const rest = text.slice(match.index + match[0].length);
  const unless = EXCEPTION.exec(rest);
  const limits = unless ? rest.slice(0, unless.index) : rest;
  if (HEDGED.test(limits)) return null;
  const exception = unless ? subjectOf(rest.slice(unless.index)) : new Set<string>();
  return { verb: stem(match[1].toLowerCase()), subject: subjectOf(text.slice(0, match.index + match[0].length)), exception };
}
