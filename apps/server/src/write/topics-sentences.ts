/**
 * Sentences of speech made fit for minutes, and the words that carry a meeting's subject. Shared
 * by topic segmentation (topics.ts) and the summary (summary.ts).
 */
import type { TranscriptLine } from '@verity/shared';
import { STOP_WORDS } from '../core/library/references-library.ts';
import { stem, wordsOf } from '../core/library/references-words.ts';

/**
 * Words that are never a subject however often they are said: backchannel and spoken forms
 * ("uh-huh", "mhm", "gonna"), interjections ("god", "goodness", "alright"), adverbs and
 * conjunctions ("although", "only", "over"), feelings ("glad") and quantifiers ("both"). A topic
 * is never named after one, nor is a sentence of one alone taken as a subject handed over.
 */
export const NOT_SUBJECT_WORDS = (
  'uh-huh mhm mmm mm-hmm hm huh yeah-yeah gonna wanna gotta dunno kinda sorta lemme ' +
  'god goodness gosh golly wow gee jeez hey alright aye nah ugh oops whoa ooh aha blimey crikey bless ' +
  'only also even still already yet though although however anyway anyhow anyways otherwise instead together apart ago away ' +
  'over under above below again once twice soon later early late almost nearly enough else rather fairly whatever ' +
  'glad happy sad afraid keen certain true false wrong correct ' +
  'both either neither each several various unless whereas while whilst since ' +
  'until till between within without across towards around through during beyond ' +
  'chair chairman chairwoman chairperson madam sir folks guys colleagues'
).split(' ');

/**
 * Words of conversation that say nothing about the subject: acknowledgements, hedges, pronouns,
 * auxiliaries, common verbs, number words and units. They never title a topic or make a sentence salient.
 */
const CONVERSATION_WORDS = new Set(
  [
    'yeah yes yep no nope ok okay right well so just really actually basically honestly literally anyway also still even',
    'think thought know knew mean meant guess suppose reckon say said says saying tell told ask asked talk talking',
    'get got gets getting go goes going gone went come comes coming came make made making take took taken put',
    'want wanted need needed like look looking see seen saw give given keep kept let lets try trying',
    'thing things bit lot lots stuff way kind sort one ones something anything everything nothing someone anyone everyone',
    'somebody anybody everybody people time times today now then there here back point fact case',
    'good great fine lovely brilliant perfect thanks thank sorry please cheers hello hi bye morning afternoon',
    'sure maybe probably perhaps quite pretty very much many more most less least few all any some every other another',
    'first last next new old same different whole own able half',
    'can could would should will shall may might must do does did done doing have has had having be is are was were been being am',
    'i you we they he she it me us them him her my our your their his its mine ours yours theirs myself ourselves',
    'this that these those what which who whom whose when where why how if because but and or not nor than too',
    "don't doesn't didn't can't won't isn't aren't wasn't weren't haven't hasn't couldn't wouldn't shouldn't",
    'zero oh two three four five six seven eight nine ten eleven twelve twenty thirty forty fifty hundred thousand',
    'thirteen fourteen fifteen sixteen seventeen eighteen nineteen sixty seventy eighty ninety million',
    'week weeks month months year years day days monday tuesday wednesday thursday friday saturday sunday',
    'percent cent per pound pounds pence minute minutes hour hours degree degrees',
    'january february march april may june july august september october november december',
    'mm hmm ha ah oh um uh er erm',
    ...NOT_SUBJECT_WORDS,
  ]
    .join(' ')
    .split(' ')
    .map(stem),
);

/** The stems of a text's subject words: no stop words, conversation words, numbers or the `excluded` (speakers' names). */
export function subjectStems(text: string, excluded: ReadonlySet<string> = new Set()): string[] {
  return (
    wordsOf(text)
      // Two letters are a subject only as an abbreviation ("AE", "IT"), not a word cut short ("ex").
      .filter((word) => /^\p{L}{3,}$/u.test(word.text) || /^\p{Lu}{2}$/u.test(word.text))
      .map((word) => stem(word.lower))
      .filter((word) => !STOP_WORDS.has(word) && !CONVERSATION_WORDS.has(word) && !excluded.has(word))
  );
}

/** Every word of the speakers' labels ("Leah Byrne" → leah, byrne), which never name a subject. */
export function speakerWords(lines: readonly TranscriptLine[]): Set<string> {
  const words = new Set<string>();
  for (const line of lines) for (const word of wordsOf(line.speaker ?? '')) words.add(stem(word.lower));
  return words;
}

const ABBREVIATIONS = /\b(?:Dr|Mr|Mrs|Ms|Prof|St|No|vs|etc|e\.g|i\.e|approx)\.$/i;

/** A line's sentences, split after . ! ? or … before a capital, a digit or a quote (not after "Dr." or "e.g."). */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(/[.!?…]+["”’)]?\s+(?=["“‘(]?[\p{Lu}\d])/gu)) {
    const end = match.index + match[0].trimEnd().length;
    const piece = text.slice(start, end);
    if (ABBREVIATIONS.test(piece)) continue;
    sentences.push(piece.trim());
    start = match.index + match[0].length;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences.filter((sentence) => sentence !== '');
}

/** Openings of speech that minutes leave out: "So,", "Yeah, no,", "I mean,", "To be honest,". */
const OPENING =
  /^(?:(?:so|yeah|yes|yep|no|ok|okay|right|well|and|but|then|look|honestly|actually|basically|anyway|oh|ah|good|great|fine|lovely|sure|thanks|thank you|i mean|you know|to be honest|to be fair|in fact|just to say|mind you|of course|that's (?:helpful|fair|great|good|right|true|useful))\b[,.!]?\s+|(?:one|two|three|first|firstly|second|secondly|third|thirdly|finally),\s+)+/i;
/** "Agreed, the clinic stays open." → "It was agreed that the clinic stays open." */
const AGREED = /^(?:agreed|we agree|we're agreed|we are agreed)[,:]\s+/i;
/** "… agreed that we'll order a new trolley": the group's own plan, which minutes write "… agreed to order a new trolley". */
const AGREED_WE_WILL = /\bagreed that we(?:'ll| will|'re going to| are going to| shall)\s+/gi;
/** Words that start a fragment of a sentence, not a sentence. */
const FRAGMENT = /^(?:to|which|because|whether|including|except|unless|than|as well)\b/i;
/** Asides inside speech: ", you know,", ", I mean,", "sort of", ", like,". */
const ASIDES =
  /,\s*(?:you know|i mean|like|sort of|kind of|to be honest|to be fair|if you like|as it were|let's say|basically|honestly|actually)\s*(?:,|(?=[.!?…]|$))|\b(?:sort of|kind of)\s+/gi;

/** Subject forms of "I" that read in the third person with the speaker's name ("I'll" → "Leah will"). */
const FIRST_PERSON: [RegExp, string][] = [
  [/^I'll\b/, 'will'],
  [/^I will\b/, 'will'],
  [/^I've\b/, 'has'],
  [/^I have\b/, 'has'],
  [/^I'm\b/, 'is'],
  [/^I am\b/, 'is'],
  [/^I'd\b/, 'would'],
  [/^I (can|could|would|should|must|might|may|was|did|had|also|already|still|just)\b/, '$1'],
  [/^I (need|want|think|know|believe|agree|expect|hope|suggest|propose|feel|see)\b/, '$1s'],
  [/^I (\w+ed)\b/, '$1'],
];
const FIRST_PERSON_LEFT = /\bI\b|\b(?:me|my|mine|myself)\b/i;

/**
 * A spoken sentence as minutes write it, or null when it does not read as one: openings and asides
 * removed, the first letter a capital, a full stop at the end; "I" as the subject becomes the
 * speaker ("I'll send it" → "Leah will send it") when no other "I", "me" or "my" remains — when
 * one does, the sentence stays as said; "Agreed, X" becomes "It was agreed that X" ("… that we'll X": "… to X"). Questions,
 * speech an interruption cut or restarted, fragments ("To check the pump …") and sentences of fewer
 * than `minWords` words are not sentences here.
 */
export function minuteSentence(sentence: string, speaker: string | null, minWords = 6): string | null {
  let text = sentence.trim();
  // Questions, and speech an interruption cut or restarted ("We had – the pump on level two …").
  if (/\?\s*$/.test(text) || /[—–-]\s*$/.test(text) || /\s[—–]\s|^[—–]/.test(text)) return null;
  text = text
    .replace(OPENING, '')
    .replace(ASIDES, '')
    .replace(/\s+,/g, ',')
    .replace(/\s{2,}/g, ' ')
    .trim();
  if (!/^[\p{L}\d"“‘]/u.test(text) || FRAGMENT.test(text)) return null;
  if (AGREED.test(text)) text = `It was agreed that ${lowerFirst(text.replace(AGREED, ''))}`;
  text = text.replace(AGREED_WE_WILL, 'agreed to ');
  if (speaker && /^I\b/.test(text)) {
    const pattern = FIRST_PERSON.find(([form]) => form.test(text));
    if (pattern) {
      const converted = text.replace(pattern[0], `${speaker.replace(/\$/g, '$$$$')} ${pattern[1]}`);
      if (!FIRST_PERSON_LEFT.test(converted.slice(speaker.length))) text = converted;
    }
  }
  text = text.replace(/[,;:]\s*$/, '');
  if (!/[.!…]$/.test(text)) text = `${text}.`;
  text = text.charAt(0).toUpperCase() + text.slice(1);
  return wordsOf(text).filter((word) => /\p{L}/u.test(word.text)).length >= minWords ? text : null;
}

/** The first letter in lower case, unless the first word is an acronym or "I" ("PPE checks" stays). */
export function lowerFirst(text: string): string {
  const first = /^\p{L}+/u.exec(text)?.[0] ?? '';
  return first.length > 1 && first.slice(1) === first.slice(1).toLowerCase() && first !== 'I'
    ? text.charAt(0).toLowerCase() + text.slice(1)
    : text;
}

/** Whether a sentence still speaks in the first person singular or to "you" (it reads as quoted speech). */
export function isPersonal(sentence: string): boolean {
  return FIRST_PERSON_LEFT.test(sentence) || /\byou(?:'re|'ve|'ll|'d)?\b/i.test(sentence);
}
