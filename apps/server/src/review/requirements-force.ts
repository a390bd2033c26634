import { clauseEnd, clauseStart } from './requirements-modality.ts';
import { dutyOffence } from './requirements-offences.ts';
import {
  ABOUT_GUIDANCE,
  type DeniedLaw,
  DISCRETION,
  deniedLaw,
  FORCE_DENIED,
  OFFENCE,
  OTHER_CODE,
  PERMISSION,
  readPassages,
} from './requirements-passages.ts';
import {
  codeWithoutEdition,
  factualError,
  type LibrarySentence,
  policySentences,
  proseSentences,
  sectionNumberLength,
  sentences,
} from './requirements-text.ts';
import type { Citation, LibraryDocument, Policy, PolicyElement, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * What a policy says of the legal force of a document it cites, in the same sentence, against what
 * the document says of itself:
 * - no offence claimed where the document makes a breach one or says it can be prosecuted ("failing
 *   to send a notification is not an offence" against "Failure to send a required notification is
 *   an offence that CQC can prosecute"); the offence is read only from a sentence about the
 *   document itself, stated plainly (no denial before it) and beside no other document's code;
 * - an offence or a prosecution claimed where the document is enforced through civil powers and
 *   speaks of no offence but to deny one ("A breach of Regulation 18 is a criminal offence" against
 *   "… enforced by CQC through its civil powers").
 * The wrong enforcer is requirements-enforcers.ts's; law claimed of guidance is
 * requirements-claims.ts's, which reads the guidance's status with `selfStatement` too.
 */

/** A pattern's match in a sentence, unless the words just before it deny it. */
function undenied(pattern: RegExp, text: string, denied: RegExp): RegExpExecArray | null {
  const match = pattern.exec(text);
  return match && !denied.test(text.slice(0, match.index)) ? match : null;
}

/** The policy's denial of force in a sentence, unless it is itself denied ("this is not a courtesy", "never optional"). */
const forceDenied = (text: string) => undenied(FORCE_DENIED, text, /\b(?:not|never|nor|no\s+longer)\s+$/i);

/** Words just before a choice or a permission that deny it ("is never at the discretion of …", "is not simply left to …"). */
const CHOICE_DENIED = /\b(?:not|never|nor|no\s+longer)\s+(?:\w+\s+)?$/i;

/** A condition leading a sentence, up to its clause: "When the porter is busy, " (it is fine to …). */
const LEADING_CONDITION = /^(?:when|if|on|during|where|while|once|unless|as\s+long\s+as)\b[^;:|]*$/i;

/** A duty left to someone's choice, or what it rules out permitted for convenience, unless that is denied. */
function choiceGiven(text: string): { match: RegExpExecArray; permission: boolean } | null {
  const choice = undenied(DISCRETION, text, CHOICE_DENIED);
  if (choice) return { match: choice, permission: false };
  const permission = undenied(PERMISSION, text, CHOICE_DENIED);
  return permission ? { match: permission, permission: true } : null;
}

/** The policy saying a breach is an offence, or that it is or can be prosecuted. */
const OFFENCE_CLAIM =
  /\b(?:is|are)\s+(?:itself\s+|in\s+itself\s+)?(?:a\s+)?criminal\s+offence\b|\b(?:is|are)\s+an\s+offence\b|\bprosecut(?:e|es|ed|ion)\b/i;
/** A denial before a claim, which makes it no claim of an offence ("… through its civil powers rather than by prosecution"). */
const DENIED = /\b(?:not|no|never|cannot|can't|nor|neither)\b|\brather\s+than\b|\binstead\s+of\b/i;
/** A library sentence saying the document is enforced through civil powers. */
const CIVIL = /\b(?:enforced|enforces\s+it)\b[^.;]{0,60}?\bcivil\s+(?:powers|enforcement)\b/i;
/** A library sentence speaking of an offence or a prosecution. */
const OFFENCE_WORDS = /\boffences?\b|\bprosecut/i;

/** How a document speaks of itself at the start of a sentence, besides its code. */
const SELF_SUBJECT =
  /^(?:\*\*)?(?:the\s+(?:framework|guidance|standards?|code|regulations|act|order)|a\s+code\s+of\s+practice|breach(?:ing)?\s+(?:it|them)|it|this\s+(?:document|guidance|code|standard))\b/i;

/** Each policy sentence with the documents it cites (perhaps none), in reading order. */
export function* sentencesWithCitations(
  policy: Policy,
  citations: readonly Citation[],
): Generator<{ element: PolicyElement; text: string; start: number; cited: LibraryDocument[] }> {
  const byElement = new Map<number, Citation[]>();
  for (const citation of citations) {
    const list = byElement.get(citation.location.element);
    if (list) list.push(citation);
    else byElement.set(citation.location.element, [citation]);
  }
  // Each element's citations are in reading order, as its sentences are: one pass over both.
  const next = new Map<number, number>();
  for (const { element, text, start } of policySentences(policy)) {
    const own = byElement.get(element.index) ?? [];
    let at = next.get(element.index) ?? 0;
    while (at < own.length && (own[at] as Citation).location.start < start) at++;
    const from = at;
    while (at < own.length && (own[at] as Citation).location.start < start + text.length) at++;
    next.set(element.index, at);
    const cited = own.slice(from, at).filter((citation) => citation.location.end <= start + text.length);
    yield { element, text, start, cited: [...new Set(cited.map((citation) => citation.document))] };
  }
}

/**
 * Policy sentences that misstate the legal force of a document they cite, or deny the force of a
 * duty without naming the law: the duty read by its verb (requirements-offences.ts), else against the
 * library's passages (requirements-passages.ts).
 */
export function forceFindings(
  policy: Policy,
  citations: readonly Citation[],
  library: ReviewLibrary,
): { findings: ReviewFindingDraft[]; withContext: ReviewFindingDraft[] } {
  const findings: ReviewFindingDraft[] = [];
  // Denials and choices answered only with the sentence before them: the weakest reading, which gives way to every other.
  const withContext: ReviewFindingDraft[] = [];
  let passageReadings = 0;
  const leadIns = listLeadIns(policy);
  // A list item is read against the library with the words that introduce its list ("When an incident is graded as notifiable:").
  const withLeadIn = (element: PolicyElement, text: string) => {
    const lead = leadIns.get(element.index);
    return lead ? `${lead} ${text}` : text;
  };
  let previous: { element: PolicyElement; text: string } | null = null;
  for (const { element, text, start, cited } of sentencesWithCitations(policy, citations)) {
    const before = previous;
    previous = element.type === 'heading' ? null : { element, text };
    // The sentence against the library's passages; when none shares enough with it and it refers
    // back ("… can skip this"), with the sentence before it, which tells the duty. Each reading counts.
    const readLaw = (choice: boolean): { law: DeniedLaw; into: ReviewFindingDraft[] } | null => {
      if (++passageReadings > MAX_PASSAGE_READINGS) return null;
      const own = readPassages(withLeadIn(element, text), library, { choice });
      if (own === 'agreed') return null;
      if (own) return { law: own, into: findings };
      if (!before || !REFERS_BACK.test(text) || !sameParagraphRun(before.element, element)) return null;
      const law = ++passageReadings > MAX_PASSAGE_READINGS ? null : deniedLaw(`${before.text} ${text}`, library, { choice });
      return law && { law, into: withContext };
    };
    const denial = forceDenied(text);
    // A duty left to choice is read only where no law is named: a cited law's own sentences are the modality reading's.
    const choice = denial || cited.length > 0 ? null : choiceGiven(text);
    if (cited.length === 0 && !denial && !choice) continue;
    const claim = denial ? null : OFFENCE_CLAIM.exec(text);
    const quoted = (match: RegExpExecArray) => ({
      start: start + clauseStart(text, match.index, sectionNumberLength(text)),
      end: start + match.index + match[0].length,
    });
    if (choice) {
      const read = readLaw(true);
      // The choice with the rest of its clause: whose it is and when ("is left to each unit manager").
      const { match, permission } = choice;
      const clause = quoted(match).start - start;
      const opening = sectionNumberLength(text);
      // A permission with the condition leading its sentence, which is the convenience it is given for.
      const from = permission && LEADING_CONDITION.test(text.slice(opening, clause)) ? opening : clause;
      const span = { start: start + from, end: start + clauseEnd(text, match.index + match[0].length) };
      read?.into.push(dutyLeftToChoice(element, span, read.law, permission));
    } else if (denial) {
      // A code of practice's or guidance's own force denied ("Not following the code is not in itself
      // an offence, but …") is judged by the claims reading, not against a law the sentence cites.
      if (ABOUT_GUIDANCE.test(text.slice(quoted(denial).start - start, denial.index))) continue;
      // A sentence citing documents is read against them; one naming no law, against the duty it names or the passage it matches.
      const offence = cited.length > 0 ? citedOffence(cited) : dutyOffence(text, library);
      if (offence) {
        findings.push(offenceDenied(element, quoted(denial), offence));
      } else if (cited.length === 0) {
        const read = readLaw(false);
        read?.into.push(dutyDenied(element, quoted(denial), read.law));
      }
    } else if (claim && !DENIED.test(text.slice(0, claim.index))) {
      // Every document the sentence cites must be one enforced through civil powers alone.
      const civil = cited.map((document) => ({ document, status: civilOnly(document) }));
      const [first] = civil;
      if (!first?.status || civil.some(({ status }) => !status)) continue;
      const { document, status } = first;
      findings.push(
        factualError(
          element,
          // The claim with its subject, from the sentence's start: "Any breach of Regulation 9, such as …, is a criminal offence".
          { start: start + sectionNumberLength(text), end: start + claim.index + claim[0].length },
          { document, element: status.element },
          (quote) => ({
            expected: status.sentence,
            explanation: `The policy says "${quote}", but a breach of ${document.code} is not a criminal offence; it is enforced through civil powers: "${status.sentence}."`,
            suggestion: `Correct the statement: a breach of ${document.code} is dealt with through civil enforcement, not prosecution.`,
          }),
        ),
      );
    }
  }
  return { findings, withContext };
}

/** A pronoun standing for what was said before: "it", "them", or "this", "that", "these" standing alone ("can skip this", "that is a matter for …"), not before a noun. */
const REFERS_BACK =
  /\b(?:it|them)\b|\b(?:this|that|these|those)\b(?=\s*(?:[.,;:)]|$|(?:is|was|are|were|would|will|can|may|must|should|does|do|has|have|need|carries)\b))/i;

/**
 * Two elements read as one run of prose: the same element, or neighbours under the same heading.
 * A table's rows are records each of its own subject ("this" in a row is the row's event), never one.
 */
function sameParagraphRun(a: PolicyElement, b: PolicyElement): boolean {
  if (a.type === 'table' || b.type === 'table') return false;
  return a === b || (b.index === a.index + 1 && a.headingPath.join('\n') === b.headingPath.join('\n'));
}

/** The most of a lead-in read with each item of its list, in characters, counted back from its colon. */
const LEAD_IN_CHARACTERS = 400;

/** Per list item, by element index, the paragraph introducing its list when that ends with a colon ("How complaints are handled:"). */
function listLeadIns(policy: Policy): Map<number, string> {
  const leads = new Map<number, string>();
  let lead: string | null = null;
  for (const element of policy.elements) {
    if (element.type === 'list_item') {
      if (lead) leads.set(element.index, lead);
      continue;
    }
    const text = element.text.trim();
    lead = text.endsWith(':') ? text.slice(-LEAD_IN_CHARACTERS) : null;
  }
  return leads;
}

/** The most uncited denials a policy has matched against the library's passages: far more than a real policy holds. */
const MAX_PASSAGE_READINGS = 200;

/** A denial of the offence a document (cited) or a duty's own sentence (requirements-offences.ts) states. */
function offenceDenied(
  element: PolicyElement,
  span: { start: number; end: number },
  offence: LibrarySentence & { document: LibraryDocument; said: string },
): ReviewFindingDraft {
  const { document, said } = offence;
  // "… can be prosecuted" is said so; an offence named is an offence.
  const prosecuted = !/\boffence/i.test(said);
  return factualError(element, span, { document, element: offence.element }, (quote) => ({
    expected: said,
    explanation: prosecuted
      ? `The policy says "${quote}", but a breach of ${document.code} can be prosecuted: "${said}."`
      : `The policy says "${quote}", but under ${document.code} it is an offence: "${said}."`,
    suggestion: prosecuted
      ? `Correct the statement: say that a breach of ${document.code} can be prosecuted, as the library sets out.`
      : `Correct the statement: say that this is an offence under ${document.code}, as the library sets out.`,
  }));
}

/** The longest library passage quoted in a finding, in characters. */
const PASSAGE_CHARACTERS = 240;

/** A denial of a duty the policy tells in its own words, against the law whose passage speaks of it (requirements-passages.ts). */
function dutyDenied(element: PolicyElement, span: { start: number; end: number }, law: DeniedLaw): ReviewFindingDraft {
  const { document } = law;
  return passageFinding(element, span, law, (quote, covers, offence) => ({
    explanation: `The policy says "${quote}", but ${covers}. Of ${document.code} it says: "${offence}."`,
    suggestion: `Correct the statement: say that this is a legal duty under ${document.code} and that a breach can be prosecuted as a criminal offence, as the library sets out.`,
  }));
}

/**
 * A duty the policy leaves to someone's choice, or what it rules out that the policy permits for
 * convenience (`permission`), against the law whose passage states it (requirements-passages.ts).
 */
function dutyLeftToChoice(
  element: PolicyElement,
  span: { start: number; end: number },
  law: DeniedLaw,
  permission: boolean,
): ReviewFindingDraft {
  const { document } = law;
  const reading = permission ? 'allows this for convenience' : 'leaves this to choice';
  return passageFinding(element, span, law, (quote, covers, offence) => ({
    explanation: `The policy ${reading} ("${quote}"), but ${covers}. Of ${document.code} it says: "${offence}."`,
    suggestion: permission
      ? `Correct the statement: remove the permission, and say what ${document.code} requires in its place, as the library sets out.`
      : `Correct the statement: this is a legal duty under ${document.code}, not a matter for anyone's discretion; say who carries it out and when, as the library sets out.`,
  }));
}

/** A finding quoting the library passage that covers the duty and the law's statement of its offence. */
function passageFinding(
  element: PolicyElement,
  span: { start: number; end: number },
  law: DeniedLaw,
  words: (quote: string, covers: string, offence: string) => { explanation: string; suggestion: string },
): ReviewFindingDraft {
  const { document, said, passage } = law;
  const offence = `${said.charAt(0).toUpperCase()}${said.slice(1)}`;
  const cut =
    passage.sentence.length > PASSAGE_CHARACTERS
      ? `${passage.sentence.slice(0, PASSAGE_CHARACTERS).replace(/\s+\S*$/, '')} …`
      : passage.sentence;
  const covers =
    passage.document === document
      ? `the library's ${document.code} covers this: "${cut}"`
      : `the library's ${passage.document.code} covers this as part of ${document.code}: "${cut}"`;
  // The evidence is the passage when it is the law's own, else the law's statement of its offence.
  const source = passage.document === document ? passage.element : law.element;
  return factualError(element, span, { document, element: source }, (quote) => ({
    expected: `${offence} (${document.code}).`,
    ...words(quote, covers, offence),
  }));
}

/** The first cited document that says of itself that a breach is an offence or can be prosecuted, with that statement. */
function citedOffence(cited: readonly LibraryDocument[]): (LibrarySentence & { document: LibraryDocument; said: string }) | null {
  for (const document of cited) {
    const offence = selfStatement(document, OFFENCE, true);
    // The statement itself, without what the library adds after a semicolon.
    if (offence) return { document, ...offence, said: offence.sentence.split('; ')[0] ?? offence.sentence };
  }
  return null;
}

/**
 * A document enforced through civil powers that speaks of no offence or prosecution but to deny one:
 * its denial if it has one ("It is not one of the regulations where breach is itself a criminal
 * offence"), else its civil-powers sentence. Read once a document.
 */
function civilOnly(document: LibraryDocument): LibrarySentence | null {
  if (!civil.has(document)) civil.set(document, readCivilOnly(document));
  return civil.get(document) ?? null;
}

const civil = new WeakMap<LibraryDocument, LibrarySentence | null>();

/**
 * A sentence that names another regulation or document than this one, so that an offence it speaks
 * of may be that one's: CQC Reg 15's "… usually pursues it under Regulation 12, which carries a
 * criminal offence".
 */
function aboutAnother(sentence: string, document: LibraryDocument): boolean {
  const own = (number: string) => new RegExp(`(?<![\\w.])${number}(?![\\w.])`).test(document.code);
  return (
    [...sentence.matchAll(/\bRegulations?\s+(\d+[A-Z]?)\b/g)].some((match) => !own(match[1] ?? '')) ||
    OTHER_CODE.test(sentence.replace(document.code, ''))
  );
}

function readCivilOnly(document: LibraryDocument): LibrarySentence | null {
  let civilPowers: LibrarySentence | null = null;
  let denial: LibrarySentence | null = null;
  for (const { element, sentence } of proseSentences(document)) {
    const offence = OFFENCE_WORDS.exec(sentence);
    if (offence) {
      if (DENIED.test(sentence.slice(0, offence.index)))
        // The denial itself, without what the library adds after it (", but the same failings often also breach …").
        denial ??= { element, sentence: sentence.split(/; |, but /)[0] ?? sentence };
      else if (!aboutAnother(sentence, document)) return null;
    } else if (CIVIL.test(sentence)) civilPowers ??= { element, sentence };
  }
  return civilPowers ? (denial ?? civilPowers) : null;
}

/**
 * The first sentence of a document that states its status (`pattern`) about itself: opening with
 * its code or as a document speaks of itself, and naming no other code. An offence must be stated
 * without a denial before it.
 */
export function selfStatement(document: LibraryDocument, pattern: RegExp, plain = false): LibrarySentence | null {
  // Library documents outlive a review: each is read once a pattern, not once a policy.
  const read = statements.get(document) ?? new Map<RegExp, LibrarySentence | null>();
  statements.set(document, read);
  if (!read.has(pattern)) read.set(pattern, readSelfStatement(document, pattern, plain));
  return read.get(pattern) ?? null;
}

const statements = new WeakMap<LibraryDocument, Map<RegExp, LibrarySentence | null>>();

function readSelfStatement(document: LibraryDocument, pattern: RegExp, plain: boolean): LibrarySentence | null {
  const code = codeWithoutEdition(document.code);
  const first = code.split(' ')[0] ?? code;
  const openings = [code, code.split(' ').slice(0, 2).join(' '), ...(/^[A-Z]{3,}$/.test(first) ? [`${first} `] : [])];
  for (const element of document.elements) {
    if (element.type === 'table' || element.type === 'heading') continue;
    for (const { text } of sentences(element.text)) {
      const bare = text.replace(/^[-*•]\s+/, '');
      const match = pattern.exec(bare);
      if (!match) continue;
      // A law's offence is often told with the duty as its subject ("Failure to display ratings … is a criminal offence").
      const aboutItself =
        openings.some((opening) => bare.replace(/^the\s+/i, '').startsWith(opening)) ||
        /^Part [A-Z]\b/.test(bare) ||
        SELF_SUBJECT.test(bare) ||
        (plain && /^(?:breach|breaching|failure|failing|contravention)\b/i.test(bare));
      // An offence stated beside another document's code may be that document's.
      if (!aboutItself || (plain && OTHER_CODE.test(openings.reduce((rest, opening) => rest.replace(opening.trim(), ''), bare)))) continue;
      if (plain && /\b(?:not|no|never)\b/i.test(bare.slice(0, match.index + match[0].length))) continue;
      return { element, sentence: bare.replace(/\*\*/g, '').replace(/[\s:;,]+$/, '') };
    }
  }
  return null;
}
