import { stem } from './requirements-subjects.ts';
import { type LibrarySentence, proseSentences } from './requirements-text.ts';
import type { LibraryDocument, ReviewLibrary } from './types.ts';

/**
 * The duties whose failure the library makes an offence, each told as a duty ("Failure to send a
 * required notification is an offence that CQC can prosecute"), and the one a policy sentence
 * speaks of: the same verb, and a word of what it is done to that the library's sentence or its
 * document's title says too ("failing to send a notification is not an offence"; "Failing to
 * report a dangerous occurrence …" against RIDDOR's "failing to report a reportable event is a
 * criminal offence"). For a policy that denies the offence without naming the law.
 */

/** A library sentence making the failure of a duty an offence. */
const DUTY_OFFENCE =
  /\b(?:failure|failing)\s+to\s+([a-z]+)\b[^.;]{0,100}?\b(?:is|are)\s+(?:itself\s+|in\s+itself\s+)?(?:a\s+|an\s+)?(?:criminal\s+)?offence\b/i;
/** A denial in a library sentence before its offence. */
const DENIED = /\b(?:not|no|never)\b/i;
/** The duty a policy sentence speaks of failing: "failing to send a notification", "Failure to display the rating". */
const FAILED_DUTY = /\b(?:failure|failing|neglecting)\s+to\s+([a-z]+)\s+([^,;]+)/i;
/** The duty a policy sentence opens with, as its subject: "Displaying the rating is good practice …". */
const DUTY_SUBJECT = /^(?:however,\s+)?([a-z]{3,}ing)\s+([^,;]+?)\s+(?:is|are)\b/i;
/** Where the words for what the duty is done to end: the verb of the sentence. */
const OBJECT_END = /\s+(?:is|are|was|were|will|can|cannot|may|must|has|have)\b/i;

/** Words that say nothing of what a duty is about, and the words of the offence itself. */
const GENERIC = new Set(
  [
    'that this these those their there them they with within without from into onto under over about after before other every each such some',
    'which what when where while required requires only also than then failure failing comply criminal offence prosecute prosecution',
  ]
    .join(' ')
    .split(' '),
);

/** The words a text says about what a duty is done to, as the reviewer's other comparisons stem them ("occurrences", "occurrence"). */
const aboutWords = (text: string) =>
  (text.toLowerCase().match(/[a-z]+/g) ?? []).filter((word) => word.length >= 4 && !GENERIC.has(word)).map(stem);

interface DutyOffence extends LibrarySentence {
  document: LibraryDocument;
  /** The duty's verb, stemmed. */
  verb: string;
  words: ReadonlySet<string>;
  /** The clause that states the offence. */
  said: string;
}

/**
 * Verbs that say what is failed only with what follows them ("comply with the duty of care" is a
 * waste law's duty and a clinician's in negligence alike): a duty is matched by a verb of its own.
 * Stemmed, as verbs are compared ("displaying" and "display" alike).
 */
const GENERIC_VERBS = new Set(['comply', 'follow', 'meet', 'observe', 'adhere', 'act', 'do', 'have', 'be', 'take', 'ensure'].map(stem));

/**
 * The library's offence for the duty a denying policy sentence speaks of failing, or null: the first
 * current document's sentence with the same verb and a word in common.
 */
export function dutyOffence(text: string, library: ReviewLibrary): (LibrarySentence & { document: LibraryDocument; said: string }) | null {
  const failed = FAILED_DUTY.exec(text);
  const subject = failed ? null : DUTY_SUBJECT.exec(text.replace(/^\d+(?:\.\d+)*\.?\s+/, ''));
  const verb = stem(((failed ?? subject)?.[1] ?? '').toLowerCase());
  if (!verb || GENERIC_VERBS.has(verb)) return null;
  const object = ((failed ?? subject)?.[2] ?? '').split(OBJECT_END)[0] ?? '';
  const words = aboutWords(object);
  if (words.length === 0) return null;
  for (const offence of dutyOffences(library)) {
    if (verb === offence.verb && words.some((word) => offence.words.has(word))) return offence;
  }
  return null;
}

/** Every current document's sentences making a duty's failure an offence. Read once a library. */
function dutyOffences(library: ReviewLibrary): readonly DutyOffence[] {
  let found = offences.get(library);
  if (!found) {
    found = [];
    for (const document of library.documents) {
      if (document.status !== 'current') continue;
      for (const { element, sentence } of proseSentences(document)) {
        const match = DUTY_OFFENCE.exec(sentence);
        if (!match || DENIED.test(sentence.slice(0, match.index + match[0].length))) continue;
        // The clause that states the offence, as the policy's reader is shown it.
        const clause = sentence.split('; ').find((part) => DUTY_OFFENCE.test(part)) ?? sentence;
        const said = `${clause.charAt(0).toUpperCase()}${clause.slice(1)}`.replace(/[\s:;,]+$/, '');
        // What the duty is about is in the sentence or, for a law named after its duties, the title ("… Dangerous Occurrences Regulations").
        const words = new Set([...aboutWords(sentence), ...aboutWords(document.title)]);
        found.push({ document, element, sentence, said, verb: stem((match[1] ?? '').toLowerCase()), words });
      }
    }
    offences.set(library, found);
  }
  return found;
}

const offences = new WeakMap<ReviewLibrary, DutyOffence[]>();
