import { factualError } from './requirements-text.ts';
/**
 * Counts of a named set: "three hazard bands", "five inspection grades". When the library states
 * how many members a set has, under the same words each time, a policy that gives the same set
 * another number is wrong. Sets named by two words or more are compared, or by one long word
 * ("nine characteristics"), and only where the policy speaks of the whole set (not "the two
 * highest hazard bands" or "the first three grades").
 */
import { NUMBER_WORDS } from './requirements-quantities.ts';
import type { LibraryDocument, LibraryElement, Policy, ReviewFindingDraft } from './types.ts';

interface CountMention {
  count: number;
  /** The number as written ("six", "6"). */
  written: string;
  name: string;
  start: number;
  end: number;
  /** The few characters before the number. */
  before: string;
}

export interface LibraryCount {
  count: number;
  written: string;
  /** The set's name as the library writes it ("hazard bands"). */
  name: string;
  document: LibraryDocument;
  element: LibraryElement;
}

const NUMBER = `(\\d{1,2}|${Object.keys(NUMBER_WORDS)
  .flatMap((word) => [word, `${word.charAt(0).toUpperCase()}${word.slice(1)}`])
  .join('|')})`;
/** A number and the set's name: two or three lower-case words, the last a plural ("three hazard bands"). */
const COUNTED = new RegExp(`\\b${NUMBER}\\s+((?:[a-z][a-z-]+\\s+){1,2}[a-z][a-z-]+(?:s|ia))\\b`, 'g');
/**
 * A number and a one-word name of six letters or more ("nine characteristics", "eight principles"):
 * counted only within the policy's own subject area, where the library counts that word one way.
 */
const COUNTED_ONE = new RegExp(`\\b${NUMBER}\\s+([a-z]{5,}(?:s|ia))\\b(?!\\s+[a-z][a-z-]+(?:s|ia)\\b)`, 'g');
/** Words that make a phrase something other than a set's name ("two or more sets", "one of the rooms"). */
const NOT_A_NAME = /\b(?:and|or|of|the|that|its|their|on|in|for|to|with|by|as|at)\b/;
/** Units counted rather than sets named: "three consecutive days" is a length of time, not a set. */
const UNITS = /\b(?:seconds|minutes|hours|days|weeks|months|years|times|metres|people|persons|members|staff)$/;
/** A number that is part of a code or a reference ("HTM 01-02", "Regulation 12 requires"). */
const CODE_BEFORE =
  /(?:[-–/.]|\b(?:regulations?|regs?|parts?|sections?|criteri(?:on|a)|schedules?|articles?|paragraphs?|chapters?|outcomes?|standards?))\s*$/i;

/** The counts of named sets a text states: each number of two or more with the set's name. */
function countsIn(text: string): CountMention[] {
  const found: CountMention[] = [];
  const matches = [...text.matchAll(COUNTED)];
  const taken = (index: number) => matches.some((match) => match.index <= index && index < match.index + match[0].length);
  for (const one of text.matchAll(COUNTED_ONE)) if (!taken(one.index)) matches.push(one);
  for (const match of matches) {
    const number = match[1] as string;
    const name = (match[2] as string).replace(/\s+/g, ' ');
    const before = text.slice(Math.max(0, match.index - 20), match.index);
    const count = numberValue(number);
    if (count < 2 || /^0\d/.test(number) || NOT_A_NAME.test(name) || UNITS.test(name) || CODE_BEFORE.test(before)) continue;
    found.push({ count, written: number.toLowerCase(), name, start: match.index, end: match.index + match[0].length, before });
  }
  return found;
}

/** Words before a number that pick out some members of a set, not the whole set ("the first three"). */
const SOME_OF =
  /\b(?:top|first|last|other|remaining|these|those|both|all|further|additional|extra|new|more|fewer|than|least|most|to|over|under|about|around|its|their|our|each|every|per)\s+$/i;

/**
 * A number of a set's members taken as a sample, not the size of the set: "choosing five quality
 * statements at random", "audits three wards", "a sample of ten records".
 */
const SAMPLED_BEFORE =
  /\b(?:choos(?:e|es|ing)|select(?:s|ing)?|pick(?:s|ing)?|sampl(?:e|es|ing)(?:\s+of)?|audit(?:s|ing)?|test(?:s|ing)?|check(?:s|ing)?)\s+$/i;
const SAMPLED_AFTER = /^\s+(?:(?:are|is)\s+)?(?:at\s+random|chosen|selected|picked|sampled)\b/i;
/** How far after a count the words that make it a sample are read. */
const SAMPLED_REACH = 30;

/** Policy counts of a set that the library numbers differently. */
export function countFindings(policy: Policy, documents: LibraryDocument[]): ReviewFindingDraft[] {
  const known = libraryCounts(documents);
  const findings: ReviewFindingDraft[] = [];
  for (const element of policy.elements) {
    for (const { count, written, name, start, end, before } of countsIn(element.text)) {
      const source = known.get(name);
      // In a policy "the four …" may be some of the set the policy has just named.
      if (!source || count === source.count || SOME_OF.test(before) || /\bthe\s+$/i.test(before)) continue;
      if (SAMPLED_BEFORE.test(before) || SAMPLED_AFTER.test(element.text.slice(end, end + SAMPLED_REACH))) continue;
      const code = source.document.code;
      findings.push(
        factualError(element, { start, end }, source, () => ({
          expected: `${source.written} ${name} (${code})`,
          explanation: `The policy says there are ${written} ${name}, but ${code} sets out ${source.written}.`,
          suggestion: `Change the number to ${source.written}, as ${code} sets out, and check that the policy covers each of them.`,
        })),
      );
    }
  }
  return findings;
}

/** The sets the library counts, each under one name with one number; a name counted two ways is dropped. */
export function libraryCounts(documents: LibraryDocument[]): Map<string, LibraryCount> {
  const counts = new Map<string, LibraryCount | null>();
  for (const document of documents) {
    for (const element of document.elements) {
      for (const { count, written, name, before } of countsIn(element.text)) {
        if (SOME_OF.test(before)) continue;
        const seen = counts.get(name);
        if (seen === undefined) counts.set(name, { count, written, name, document, element });
        else if (seen !== null && seen.count !== count) counts.set(name, null);
      }
    }
  }
  return new Map([...counts].filter((entry): entry is [string, LibraryCount] => entry[1] !== null));
}

function numberValue(text: string): number {
  return NUMBER_WORDS[text.toLowerCase()] ?? Number(text);
}
