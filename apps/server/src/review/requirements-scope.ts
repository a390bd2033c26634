import { subjectOf } from './requirements-subjects.ts';
import { factualError, policySentences, sectionNumberLength, sentences } from './requirements-text.ts';
import type { Citation, LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

/**
 * One comparison of scope: a policy that says an instrument it cites applies only to some
 * organisations, or not to some, where the library's account of whom the instrument applies to
 * says otherwise.
 *
 * - A restriction: "The notification duties in the … Regulations 2009 apply only to care homes and
 *   independent hospitals" against "Who it applies to: Every provider registered with CQC in
 *   England": the library names every member of a group the restriction leaves out.
 * - A denial: "the residents are domestic clients and the … Regulations 2015 do not apply" against
 *   "Domestic clients are also within scope": the library names the very people or places the
 *   policy takes out of scope.
 * - An affirmation: "the Workplace Regulations apply in patients' homes" against "They do not
 *   cover private homes": the library takes out of scope the very places the policy brings in.
 *
 * The instrument is the one the policy cites in the same sentence; the library's side is that
 * document's section on whom it applies to, and any sentence of it saying who is within scope.
 */

/** "apply only to …", "only applies to …", "is applicable only to …": what the policy restricts the instrument to. */
const RESTRICTED = /\b(?:(?:appl(?:y|ies)|(?:is|are)\s+applicable)\s+only\s+to|only\s+appl(?:y|ies)\s+to)\s+([^.;]{3,160})/i;
/** "do not apply (to …)", "does not apply (to …)", "are exempt from": a denial of scope. */
const DENIED =
  /\b(?:(?:do|does|will|shall)\s+not\s+apply|(?:is|are)\s+(?:exempt\s+from|outside\s+the\s+scope\s+of|not\s+covered\s+by)(?!\s+(?:this|the)\s+(?:policy|document|procedure|guideline)))\b(?:\s+(?:to|in|inside|within)\s+([^.;]{3,160}))?/i;
/** "apply in …", "applies to …", "cover …": what the policy brings within the instrument's scope (not after "not" or "only"). */
const AFFIRMED =
  /(?<!\b(?:not|only|never|n't)\s{1,3})\b(?:appl(?:y|ies)|(?:is|are)\s+applicable|cover)\s+(?:to|in|inside|within|at)\s+([^.;,]{3,120})/i;
/** The library taking a group out of scope: "They do not cover private homes", "does not apply to domestic premises", "Partnerships are not covered". */
const LIBRARY_DENIAL =
  /\b(?:do|does|will)\s+not\s+(?:cover|apply\s+(?:to|in|inside|within))\s+([^,;.]{3,80})|^([^,;.]{3,80}?)\s+(?:are|is)\s+not\s+(?:covered|within\s+(?:the\s+)?scope)\b/i;

/** Where a reason for the claim begins, after the group it names. */
const REASON = /,?\s+\b(?:because|since|as|given\s+that)\b/i;

/** Stems that name no group of people or places: the instrument's own kind, and words of reference ("the following, which have their own specific regulations"). */
const NO_GROUP = new Set([
  'regul',
  'act',
  'order',
  'guida',
  'code',
  'own',
  'speci',
  'follo',
  'such',
  'other',
  'their',
  'these',
  'apply',
  'appli',
]);
/** A section on whom a document applies to. */
const SCOPE_HEADING = /\bwho (?:it|they|this) (?:appl(?:y|ies) to|is for)\b|^(?:scope|application|applicability)$/i;
/** A sentence saying who is within scope: "Domestic clients are also within scope". */
const WITHIN_SCOPE = /\b(?:is|are)\s+(?:also\s+|now\s+)?(?:within|in|brought\s+(?:with)?in(?:to)?)\s+(?:the\s+)?scope\b/i;
/** A group the library names whole: "Every provider registered with CQC", "all employers". */
const EVERY = /\b(?:every|all|any)\s+([a-z]+)/gi;

/** Words of a denial's group that must be in the library's account of scope (or all of them, when fewer). */
const MIN_SHARED = 2;

interface Scope {
  /** The stems of the library's account of whom the document applies to. */
  words: Set<string>;
  /** The groups it names whole ("provider" of "every provider"), as stems. */
  everyone: Set<string>;
  /** Its parts, each with its element, to cite the one that says what the policy contradicts. */
  parts: { element: LibraryElement; text: string; words: Set<string> }[];
}

export function scopeFindings(policy: Policy, documents: LibraryDocument[], citations: Citation[]): ReviewFindingDraft[] {
  const relied = new Set(documents);
  // Each element's citations of relied documents, so a sentence looks only at its own element's.
  const byElement = new Map<number, Citation[]>();
  for (const citation of citations) {
    if (!relied.has(citation.document)) continue;
    const list = byElement.get(citation.location.element) ?? [];
    if (list.length === 0) byElement.set(citation.location.element, list);
    list.push(citation);
  }
  const findings: ReviewFindingDraft[] = [];
  for (const { element, text, start } of policySentences(policy)) {
    const restricted = RESTRICTED.exec(text);
    const denied = restricted ? null : DENIED.exec(text);
    const affirmed = restricted || denied ? null : AFFIRMED.exec(text);
    if (!restricted && !denied && !affirmed) continue;
    const end = start + text.length;
    const cited = (byElement.get(element.index) ?? []).filter(
      (citation) => citation.location.start >= start && citation.location.end <= end,
    );
    for (const citation of cited) {
      const scope = scopeOf(citation.document);
      if (!scope) continue;
      const outcome = affirmed ? affirmedOutcome(scope, affirmed) : limitedOutcome(scope, { text, start }, citation, restricted, denied);
      if (!outcome) continue;
      const { claim, part, says, advice } = outcome;
      const from = sectionNumberLength(text);
      const code = citation.document.code;
      findings.push(
        factualError(
          element,
          { start: start + from, end: start + claim.index + claim[0].length },
          { document: citation.document, element: part.element },
          (quote) => ({
            expected: `${part.text} (${code})`,
            explanation: `The policy says "${quote}", but ${code} ${says}: "${part.text}."`,
            suggestion: `State whom ${code} applies to as the library does, and ${advice}.`,
          }),
        ),
      );
      break;
    }
  }
  return findings;
}

/** What a scope claim contradicts: the claim, the part of the library's account to cite, and how to say it. */
interface Outcome {
  claim: RegExpExecArray;
  part: Scope['parts'][number];
  says: string;
  advice: string;
}

/** An instrument said to apply where the library's account takes it out of scope. */
function affirmedOutcome(scope: Scope, affirmed: RegExpExecArray): Outcome | null {
  const part = excludedPart(scope, new Set([...subjectOf(affirmed[1] ?? '')].filter((word) => !NO_GROUP.has(word))));
  return part ? { claim: affirmed, part, says: 'does not apply there', advice: 'name what covers the rest' } : null;
}

/** A restriction leaving out a group the library names whole, or a denial of a group the library names. */
function limitedOutcome(
  scope: Scope,
  sentence: { text: string; start: number },
  citation: Citation,
  restricted: RegExpExecArray | null,
  denied: RegExpExecArray | null,
): Outcome | null {
  const claim = restricted ?? denied;
  if (!claim) return null;
  const { text, start } = sentence;
  const local = { start: citation.location.start - start, end: citation.location.end - start };
  // The group ends where a reason begins: "does not apply to the station, because it is not a residential building".
  const named = restricted?.[1] ?? denied?.[1];
  const group = named ? (named.split(REASON)[0] ?? named) : `${text.slice(0, local.start)} ${text.slice(local.end)}`;
  const groupWords = new Set([...subjectOf(group.replace(citation.said, ' '))].filter((word) => !NO_GROUP.has(word)));
  if (!(restricted ? leavesOut(scope, groupWords) : names(scope, groupWords))) return null;
  return {
    claim,
    part: citedPart(scope, restricted ? null : groupWords, PEOPLE.test(group.split(/[,;]/)[0] ?? '')),
    says: `applies ${restricted ? 'more widely' : 'to them'}`,
    advice: 'apply its duties accordingly',
  };
}

/**
 * The part of the account that takes the policy's group out of scope: a denial whose object ends
 * in the same word as the group ("do not cover private homes" for "apply in patients' homes").
 */
function excludedPart(scope: Scope, group: Set<string>): Scope['parts'][number] | undefined {
  if (group.size === 0) return undefined;
  return scope.parts.find((part) => {
    const denial = LIBRARY_DENIAL.exec(part.text);
    const object = denial?.[1] ?? denial?.[2];
    if (!object) return false;
    const head = [...subjectOf(object)].at(-1);
    return head !== undefined && group.has(head);
  });
}

/** Whether the library names a whole group the restriction does not mention. */
function leavesOut(scope: Scope, group: Set<string>): boolean {
  if (group.size === 0) return false;
  return [...scope.everyone].some((word) => !group.has(word));
}

/** Whether the library's account of scope names the group the policy takes out of it. */
function names(scope: Scope, group: Set<string>): boolean {
  const shared = [...group].filter((word) => scope.words.has(word)).length;
  return shared >= Math.min(MIN_SHARED, group.size) && shared > 0 && group.size > 0;
}

/** The part of the account to cite: the one naming a whole group for a restriction, the one sharing most of a denied group's words. */
function citedPart(scope: Scope, denied: Set<string> | null, people: boolean): Scope['parts'][number] {
  const [first] = scope.parts as [Scope['parts'][number]];
  if (!denied) {
    // A restriction to some staff ("only to registered nurses and doctors") is answered by the
    // whole group of people the library names ("All staff groups …"), not of organisations.
    const whole = scope.parts.filter((part) => WHOLE_GROUP.test(part.text));
    return (people ? whole.find((part) => PEOPLE.test(part.text)) : undefined) ?? whole[0] ?? first;
  }
  const shared = (part: Scope['parts'][number]) => [...denied].filter((word) => part.words.has(word)).length;
  return scope.parts.reduce((best, part) => (shared(part) > shared(best) ? part : best), first);
}

/** Words naming people who work in or for an organisation, rather than organisations or places. */
const PEOPLE =
  /\b(?:staff|employees?|workers?|nurses?|doctors?|clinicians?|practitioners?|professionals?|technicians?|porters?|carers?|volunteers?|persons?|people)\b/i;

/** A text naming a whole group, tested without a global pattern's state. */
const WHOLE_GROUP = /\b(?:every|all|any)\s+[a-z]+/i;

const scopes = new WeakMap<LibraryDocument, Scope | null>();

/** A document's account of whom it applies to, read once: its scope section and its "within scope" sentences. */
function scopeOf(document: LibraryDocument): Scope | null {
  const known = scopes.get(document);
  if (known !== undefined) return known;
  const parts: Scope['parts'] = [];
  const add = (element: LibraryElement, text: string) => {
    const plain = text.replace(/[.;:]\s*$/, '');
    parts.push({ element, text: plain, words: subjectOf(plain) });
  };
  for (const element of document.elements) {
    if (element.type === 'heading' || element.type === 'title') continue;
    const plain = element.text.replace(/\*+/g, '');
    if (element.headingPath.some((heading) => SCOPE_HEADING.test(heading))) {
      for (const line of plain.split('\n')) if (line.trim()) add(element, line.replace(/^\s*[-*•]\s*/, '').trim());
      continue;
    }
    for (const sentence of sentences(plain)) if (WITHIN_SCOPE.test(sentence.text)) add(element, sentence.text.trim());
  }
  const scope: Scope | null =
    parts.length === 0
      ? null
      : {
          // What the library takes out of scope ("They do not cover private gardens …") names no one within it.
          words: new Set(parts.filter((part) => !LIBRARY_DENIAL.test(part.text)).flatMap((part) => [...part.words])),
          everyone: new Set(parts.flatMap((part) => [...part.text.matchAll(EVERY)].flatMap((match) => [...subjectOf(match[1] ?? '')]))),
          parts,
        };
  scopes.set(document, scope);
  return scope;
}
