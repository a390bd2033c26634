import { clauseStart } from './requirements-modality.ts';
import { factualError, policySentences, sectionNumberLength, sentences } from './requirements-text.ts';
import type { Citation, LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/**
 * One comparison of legal force: a policy that says breaching a document it cites is no offence,
 * where the document itself makes it one ("failing to send a notification is not an offence"
 * against "Failure to send a required notification is an offence that CQC can prosecute"). The
 * document is one the policy cites in the same sentence; its offence is read only from a sentence
 * about itself, stated plainly (no denial before it) and beside no other document's code. The
 * other direction, law claimed of guidance, is requirement-claims.ts's, which reads the
 * guidance's status with `selfStatement` too.
 */

/** The policy saying breaching a document is no offence, or that it is not law. */
const NO_OFFENCE_CLAIM =
  /\b(?:is|are)\s+not\s+(?:a\s+|an\s+)?(?:criminal\s+)?offence\b|\bcannot\s+(?:lead\s+to|result\s+in)\s+(?:a\s+)?prosecution\b|\bcivil\s+enforcement\s+only\b|\b(?:is|are)\s+not\s+a\s+legal\s+requirement\b/i;

/** A law's sentence saying that breaching it, or failing a duty of it, is an offence. */
const OFFENCE =
  /\b(?:breach|breaching|contravention|failure|failing|non-compliance)\b[^.;]{0,100}?\b(?:is|are)\s+(?:itself\s+|in\s+itself\s+)?(?:a\s+|an\s+)?(?:\*\*)?(?:criminal\s+)?offence\b/i;
/** How a document speaks of itself at the start of a sentence, besides its code. */
const SELF_SUBJECT =
  /^(?:\*\*)?(?:the\s+(?:framework|guidance|standards?|code|regulations|act|order)|a\s+code\s+of\s+practice|breach(?:ing)?\s+(?:it|them)|it|this\s+(?:document|guidance|code|standard))\b/i;

/** A code of some document ("HTM 04-01", "BS 7671"): a sentence naming one may be about that document. */
const OTHER_CODE = /\b[A-Z]{2,}\s?\d/;

export interface Status {
  element: LibraryElement;
  sentence: string;
}

/** Policy sentences that misstate the legal force of a document they cite. */
export function forceFindings(policy: Policy, citations: readonly Citation[]): ReviewFindingDraft[] {
  const byElement = new Map<number, Citation[]>();
  for (const citation of citations) {
    const list = byElement.get(citation.location.element);
    if (list) list.push(citation);
    else byElement.set(citation.location.element, [citation]);
  }
  const findings: ReviewFindingDraft[] = [];
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
    const claim = cited.length > 0 ? NO_OFFENCE_CLAIM.exec(text) : null;
    if (!claim) continue;
    for (const { document } of cited) {
      const offence = selfStatement(document, OFFENCE, true);
      if (!offence) continue;
      // The statement itself, without what the library adds after a semicolon.
      const said = offence.sentence.split('; ')[0] ?? offence.sentence;
      const quoted = start + clauseStart(text, claim.index, sectionNumberLength(text));
      findings.push(
        factualError(
          element,
          { start: quoted, end: start + claim.index + claim[0].length },
          { document, element: offence.element },
          (quote) => ({
            expected: said,
            explanation: `The policy says "${quote}", but under ${document.code} it is an offence: "${said}."`,
            suggestion: `Correct the statement: say that this is an offence under ${document.code}, as the library sets out.`,
          }),
        ),
      );
      break;
    }
  }
  return findings;
}

/**
 * The first sentence of a document that states its status (`pattern`) about itself: opening with
 * its code or as a document speaks of itself, and naming no other code. An offence must be stated
 * without a denial before it.
 */
export function selfStatement(document: LibraryDocument, pattern: RegExp, plain = false): Status | null {
  // Library documents outlive a review: each is read once a pattern, not once a policy.
  const read = statements.get(document) ?? new Map<RegExp, Status | null>();
  statements.set(document, read);
  if (!read.has(pattern)) read.set(pattern, readSelfStatement(document, pattern, plain));
  return read.get(pattern) ?? null;
}

const statements = new WeakMap<LibraryDocument, Map<RegExp, Status | null>>();

function readSelfStatement(document: LibraryDocument, pattern: RegExp, plain: boolean): Status | null {
  const code = document.code.replace(/\s*\(\d{4}\)$/, '');
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
        openings.some((opening) => bare.startsWith(opening)) ||
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
