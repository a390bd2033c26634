import { LAW_CLAIM, LAW_CLAIMS } from './requirements-claims.ts';
import { sentencesWithCitations } from './requirements-force.ts';
import { codeWithoutEdition, factualError, proseSentences, sectionNumberLength } from './requirements-text.ts';
import { literal } from './roles-sources.ts';
import type { Citation, LibraryDocument, LibraryElement, Policy, ReviewFindingDraft, ReviewLibrary } from './types.ts';

/**
 * What a policy says of the legal status of an Approved Code of Practice it cites, in the same
 * sentence. An ACoP is neither law nor mere advice: failing to follow it is no offence in itself,
 * but a court may take it as proof of a breach unless another way at least as good was followed.
 * - Called law, or a departure from it an offence ("ACoP L122 is law in its own right"): against
 *   the library's sentence on ACoPs in general (the parent Act's "Failure to follow an ACoP is not
 *   itself an offence …").
 * - Called advisory, voluntary or without legal standing ("An Approved Code of Practice such as L5
 *   is advisory guidance only"): against the code's own sentence on its special status. The
 *   advice printed beside a code ("the guidance printed alongside it is advisory") is advisory,
 *   so a claim about guidance is left alone.
 * A document is such a code when its own entry says it has that special status, beside its name
 * as an Approved Code of Practice.
 */

/** A sentence of a code's entry saying it has its special status. */
const SPECIAL_STATUS = /\bspecial\s+(?:legal\s+)?status\b/i;
/** A code of another document in a sentence: "ACoP L5", "HSWA 1974", "L8". */
const OTHER_CODE = /\b(?:[A-Z]{2,}\s?\d|[A-Z]\d{1,3}\b)/;
/** What a code of practice approved under the Act is called. */
const APPROVED_CODE = /\b(?:Approved\s+Codes?\s+of\s+Practice|ACoPs?)\b/i;
/** A sentence saying that failing to follow such a code is no offence in itself. */
const NOT_ITSELF_OFFENCE = /\bnot\s+(?:in\s+)?itself\s+an\s+offence\b/i;
/** The policy saying a breach of a code is an offence in its own words: "Failing to follow … is in itself a criminal offence". */
const FAILING_CLAIM = /\bfailing\s+to\s+(?:comply\s+with|follow)\b(?:(?!\b(?:not|no|never)\b)[^.;]){0,120}?\b(?:criminal\s+)?offence\b/i;
/** The policy saying a code is advice only. */
const ADVISORY_CLAIM =
  /\b(?:is|are)\s+(?:only\s+|merely\s+|purely\s+)?(?:advisory|voluntary|optional)\b|\bno\s+legal\s+(?:standing|force|status|effect)\b/i;
const ADVISORY_CLAIMS = new RegExp(ADVISORY_CLAIM.source, 'gi');
/** Words before an advisory claim that make it a claim about the advice beside a code, not the code. */
const ABOUT_GUIDANCE = /\bguidance\b/i;

interface Statement {
  element: LibraryElement;
  sentence: string;
}

/** A statement with the document it is in. */
type Sourced = Statement & { document: LibraryDocument };

export function codeFindings(policy: Policy, citations: readonly Citation[], library: ReviewLibrary): ReviewFindingDraft[] {
  const findings: ReviewFindingDraft[] = [];
  for (const { element, text, start, cited } of sentencesWithCitations(policy, citations)) {
    const codes = cited.flatMap((document) => {
      const status = specialStatus(document);
      return status ? [{ document, status }] : [];
    });
    const [code] = codes;
    // A sentence that cites a law beside the code may say of the law what it says.
    if (!code || codes.length !== cited.length) continue;
    const from = start + sectionNumberLength(text);
    const law = LAW_CLAIM.exec(text) ?? FAILING_CLAIM.exec(text);
    // A breach said to be an offence is the code's when the claim names it ("any departure from it").
    const breach = law && /^(?:failure|failing|departure|breach)/i.test(law[0]);
    const theCode = (words: string) => names(words, code.document) || APPROVED_CODE.test(words) || /\b(?:it|them)\b/i.test(words);
    const general = law && theCode(breach ? law[0] : text.slice(0, law.index + law[0].length)) ? notItselfOffence(library) : null;
    if (law && general) {
      findings.push(
        // Every claim of law in the sentence: "… is law in its own right, so any departure from it is a criminal offence".
        factualError(
          element,
          {
            start: from,
            end:
              start + Math.max(law.index + law[0].length, ...[...text.matchAll(LAW_CLAIMS)].map((match) => match.index + match[0].length)),
          },
          general,
          (quote) => ({
            expected: general.sentence,
            explanation: `The policy says "${quote}", but ${code.document.code} is an Approved Code of Practice, not law: "${general.sentence}."`,
            suggestion: `Correct the statement: ${code.document.code} has special legal status, but failing to follow it is not in itself an offence.`,
          }),
        ),
      );
      continue;
    }
    const advisory = ADVISORY_CLAIM.exec(text);
    if (!advisory) continue;
    const subject = text.slice(sectionNumberLength(text), advisory.index);
    // The claim is the code's when its clause names the code, and not the guidance beside it.
    const clause = subject.split(/[;:]/).at(-1) ?? subject;
    if (
      ABOUT_GUIDANCE.test(clause.replace(/\badvisory\s+guidance\b/i, '')) ||
      !(APPROVED_CODE.test(clause) || names(clause, code.document))
    )
      continue;
    findings.push(
      factualError(
        element,
        // Every claim of advice in the sentence: "… is advisory guidance only and has no legal standing".
        { start: from, end: start + Math.max(...[...text.matchAll(ADVISORY_CLAIMS)].map((match) => match.index + match[0].length)) },
        { document: code.document, element: code.status.element },
        (quote) => ({
          expected: code.status.sentence,
          explanation: `The policy says "${quote}", but ${code.document.code} has special legal status: "${code.status.sentence}."`,
          suggestion: `Correct the statement: ${code.document.code} is an Approved Code of Practice; a departure from it must be shown to meet the law in another way at least as good.`,
        }),
      ),
    );
  }
  return findings;
}

/** Whether a text names a document by its code or the code's last part ("L5" of "ACoP L5"). */
function names(text: string, document: LibraryDocument): boolean {
  const code = codeWithoutEdition(document.code);
  const short = code.split(' ').at(-1) ?? code;
  return [code, short].some((name) => new RegExp(`(?<![\\w-])${literal(name)}(?![\\w-])`).test(text));
}

/** The sentence of a code's entry on its special status, read once a document; null for a document that is no such code. */
function specialStatus(document: LibraryDocument): Statement | null {
  if (!status.has(document)) status.set(document, readSpecialStatus(document));
  return status.get(document) ?? null;
}

const status = new WeakMap<LibraryDocument, Statement | null>();

function readSpecialStatus(document: LibraryDocument): Statement | null {
  const code = codeWithoutEdition(document.code);
  for (const { element, sentence } of proseSentences(document)) {
    // A law's entry speaks of the code approved for it ("It is supported by ACoP L5, which has special legal status"); it is not one.
    const other = OTHER_CODE.test(sentence.replace(code, '').replace(code.split(' ').at(-1) ?? code, ''));
    if (APPROVED_CODE.test(element.text) && SPECIAL_STATUS.test(sentence) && !other) return { element, sentence };
  }
  return null;
}

/** The library's sentence that failing to follow such a code is no offence in itself, with its document; read once a library. */
function notItselfOffence(library: ReviewLibrary): Sourced | null {
  if (!general.has(library)) general.set(library, readNotItselfOffence(library));
  return general.get(library) ?? null;
}

const general = new WeakMap<ReviewLibrary, Sourced | null>();

function readNotItselfOffence(library: ReviewLibrary): Sourced | null {
  for (const document of library.documents) {
    if (document.status !== 'current') continue;
    for (const { element, sentence } of proseSentences(document))
      if (APPROVED_CODE.test(sentence) && NOT_ITSELF_OFFENCE.test(sentence)) return { document, element, sentence };
  }
  return null;
}
