import { named } from './references-outdated.ts';
import { quantitiesIn } from './requirements-quantities.ts';
import { selfStatement } from './requirements-force.ts';
import { factualError, sectionNumberLength, sentences } from './requirements-text.ts';
import { literal, shortTitle } from './roles-sources.ts';
import type { LibraryDocument, LibraryElement, Policy, PolicyElement, ReviewFindingDraft } from './types.ts';

/** A library sentence saying the document sets no fixed intervals. */
const NO_INTERVALS =
  /\b(?:do(?:es)? not|sets? no)\s+(?:set\s+)?(?:fixed|statutory|specific)\s+(?:[a-z-]+\s+){0,3}?(?:intervals|frequencies|period)\b/i;
/** A library sentence saying the document applies to all existing installations, whatever their age. */
const APPLIES_TO_ALL = /\bappl(?:y|ies)\b[^.]*\bregardless of\b/i;
/**
 * A library sentence saying the document is not law: "HTM 00 is best-practice guidance, not law",
 * "The DSPT is an **assurance framework**, not legislation",
 * "BS 7671 is a standard, not law", "The framework is not law", "Breaching it is not in itself an
 * offence", "HTM 08-03 is **guidance**." and "HTM 01-05 is guidance rather than law" (read about
 * the document itself: requirement-force.ts `selfStatement`).
 */
const NOT_LAW =
  /\b(?:guidance|advisory|good practice|best practice|standard|code of practice|recommendations|framework)(?:\*\*)?,?\s+(?:and\s+)?not\s+(?:law|legislation|statute|statutory|legally binding)\b|\b(?:is|are)\s+not\s+(?:itself\s+)?(?:law|statutory|legally binding)\b|\bnot\s+(?:in\s+)?itself\s+an\s+offence\b|^\S+(?:\s\S+){0,2}\s+(?:is|are)\s+(?:\*\*)?(?:best[- ]practice\s+)?guidance(?:\*\*)?(?:\s+rather\s+than\s+law\b|\s*$)/i;
/**
 * A policy saying a document is law: "are statutory instruments", "is legally binding", "is the
 * legal standard", "has the force of regulations", "has the same legal status as an Approved Code of Practice", "failure to comply …", "any departure from it is
 * an offence", "breach of … is a criminal offence in its own right" (not "… is not itself an offence"). A "statutory code" or "statutory
 * guidance" is what such a document may well be, not a claim that it is law.
 */
export const LAW_CLAIM =
  /\b(?:is|are)\s+(?:a\s+)?(?:statutory(?:\s+instruments?|\s+requirements?|(?!\s+(?:codes?|guidance)\b))|law|legally\s+binding|legal\s+requirements?|(?:a\s+)?set\s+of\s+regulations)\b|\bthe\s+legal\s+standard\b|\bthe\s+same\s+(?:legal\s+)?status\s+as\s+an?\s+(?:Approved\s+Code\s+of\s+Practice|ACoP)\b|\bha(?:s|ve)\s+the\s+force\s+of\s+(?:law|statute|regulations?)\b|\b(?:failure\s+to\s+(?:comply|follow)|departures?\s+from|breach(?:es)?\s+of|breaching)\b(?:(?!\b(?:not|no|never)\b)[^.;]){0,80}?\b(?:criminal\s+)?offence\b/i;

/** The claim that breaching or departing from something is an offence. */
const BREACH_CLAIM = /^(?:failure|departure|breach)/i;

/** Every such claim of a sentence, to quote them all. */
export const LAW_CLAIMS = new RegExp(LAW_CLAIM.source, 'gi');

/** A name as a whole word of a sentence (not inside a longer code). */
const wholeWord = (name: string) => new RegExp(`(?<![\\w-])${literal(name)}(?![\\w-])`);

/** Sentences about this library's own summary, not about the document. */
const ABOUT_SUMMARY = /\b(?:briefing|library|this summary)\b/i;
/** A policy saying something is outside a document: "are exempt from", "does not apply to". */
const EXEMPTION = /\b(?:(?:is|are)\s+exempt\s+from|do(?:es)?\s+not\s+apply\s+to)\b/i;

interface Passage {
  sentence: string;
  element: LibraryElement;
}

/**
 * What a policy says of a document that the document's own entry contradicts: a fixed interval it
 * "requires" when it sets none, and an exemption from a document that applies to all existing systems.
 */
export function claimFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const findings: ReviewFindingDraft[] = [];
  // A claim that guidance is law, reported once per sentence: by the document it names, else the
  // first of its series ("HTMs and HBNs are statutory instruments").
  const status = new Map<string, { finding: ReviewFindingDraft; rank: number }>();
  for (const document of documents) {
    const noIntervals = passage(document, NO_INTERVALS);
    const appliesToAll = passage(document, APPLIES_TO_ALL);
    const notLaw = selfStatement(document, NOT_LAW);
    if (!noIntervals && !appliesToAll && !notLaw) continue;
    const names = namesOf(document);
    // The document's own names and its series in the plural ("HTMs"), each as a whole word, built once per document.
    const own = names.map(wholeWord);
    const series = seriesOf(document).map(wholeWord);
    const claims = noIntervals ? claimPatterns(names) : [];
    for (const element of policy.elements) {
      for (const { text, start } of sentences(element.text)) {
        const law = notLaw ? LAW_CLAIM.exec(text) : null;
        if (notLaw && law) {
          // Where the claim names the document: by its own name first, else the earliest its series is named.
          const before = text.slice(0, law.index);
          const seriesAt = Math.min(...series.map((pattern) => before.search(pattern)).filter((index) => index >= 0));
          // A breach or departure said to be an offence is the document's when the claim itself names it
          // ("breach of the Hygiene Code is …"), or points back to it named before ("BS 7671 is …, and any
          // departure from it is …"), not another law's ("Hazardous waste rules … and breaching them is …").
          const breach = BREACH_CLAIM.test(law[0]);
          const namedBefore = own.some((pattern) => pattern.test(before));
          const named = breach ? own.some((pattern) => pattern.test(law[0])) || (namedBefore && /\b(?:it|them)\b/i.test(law[0])) : false;
          const rank = named || (!breach && namedBefore) ? -1 : breach ? Number.POSITIVE_INFINITY : seriesAt;
          const key = `${element.index}:${start}`;
          const known = status.get(key);
          if (Number.isFinite(rank) && (!known || rank < known.rank)) {
            const from = sectionNumberLength(text);
            const end = Math.max(...[...text.matchAll(LAW_CLAIMS)].map((match) => match.index + match[0].length));
            status.set(key, { finding: draft(element, start + from, start + end, document, notLaw, 'status'), rank });
          }
        }
        if (noIntervals) {
          const claim = requirementClaim(text, claims);
          if (claim) findings.push(draft(element, start + claim.start, start + claim.end, document, noIntervals, 'interval'));
        }
        const exemption = appliesToAll ? EXEMPTION.exec(text) : null;
        const exempted = exemption && names.find((name) => text.includes(name, exemption.index));
        if (appliesToAll && exemption && exempted) {
          const end = text.indexOf(exempted, exemption.index) + exempted.length;
          const from = sectionNumberLength(text);
          findings.push(draft(element, start + from, start + end, document, appliesToAll, 'exemption'));
        }
      }
    }
  }
  return [...findings, ...[...status.values()].map((entry) => entry.finding)];
}

/**
 * "The EAWR require every appliance to be tested annually", "The EAWR make annual testing a legal
 * requirement": the name, its verb and the interval; or the law given as the reason for a duty with
 * an interval ("To meet PUWER, all other equipment must be inspected at least once every 12 months").
 */
function requirementClaim(sentence: string, patterns: readonly ClaimPatterns[]): { start: number; end: number } | null {
  for (const { claim: claimed, reason: because } of patterns) {
    const claim = claimed.exec(sentence);
    if (claim) {
      const rest = sentence.slice(claim.index);
      // "make …" claims a duty only when it says what it makes: "a legal requirement", "mandatory".
      const made = /\bmakes?\s*$/i.test(claim[0]);
      const requirement = made ? /\b(?:a\s+)?(?:legal|statutory)\s+requirement|\bmandatory\b|\bcompulsory\b/i.exec(rest) : null;
      const interval = made && !requirement ? undefined : quantitiesIn(rest).find((quantity) => quantity.kind === 'interval');
      const end = Math.max(interval?.end ?? 0, requirement ? requirement.index + requirement[0].length : 0);
      if (interval) return { start: claim.index, end: claim.index + end };
    }
    const reason = because.exec(sentence);
    if (!reason) continue;
    const rest = sentence.slice(reason.index);
    const duty = /\b(?:must|shall|(?:is|are)\s+required\s+to)\b/i.exec(rest);
    const interval = duty ? quantitiesIn(rest.slice(duty.index)).find((quantity) => quantity.kind === 'interval') : undefined;
    if (duty && interval) return { start: reason.index, end: reason.index + duty.index + interval.end };
  }
  return null;
}

/** A name with the verbs that claim it sets something, and the words that give it as a duty's reason. */
interface ClaimPatterns {
  claim: RegExp;
  reason: RegExp;
}

function claimPatterns(names: readonly string[]): ClaimPatterns[] {
  return names.map((name) => {
    const said = literal(name);
    return {
      claim: new RegExp(`(?:\\bthe\\s+)?${said}\\s+(?:require|requires|mandate|mandates|specify|specifies|sets?|makes?)\\b`, 'i'),
      reason: new RegExp(`\\b(?:to\\s+(?:meet|comply\\s+with|satisfy)|as\\s+required\\s+by)\\s+(?:the\\s+)?${said}\\b`, 'i'),
    };
  });
}

function draft(
  element: PolicyElement,
  start: number,
  end: number,
  document: LibraryDocument,
  source: Passage,
  kind: 'interval' | 'exemption' | 'status',
): ReviewFindingDraft {
  return factualError(element, { start, end }, { document, element: source.element }, () => ({
    severity: kind === 'exemption' ? 'high' : 'medium',
    expected: `${source.sentence} (${document.code})`,
    explanation: {
      interval: `The policy presents a fixed interval as a requirement of ${document.code}, which sets none: "${source.sentence}."`,
      exemption: `${document.code} applies to existing systems whatever their age: "${source.sentence}."`,
      status: `The policy presents ${named(document.code)} as law, but the library says otherwise: "${source.sentence}." The legal duties, and the offences, come from the Acts and Regulations it supports.`,
    }[kind],
    suggestion: {
      interval: `Present the interval as the Trust's own risk-based decision, not as a requirement of ${document.code}.`,
      exemption: `Remove the exemption: existing systems are managed to ${document.code}.`,
      status: `Describe ${document.code} as what it is (guidance, a standard or a code of practice), and name the law whose duties it helps to meet.`,
    }[kind],
  }));
}

/** A guidance series named in the plural ("HTMs", "HBNs"): the letters of the document's code before its number. */
function seriesOf(document: LibraryDocument): string[] {
  const series = /^([A-Z]{2,})\s?\d/.exec(document.code)?.[1];
  return series ? [`${series}s`] : [];
}

function passage(document: LibraryDocument, pattern: RegExp): Passage | null {
  for (const element of document.elements) {
    if (element.type !== 'paragraph') continue;
    // Emphasis ("do **not** set fixed intervals") is read as plain words.
    const found = sentences(element.text.replace(/\*+/g, '')).find(({ text }) => pattern.test(text) && !ABOUT_SUMMARY.test(text));
    if (found) return { sentence: found.text.replace(/[\s:;,]+$/, ''), element };
  }
  return null;
}

/** How a policy names a document: its code or title, with or without the year. */
function namesOf(document: LibraryDocument): string[] {
  const withoutYear = (name: string) => name.replace(/\s+(?:\(\d{4}\)|\d{4})$/, '');
  const title = shortTitle(document.title);
  const names = [document.code, withoutYear(document.code), title, withoutYear(title)];
  return [...new Set(names)].filter((name) => /[A-Z]{2}|\s/.test(name) && name.length >= 4).sort((a, b) => b.length - a.length);
}
