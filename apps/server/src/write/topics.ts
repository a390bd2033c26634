/**
 * Topic segmentation: a meeting's transcript becomes the topics its minutes discuss, each with a
 * short title and a few sentences of what was said.
 *
 * Where topics start, strongest first:
 * - "any other business";
 * - agenda words anyone says: "moving on to …", "next item", "item three", "first item, …",
 *   "let's go straight into …", "let's start with …", "which brings us to …";
 * - a question that turns to a subject: "Anyway. Marketing site, where are we?", "What about the
 *   rota?", "Over to Sam for the budget.";
 * - the chair handing over a subject: a sentence that is only a subject ("OK. Catering. Ravi?",
 *   "Right, parking permits.", "Laundry, Mo.", "Next, the rota.") or "Ravi, you had the
 *   complaint". The chair is whoever hands over most. A subject counts when the talk after it takes
 *   it up and the talk before it had not already (a recap is not a new topic);
 * - an item of someone's report: "Second thing, the backlog.";
 * - where the words change (lexical cohesion over a window of lines either side): when the cues
 *   give fewer topics than the meeting's length needs (two from about 900 words, three from
 *   about 2,700), and, in a meeting with hardly any cues, wherever the change is sharp.
 * Of two cues a few lines apart the stronger stays; a meeting has at most eight topics, and a
 * topic of a few words joins the one before. Opening business (greetings, apologies, the last
 * minutes) and the goodbyes are not topics; talk between the opening business and the first cue
 * is one when there is enough of it (less in a short meeting).
 *
 * A topic's title is the subject named when there was one ("Catering"), widened to the phrase
 * the discussion used most when it is a single word ("Catering contract"); otherwise the phrase the
 * topic says most that the rest of the meeting does not. Its points are its most informative
 * sentences, cleaned into sentences minutes can carry (topics-sentences.ts).
 */
import type { TranscriptLine, WriteTopic } from '@verity/shared';
import { partsOfSpeech } from '../core/language/tagger.ts';
import { stem, wordsOf } from '../core/library/references-words.ts';
import { isPersonal, minuteSentence, NOT_SUBJECT_WORDS, speakerWords, splitSentences, subjectStems } from './topics-sentences.ts';

const MAX_TOPICS = 8;
/** Topics found only by a change of words are at least this long. */
const WORDS_PER_TOPIC = 250;
/** A topic found by an agenda cue is kept from this many words; a shorter one joins the topic before. */
const MIN_TOPIC_WORDS = 40;
/** A change of words this many spreads above the usual starts a topic even when none is needed. */
const SHARP_CHANGE = 1.5;
const WORDS_PER_REQUIRED_TOPIC = 900;
const MIN_REQUIRED_TOPICS = 3;
const WINDOW_LINES = 6;
/** About how many subject words after a subject is named must say it again, and before it may not have. */
const WINDOW_WORDS = 50;
const TITLE_MAX_WORDS = 6;
/** How many titles' readings are remembered before the memory is cleared. */
const NOUN_TITLES_KEPT = 2000;
/** How many of a topic's best phrases may title it before it is called "Discussion". */
const TITLE_CANDIDATES = 20;
/** How often a phrase must be said to widen a one-word subject into a title. */
const WIDER_TITLE_USES = 3;
/** Talk between the opening business and the first agenda cue is a topic from this many words. */
const PREAMBLE_TOPIC_WORDS = 150;
/** In a short meeting, that talk is a topic when it is this share of the meeting (and not a few words). */
const PREAMBLE_SHARE = 0.2;
const POINTS_MAX = 4;
const WORDS_PER_POINT = 200;
const POINT_MAX_WORDS = 45;
/** Clauses of unpunctuated speech are joined into points of up to this many words. */
const CLAUSE_WORDS_JOINED = 30;

/** Strength of a topic cue: "any other business", an agenda word, the chair's hand-over, an item of someone's report. */
const OTHER_BUSINESS_STRENGTH = 4;
const AGENDA = 3;
const HANDOVER = 2;
const REPORT_ITEM = 1;

interface Cue {
  index: number;
  strength: number;
  /** The subject it names ("the budget"), when it names one. */
  subject: string | null;
  /** Apologies, the last minutes, matters arising: business before the topics. */
  opening: boolean;
}

interface Segment {
  start: number;
  end: number;
  cue: Cue | null;
}

/** The meeting's topics in the order they were discussed. */
export function segmentTopics(lines: readonly TranscriptLine[]): WriteTopic[] {
  if (lines.length === 0) return [];
  const names = speakerWords(lines);
  const stems = lines.map((line) => subjectStems(line.text, names));
  const totalWords = lines.reduce((sum, line) => sum + wordsOf(line.text).length, 0);
  const cues = findCues(lines, names, stems);
  const depths = lexicalDepths(stems);
  const segments = chooseSegments(lines, cues, depths, totalWords);
  const idf = inverseSegmentFrequency(segments.map((segment) => stems.slice(segment.start, segment.end).flat()));
  const casing = wordCasing(lines);
  const topics = segments.map((segment) => {
    const scope = lines.slice(segment.start, segment.end);
    return {
      title: titleOf(segment, scope, names, idf, casing),
      points: pointsOf(scope, segment.cue, names, idf),
      from_line: (scope[0] as TranscriptLine).n,
      to_line: (scope.at(-1) as TranscriptLine).n,
    };
  });
  return distinctTitles(topics);
}

// ---------------------------------------------------------------------------------------------
// Cues

const NOUN_PHRASE = '(?<np>[^.?!,;:—–]*)';
const AGENDA_PATTERNS = [
  new RegExp(String.raw`\bmoving on\b(?:\s+(?:now\s+)?(?:to|onto)\s+${NOUN_PHRASE})?`, 'i'),
  new RegExp(
    String.raw`\b(?:let's|let us|shall we|we'll|we should|can we)\s+move on\b(?:\s+(?:now\s+)?(?:to|onto)\s+${NOUN_PHRASE})?`,
    'i',
  ),
  new RegExp(String.raw`\bmove on\s+(?:now\s+)?(?:to|onto)\s+${NOUN_PHRASE}`, 'i'),
  new RegExp(String.raw`\b(?:turning|(?:let's|let us|shall we|we'll|can we|now) turn)\s+(?:now\s+)?to\s+${NOUN_PHRASE}`, 'i'),
  new RegExp(
    String.raw`\b(?:let's|let us|shall we|we'll|can we|now)\s+(?:go|come|get|jump|head)\s+(?:straight\s+|quickly\s+|briefly\s+)?(?:on\s+)?(?:to|into|onto)\s+${NOUN_PHRASE}`,
    'i',
  ),
  new RegExp(String.raw`\b(?:let's|let us|shall we|we'll|I want to|I'd like to)\s+(?:start|begin|kick off)\s+with\s+${NOUN_PHRASE}`, 'i'),
  new RegExp(
    String.raw`\b(?:next|first|second|third|final|last|your|his|her|their)\s+(?:item|topic|agenda item)\b(?:\s+is)?[,:]?\s*${NOUN_PHRASE}`,
    'i',
  ),
  new RegExp(String.raw`\bnext (?:up|on the agenda)\b(?:\s+is)?[,:]?\s*${NOUN_PHRASE}`, 'i'),
  new RegExp(
    String.raw`\b(?:first|next|last|final) (?:thing|item|point) on the agenda\b(?:\s+(?:today\s+)?is)?[,:]?\s*${NOUN_PHRASE}`,
    'i',
  ),
  new RegExp(String.raw`\bitem\s+(?:number\s+)?(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b[,:]?\s*${NOUN_PHRASE}`, 'i'),
  new RegExp(String.raw`\bwhich brings (?:me|us) (?:on )?to\s+${NOUN_PHRASE}`, 'i'),
  new RegExp(String.raw`\bwhich is the (?:last|final|next) (?:thing|item|one)\b[,:]?\s*${NOUN_PHRASE}`, 'i'),
];
/**
 * Turning to a subject with a question: "Anyway. Marketing site, where are we?", "What about the
 * rota?", "Over to Sam for the budget." These name their subject or are no cue at all (a bare
 * "what about it?" is part of the discussion).
 */
const QUESTION_LEAD = String.raw`^(?:(?:so|and|ok|okay|right|anyway|now)\b[,.]?\s+)*`;
const SUBJECT_QUESTIONS = [
  new RegExp(String.raw`${QUESTION_LEAD}${NOUN_PHRASE},\s+where are we(?:\s+(?:on|with)\s+(?:that|it|this))?\s*\?`, 'i'),
  // With a lead-in only: a bare "What about the tabletop first?" suggests, it does not move on.
  new RegExp(String.raw`^(?:(?:so|and|ok|okay|right|anyway|now)\b[,.]?\s+)+(?:what|how) about\s+${NOUN_PHRASE}\?`, 'i'),
  new RegExp(String.raw`\bover to\s+[\p{Lu}][\p{L}'-]*(?:\s+\d{1,2})?\s+for\s+${NOUN_PHRASE}`, 'u'),
];
/** An item of someone's report: "Second thing, the backlog." "The second thing is signage." "Last thing." */
const REPORT_ITEM_PATTERN = new RegExp(
  String.raw`^(?:the\s+)?(?:first|second|third|fourth|next|last|final)\s+(?:thing|item|point|issue)\b(?:\s+is\b[,:]?|[,:]|\s*[.!]?$)\s*${NOUN_PHRASE}`,
  'i',
);
const OTHER_BUSINESS = /\b(?:[Aa]ny other business|AOB)\b/;
const OPENING_BUSINESS =
  /^(?:apologies|minutes (?:of|from) (?:the )?(?:last|previous)|(?:the )?minutes from|matters arising|(?:the )?action log|actions from (?:the )?last|introductions|welcome)\b/i;
/** "Ravi, you had the complaint." "Mo, you wanted to raise the rota?" */
const HANDED_SUBJECT = new RegExp(
  String.raw`^[\p{Lu}][\p{L}'-]+,\s+you(?:'ve| have)?\s+(?:had|got|have got|wanted to (?:raise|do|talk about|cover|update us on|bring)|were going to (?:update us on|talk about|cover))\s+${NOUN_PHRASE}`,
  'u',
);

/** A subject that only says it is an item of the agenda: "main item", "first thing", "last point". */
const AGENDA_WORDS = /^(?:(?:the|a)\s+)?(?:main|first|next|last|final|big|other)\s+(?:item|thing|point|issue|one)s?$/i;

/** Sentence openings before a handed-over subject: "Right, parking permits." "Next, the rota." */
const LEAD_IN = /^(?:(?:so|right|ok|okay|now|then|next|finally|lastly|and|anyway)\b[,.]?\s+)+/i;
/** Words that make a sentence more than a subject: pronouns, auxiliaries, common verbs, negation. */
const CLAUSE_WORDS = new Set(
  (
    "i you he she we they it me us them that that's it's there's here's this these those what who how why when where is are was were be been am " +
    'have has had do does did can could will would shall should may might must get got go going went want need think know see say said make ' +
    'take let not no never done sounds seems looks agreed approved noted action actions to with at by from if or but'
  ).split(' '),
);
/** Sentences that only acknowledge or greet. */
const COURTESY = new Set(
  'ok okay right good great fine lovely brilliant perfect excellent thanks thank you yes yeah no so well mm hmm ha ah oh fair enough noted cheers hello hi morning afternoon welcome sorry sure absolutely exactly indeed true super cool luck all everyone everybody timing sensible'.split(
    ' ',
  ),
);
const ARTICLES = new Set(['the', 'a', 'an']);
const NOT_SUBJECT = new Set(NOT_SUBJECT_WORDS);
/** "End of June", "the start of next week": when, not what. */
const DATE_PHRASE =
  /^(?:(?:the\s+)?(?:end|start|beginning|middle|mid|rest|first week|last week)\s+of\s+)?(?:the\s+)?(?:next\s+|this\s+|last\s+)?(?:january|february|march|april|may|june|july|august|september|october|november|december|week|month|year|quarter|term|monday|tuesday|wednesday|thursday|friday)\b/i;
/** A season or weekend alone ("last summer"), not a subject named after one ("the summer fete"). */
const SEASON = /^(?:(?:the|last|this|next)\s+)?(?:summer|winter|spring|autumn|weekend)$/i;
const PREPOSITIONS = new Set('of for in on at about with by to from into than as and or but if'.split(' '));
const NUMBER_WORD =
  /^(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)/i;

function findCues(lines: readonly TranscriptLine[], names: ReadonlySet<string>, stems: readonly string[][]): Cue[] {
  const agenda: Cue[] = [];
  const handovers: (Cue & { speaker: string | null })[] = [];
  lines.forEach((line, index) => {
    const sentences = splitSentences(line.text);
    if (sentences.some((sentence) => OTHER_BUSINESS.test(sentence))) {
      agenda.push({ index, strength: OTHER_BUSINESS_STRENGTH, subject: 'Any other business', opening: false });
      return;
    }
    for (const [k, sentence] of sentences.entries()) {
      const match = AGENDA_PATTERNS.map((pattern) => pattern.exec(sentence)).find((found) => found !== null);
      if (match) {
        // "Which is the last thing. The new booking form.": the subject may follow in the next sentence.
        const following = handedOver(sentences.slice(k + 1, k + 2), names);
        const subject = subjectOf(match.groups?.np ?? '', names) ?? (following && !following.opening ? following.subject : null);
        agenda.push({ index, strength: AGENDA, subject, opening: false });
        return;
      }
    }
    for (const sentence of sentences) {
      const asked = SUBJECT_QUESTIONS.map((pattern) => pattern.exec(sentence)).find((found) => found !== null);
      const subject = asked ? subjectOf(asked.groups?.np ?? '', names) : null;
      if (subject !== null) {
        agenda.push({ index, strength: AGENDA, subject, opening: false });
        return;
      }
    }
    const item = sentences.map((sentence) => REPORT_ITEM_PATTERN.exec(sentence)).find((found) => found !== null);
    if (item) {
      agenda.push({ index, strength: REPORT_ITEM, subject: subjectOf(item.groups?.np ?? '', names), opening: false });
      return;
    }
    const handed = handedOver(sentences, names);
    if (!handed) return;
    const speaker = line.speaker;
    if (handed.opening) {
      handovers.push({ index, strength: HANDOVER, subject: null, opening: true, speaker });
      return;
    }
    // A subject counts when it is said to be next or whose it is (the chair moving the meeting on needs
    // no more), or when the discussion takes it up
    // and it is new (one the lines before already discussed is a recap: "So, the parking permits.").
    const rest = subjectStems(sentences.slice(handed.sentence + 1).join(' '), names);
    const taken = handed.explicit || handed.next || takenUp(handed.subject, rest, stems.slice(index + 1), names);
    if (taken && (handed.next || !recap(handed.subject, stems.slice(0, index), names))) {
      handovers.push({ index, strength: handed.next ? AGENDA : HANDOVER, subject: handed.subject, opening: false, speaker });
    }
  });
  // The chair is whoever hands over most; hand-overs by anyone else are answers ("Ninety percent.").
  const counts = new Map<string | null, number>();
  for (const cue of [...handovers, ...agenda]) {
    const speaker = lines[cue.index]?.speaker ?? null;
    counts.set(speaker, (counts.get(speaker) ?? 0) + 1);
  }
  const chair = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const chaired = handovers.filter((cue) => cue.speaker !== null && cue.speaker === chair).map(({ speaker: _, ...cue }) => cue);
  // "Last thing." then "Signage.": the agenda word takes the subject handed over just after it.
  for (const cue of agenda) {
    const next = chaired.find((other) => other.subject !== null && other.index > cue.index && other.index <= cue.index + 2);
    if (cue.subject === null && next) cue.subject = next.subject;
  }
  return [...agenda, ...chaired].sort((a, b) => a.index - b.index);
}

interface Handed {
  subject: string;
  opening: false;
  /** Said to be next ("Next, the rota."). */
  next: boolean;
  /** Handed to someone by name ("Laundry, Mo."; "Ravi, you had the complaint."). */
  explicit: boolean;
  /** Which of the line's sentences names it. */
  sentence: number;
}

/**
 * The subject a line hands over: a sentence that is only a subject ("Catering.", "Right, parking
 * permits.", "Laundry, Mo.", "Lifts, west wing.") or "Name, you had the complaint"; or
 * the business before the topics ("Apologies.", "Minutes of the last meeting").
 */
function handedOver(sentences: readonly string[], names: ReadonlySet<string>): Handed | { opening: true } | null {
  for (const [k, sentence] of sentences.entries()) {
    const bare = sentence.replace(/[.!…]+$/, '').trim();
    const lead = LEAD_IN.exec(bare)?.[0] ?? '';
    const body = bare.slice(lead.length);
    if (OPENING_BUSINESS.test(body)) return { opening: true };
    const handed = HANDED_SUBJECT.exec(bare);
    if (handed && isName(wordsOf(bare)[0]?.lower ?? '', names)) {
      const subject = subjectOf(handed.groups?.np ?? '', names);
      if (subject) return { subject, opening: false, next: false, explicit: true, sentence: k };
      continue;
    }
    if (bare.endsWith('?')) continue;
    const parts = body
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const subjects = parts.filter((part) => !wordsOf(part).every((word) => isName(word.lower, names) || COURTESY.has(word.lower)));
    if (subjects.length === 0 || subjects.length > 2) continue;
    // "Lifts, west wing" is titled "Lifts (west wing)".
    const subject = subjectOf(subjects[0] as string, names);
    const qualifier = subjects[1] === undefined ? null : subjectOf(subjects[1], names);
    // "Training, quickly." is training; "Lifts, west wing" is lifts in the west wing.
    if (subjects.length === 2 && !qualifier && !(subject && ADVERB_ALONE.test(subjects[1] as string))) continue;
    if (subject && wordsOf(subject).length + (qualifier ? wordsOf(qualifier).length : 0) <= 5) {
      // "Next, the rota.", "Then the incident.", "So, the annual assessments first.": the item after (or before) the others.
      const next = /\b(?:next|then|finally|lastly)\b/i.test(lead) || /\s+first$/i.test(parts[0] ?? '');
      // "Then the main item, formaldehyde.": the item is the qualifier, "main item" only says it is one.
      const titled = qualifier ? (AGENDA_WORDS.test(subject) ? qualifier : `${subject} (${qualifier})`) : subject;
      return { subject: titled, opening: false, next, explicit: subjects.length < parts.length, sentence: k };
    }
  }
  return null;
}

/** Lines' subject words, from the start (or the end), until about `budget` of them. */
function window(stems: readonly string[][], budget: number, fromEnd = false): string[][] {
  const taken: string[][] = [];
  let count = 0;
  for (const line of fromEnd ? [...stems].reverse() : stems) {
    if (count >= budget) break;
    taken.push(line);
    count += line.length;
  }
  return taken;
}

/** A subject already under discussion: in the words just before, all its words said (a one-word subject twice). */
function recap(subject: string, before: readonly string[][], names: ReadonlySet<string>): boolean {
  const words = subjectStems(subject, names);
  const said = window(before, WINDOW_WORDS, true).flat();
  if (words.length === 1) return said.filter((word) => word === words[0]).length >= 2;
  return words.every((word) => said.includes(word));
}

/** A subject the discussion takes up: one of its words comes up again in the rest of the line or the words after it. */
function takenUp(subject: string, rest: readonly string[], after: readonly string[][], names: ReadonlySet<string>): boolean {
  const words = new Set(subjectStems(subject, names));
  return [rest, ...window(after, WINDOW_WORDS)].some((line) => line.some((word) => words.has(word)));
}

/** A subject as said, without its article and trailing words ("the catering contract itself" → "catering contract"); null when it is not a noun phrase. */
function subjectOf(phrase: string, names: ReadonlySet<string>): string | null {
  if (/^(?:that|it|there|here|what|who|he|she|let|where|how)'s\b/i.test(phrase.trim())) return null;
  const text = phrase
    .trim()
    .replace(/^[\p{Lu}][\p{L}-]*'s\s+/u, '')
    .replace(/^(?:the|a|an|our|your|this|that|these|those|item \w+)\s+/i, '')
    .replace(/\s+(?:itself|then|now|first|please|quickly|today|again|as well|next|here)$/i, '')
    .trim();
  const words = wordsOf(text);
  if (words.length === 0 || words.length > TITLE_MAX_WORDS) return null;
  const lower = words.map((word) => word.lower);
  if (lower.some((word) => CLAUSE_WORDS.has(word)) || lower.every((word) => COURTESY.has(word) || isName(word, names))) return null;
  // A word cut off ("Although roles —"), a date ("end of June") or a word that is never a subject ("Goodness.") names no subject.
  if (
    /[—–]|\s-$/.test(phrase) ||
    DATE_PHRASE.test(text) ||
    SEASON.test(text) ||
    lower.some((word) => NOT_SUBJECT.has(word) || COURTESY.has(word)) ||
    new Set(lower).size < lower.length
  )
    return null;
  if (PREPOSITIONS.has(lower[0] as string) || NUMBER_WORD.test(text) || text.includes("'") || /n't\b/.test(text)) return null;
  // An article inside a subject follows a preposition ("review of the rota"); after anything else it starts a clause ("the board approves the plan").
  if (lower.some((word, i) => i > 0 && ARTICLES.has(word) && !PREPOSITIONS.has(lower[i - 1] as string))) return null;
  return subjectStems(text, names).length > 0 ? nounTitle(text) : null;
}

const nounTitles = new Map<string, string | null>();

/**
 * A title as a noun phrase, as a title must be: one ending on a noun ("eye doses", "Oak Lodge",
 * "ward seven"), a trailing adverb dropped ("slings generally" → "slings"); null for one ending on
 * an adjective, adverb or joining word or opening with a preposition ("strange", "always",
 * "yellow and", "volume up", "against car"). Read by the tagger in a sentence that asks for a noun
 * ("We talked about the …"), so that a word that can be either ("update", "hinge") reads as one; a
 * verb ending a compound ("risk register") is its noun, and a capitalised word inside the title is a name.
 */
function nounTitle(title: string): string | null {
  const words = wordsOf(title.replace(/\s*\([^)]*\)\s*$/, ''));
  const last = words.at(-1);
  if (last === undefined) return null;
  if ((words.length > 1 && /^\p{Lu}/u.test(last.text)) || /^\p{Lu}{2,}$/u.test(last.text)) return title;
  const key = title.toLowerCase();
  if (!nounTitles.has(key)) {
    if (nounTitles.size >= NOUN_TITLES_KEPT) nounTitles.clear();
    nounTitles.set(key, readAsNoun(title, words.length));
  }
  return nounTitles.get(key) ?? null;
}

function readAsNoun(title: string, length: number): string | null {
  const FRAME = 4;
  const tags = partsOfSpeech(`We talked about the ${title.replace(/\s*\([^)]*\)\s*$/, '').toLowerCase()}.`)
    .slice(FRAME, -1)
    .map((token) => token.tag);
  if (NOT_OPENING.has(tags[0] ?? '') || SPOKEN_OPENING.test(title)) return null;
  const end = tags.at(-1) ?? '';
  const last = title.split(/\s+/).at(-1)?.toLowerCase() ?? '';
  // A trailing adverb or past tense is not part of the subject: "slings generally", "patient survey came".
  if ((end === 'ADV' || (end === 'VERB' && PAST_TENSE.test(last))) && length > 1) {
    const shorter = title.replace(/\s+\S+$/, '');
    return readAsNoun(shorter, length - 1);
  }
  if (end === 'NOUN' || end === 'PROPN' || end === 'NUM') return title;
  // A verb read after a noun closes a compound ("risk register", "television set").
  return end === 'VERB' && tags.at(-2) === 'NOUN' && !PAST_TENSE.test(last) ? title : null;
}

/** A verb's past tense: regular, or one of the common irregular ones. */
const PAST_TENSE =
  /(?:[^e]ed|ied)$|^(?:came|went|said|got|took|made|gave|saw|was|were|had|did|told|found|left|began|brought|thought|ran|sent|kept|held|felt|became|wrote|spoke|broke|fell)$/;

/** Words of speech a title cannot open with, whatever the tagger reads them as ("like a modified banana"). */
const SPOKEN_OPENING = /^(?:like|just|so|well|really|kind of|sort of|basically|actually)\b/i;

/** A part said after a subject that only says how ("quickly", "briefly", "first"). */
const ADVERB_ALONE = /^(?:\p{L}+ly|first|then|now|again|next|too|as well)[.!]?$/iu;

/** What a noun phrase does not open with. */
const NOT_OPENING = new Set(['ADP', 'CCONJ', 'SCONJ', 'AUX', 'PART', 'PRON', 'INTJ']);

/** A word of a speaker's label, or its start ("Sam" for "Samantha"). */
function isName(word: string, names: ReadonlySet<string>): boolean {
  if (names.has(word)) return true;
  if (word.length < 3) return false;
  for (const name of names) if (name.length > word.length && name.startsWith(word)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// Where the words change

/** For each line, how sharply the words change just before it (0 for the first line). */
function lexicalDepths(stems: readonly string[][]): number[] {
  const similarity = stems.map((_, index) => {
    if (index === 0) return 1;
    return cosine(stems.slice(Math.max(0, index - WINDOW_LINES), index).flat(), stems.slice(index, index + WINDOW_LINES).flat());
  });
  return similarity.map((value, index) => {
    if (index === 0) return 0;
    let left = value;
    for (let k = index - 1; k >= 1 && (similarity[k] as number) >= left; k--) left = similarity[k] as number;
    let right = value;
    for (let k = index + 1; k < similarity.length && (similarity[k] as number) >= right; k++) right = similarity[k] as number;
    return left - value + (right - value);
  });
}

function cosine(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 0;
  const count = (words: readonly string[]) => {
    const map = new Map<string, number>();
    for (const word of words) map.set(word, (map.get(word) ?? 0) + 1);
    return map;
  };
  const left = count(a);
  const right = count(b);
  let dot = 0;
  for (const [word, n] of left) dot += n * (right.get(word) ?? 0);
  const norm = (map: Map<string, number>) => Math.sqrt([...map.values()].reduce((sum, n) => sum + n * n, 0));
  return dot / (norm(left) * norm(right));
}

// ---------------------------------------------------------------------------------------------
// Choosing the topics

function chooseSegments(lines: readonly TranscriptLine[], cues: readonly Cue[], depths: readonly number[], totalWords: number): Segment[] {
  const minLines = Math.max(3, Math.round(lines.length * 0.03));
  const minTopics = Math.max(1, Math.min(MIN_REQUIRED_TOPICS, Math.floor(totalWords / WORDS_PER_REQUIRED_TOPIC)));
  const lexicalTopics = Math.max(1, Math.min(MAX_TOPICS, Math.floor(totalWords / WORDS_PER_TOPIC)));
  const closing = closingStart(lines);

  // Cues far enough apart, the stronger kept where two are close.
  const kept: Cue[] = [];
  const ranked = [...cues].sort((a, b) => b.strength - a.strength || a.index - b.index);
  for (const cue of ranked) {
    if (cue.index >= closing) continue;
    if (kept.every((other) => Math.abs(other.index - cue.index) >= minLines)) kept.push(cue);
  }
  kept.sort((a, b) => a.index - b.index);

  // Opening business (greetings, apologies, the last minutes) is not a topic; the talk after it and
  // before the first agenda cue is one when there is enough of it ("as you all know, …").
  const firstTopic = kept.findIndex((cue) => !cue.opening);
  const topicCues = firstTopic < 0 ? [] : kept.slice(firstTopic);
  const firstIndex = topicCues[0]?.index ?? closing;
  const openingEnd = Math.max(0, ...cues.filter((cue) => cue.opening && cue.index < firstIndex).map((cue) => cue.index + 1));
  const preamble = lines.slice(openingEnd, firstIndex);
  const preambleWords = preamble.reduce((sum, line) => sum + wordsOf(line.text).length, 0);
  let boundaries: { index: number; cue: Cue | null }[] = topicCues.map((cue) => ({ index: cue.index, cue }));
  const preambleNeeded = Math.min(PREAMBLE_TOPIC_WORDS, Math.max(MIN_TOPIC_WORDS, totalWords * PREAMBLE_SHARE));
  if (preambleWords >= preambleNeeded || boundaries.length === 0) {
    const substantial = preamble.findIndex((line) => wordsOf(line.text).length >= 8);
    boundaries.unshift({ index: openingEnd + Math.max(0, substantial), cue: null });
  }
  const start = (boundaries[0] as { index: number }).index;

  // Too many: the weakest boundary (then the gentlest change of words) goes, its topic joining the one before.
  while (boundaries.length > MAX_TOPICS) {
    const weakest = boundaries
      .slice(1)
      .map((boundary, i) => ({ i: i + 1, strength: boundary.cue?.strength ?? 0, depth: depths[boundary.index] ?? 0 }))
      .sort((a, b) => a.strength - b.strength || a.depth - b.depth)[0] as { i: number };
    boundaries.splice(weakest.i, 1);
  }
  // Few agenda cues for the meeting's length: the sharpest changes of words start topics too, as
  // many as the meeting needs, then — in a meeting with hardly any agenda cues — any change well
  // above the usual, while topics stay long enough.
  const fewCues = boundaries.length < lexicalTopics / 2;
  const inside = depths.map((depth, index) => ({ depth, index })).filter((gap) => gap.index > start && gap.index < closing);
  const mean = inside.reduce((sum, gap) => sum + gap.depth, 0) / Math.max(1, inside.length);
  const spread = Math.sqrt(inside.reduce((sum, gap) => sum + (gap.depth - mean) ** 2, 0) / Math.max(1, inside.length));
  const wordsBefore = cumulativeWords(lines);
  const wordsBetween = (from: number, to: number) => (wordsBefore[to] as number) - (wordsBefore[from] as number);
  for (const gap of [...inside].sort((a, b) => b.depth - a.depth || a.index - b.index)) {
    const needed = boundaries.length < minTopics;
    const sharp = fewCues && gap.depth >= mean + SHARP_CHANGE * spread && boundaries.length < lexicalTopics;
    if (gap.depth <= 0 || !(needed || sharp)) continue;
    const before = [...boundaries].reverse().find((boundary) => boundary.index < gap.index)?.index ?? start;
    const after = boundaries.find((boundary) => boundary.index > gap.index)?.index ?? closing;
    if (gap.index - before < minLines || after - gap.index < minLines) continue;
    if (!needed && (wordsBetween(before, gap.index) < WORDS_PER_TOPIC || wordsBetween(gap.index, after) < WORDS_PER_TOPIC)) continue;
    boundaries = [...boundaries, { index: gap.index, cue: null }].sort((a, b) => a.index - b.index);
  }
  // A topic of a few words (an item raised and closed at once) joins the one before it.
  boundaries = boundaries.filter((boundary, i) => {
    const end = boundaries[i + 1]?.index ?? closing;
    return i === 0 || boundary.cue?.strength === OTHER_BUSINESS_STRENGTH || wordsBetween(boundary.index, end) >= MIN_TOPIC_WORDS;
  });
  return boundaries.map((boundary, i) => ({
    start: boundary.index,
    end: Math.max(boundary.index + 1, i + 1 < boundaries.length ? (boundaries[i + 1] as { index: number }).index : closing),
    cue: boundary.cue,
  }));
}

/** Words said before each line (and in all, at the end). */
function cumulativeWords(lines: readonly TranscriptLine[]): number[] {
  const totals = [0];
  for (const line of lines) totals.push((totals.at(-1) as number) + wordsOf(line.text).length);
  return totals;
}

/** Where the goodbyes begin: trailing short lines and those naming the next meeting or thanking everyone. */
function closingStart(lines: readonly TranscriptLine[]): number {
  let index = lines.length;
  const floor = Math.floor(lines.length * 0.9);
  while (index > Math.max(1, floor)) {
    const text = (lines[index - 1] as TranscriptLine).text;
    const farewell = /\bnext meeting(?: is|'s)\b|\bthanks?(?: you)?,? (?:everyone|everybody|all)\b|\bbye\b|\bcheers\b|\bsee you\b/i.test(
      text,
    );
    if (!farewell && wordsOf(text).length >= 8) break;
    index--;
  }
  return index;
}

// ---------------------------------------------------------------------------------------------
// Titles and points

function inverseSegmentFrequency(segments: readonly string[][]): (word: string) => number {
  const frequency = new Map<string, number>();
  for (const words of segments) for (const word of new Set(words)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  return (word) => Math.log(1 + segments.length / (frequency.get(word) ?? 1));
}

/** Whether a word is written with a capital inside sentences (a name or an acronym): kept so in titles. */
function wordCasing(lines: readonly TranscriptLine[]): Map<string, string> {
  const forms = new Map<string, Map<string, number>>();
  for (const line of lines) {
    for (const sentence of splitSentences(line.text)) {
      wordsOf(sentence).forEach((word, i) => {
        if (i === 0 || !/^\p{L}+$/u.test(word.text)) return;
        const counts = forms.get(word.lower) ?? new Map<string, number>();
        counts.set(word.text, (counts.get(word.text) ?? 0) + 1);
        forms.set(word.lower, counts);
      });
    }
  }
  const casing = new Map<string, string>();
  for (const [lower, counts] of forms) casing.set(lower, [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? lower);
  return casing;
}

interface Phrase {
  key: string;
  surface: string;
  count: number;
  score: number;
}

/** The topic's phrases of one to three subject words in a row, scored by use here and rarity elsewhere. */
function phrasesOf(scope: readonly TranscriptLine[], names: ReadonlySet<string>, idf: (word: string) => number): Phrase[] {
  const phrases = new Map<string, { surfaces: Map<string, number>; count: number; stems: string[] }>();
  for (const line of scope) {
    for (const sentence of splitSentences(line.text)) {
      const words = wordsOf(sentence);
      let run: { stem: string; text: string }[] = [];
      const flush = () => {
        for (let size = 1; size <= 3; size++) {
          for (let i = 0; i + size <= run.length; i++) {
            const piece = run.slice(i, i + size);
            const key = piece.map((word) => word.stem).join(' ');
            const entry = phrases.get(key) ?? { surfaces: new Map<string, number>(), count: 0, stems: piece.map((word) => word.stem) };
            const surface = piece.map((word) => word.text).join(' ');
            entry.surfaces.set(surface, (entry.surfaces.get(surface) ?? 0) + 1);
            entry.count++;
            phrases.set(key, entry);
          }
        }
        run = [];
      };
      for (const word of words) {
        const subject = subjectStems(word.text, names)[0];
        if (subject && (word.gap === '' || /^[\s-]+$/.test(word.gap) || run.length === 0)) run.push({ stem: subject, text: word.text });
        else {
          flush();
          if (subject) run.push({ stem: subject, text: word.text });
        }
      }
      flush();
    }
  }
  return [...phrases.entries()]
    .filter(([, entry]) => entry.stems.length === 1 || entry.count >= 2)
    .map(([key, entry]) => {
      const weight = entry.stems.reduce((sum, word) => sum + idf(word), 0) / entry.stems.length;
      const surface = [...entry.surfaces].sort((a, b) => b[1] - a[1])[0]?.[0] ?? key;
      return { key, surface, count: entry.count, score: entry.count * weight * (1 + 0.5 * (entry.stems.length - 1)) };
    })
    .sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
}

function titleOf(
  segment: Segment,
  scope: readonly TranscriptLine[],
  names: ReadonlySet<string>,
  idf: (word: string) => number,
  casing: ReadonlyMap<string, string>,
): string {
  const phrases = phrasesOf(scope, names, idf);
  const named = segment.cue?.subject;
  if (named) {
    if (wordsOf(named).length > 1 || named === 'Any other business') return capitalise(named);
    // One word ("Catering") widened to the phrase the discussion used most that has it ("catering contract").
    const word = stem(named.toLowerCase());
    const wider = phrases.find(
      (phrase) => phrase.count >= WIDER_TITLE_USES && phrase.key.split(' ').length > 1 && phrase.key.split(' ').includes(word),
    );
    return capitalise(wider ? asWritten(wider.surface, casing) : named);
  }
  // Phrases are read by the tagger lazily, best first, and only as far as a title can come from.
  const isTitle = (phrase: Phrase) => {
    const written = asWritten(phrase.surface, casing);
    return nounTitle(written) === written;
  };
  const best = phrases.slice(0, TITLE_CANDIDATES).find(isTitle);
  if (!best) return 'Discussion';
  const longer = phrases
    .slice(0, TITLE_CANDIDATES)
    .find((phrase) => phrase.score >= best.score * 0.6 && phrase.key.split(' ').length > 1 && isTitle(phrase));
  return capitalise(asWritten((longer ?? best).surface, casing));
}

function asWritten(phrase: string, casing: ReadonlyMap<string, string>): string {
  return phrase
    .split(' ')
    .map((word) => {
      const usual = casing.get(word.toLowerCase());
      return usual && usual !== usual.toLowerCase() ? usual : word.toLowerCase();
    })
    .join(' ');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The topic's most informative sentences (1 to 4, by its length), in the order said: sentences
 * whose subject words the topic uses often and the rest of the meeting rarely, agreements
 * favoured, speech addressed to someone or about oneself disfavoured, no two alike.
 */
function pointsOf(scope: readonly TranscriptLine[], cue: Cue | null, names: ReadonlySet<string>, idf: (word: string) => number): string[] {
  const words = scope.reduce((sum, line) => sum + wordsOf(line.text).length, 0);
  const wanted = Math.max(1, Math.min(POINTS_MAX, Math.round(words / WORDS_PER_POINT)));
  const frequency = new Map<string, number>();
  for (const line of scope) for (const word of subjectStems(line.text, names)) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const candidates: { order: number; text: string; stems: Set<string>; score: number }[] = [];
  scope.forEach((line, lineIndex) => {
    spokenSentences(line.text).forEach((said, sentenceIndex) => {
      const text = minuteSentence(said, line.speaker);
      if (!text || wordsOf(text).length > POINT_MAX_WORDS) return;
      const stems = new Set(subjectStems(text, names));
      if (stems.size < 2) return;
      let score =
        [...stems].reduce((sum, word) => sum + Math.log(1 + (frequency.get(word) ?? 0)) * idf(word), 0) / Math.sqrt(stems.size + 2);
      // What was agreed is worth a point; who does what is the actions table's.
      if (/\b(?:agreed|approved|decided|going with)\b/i.test(text)) score *= 1.3;
      if (/\baction on\b|\bcan you\b/i.test(text)) score *= 0.5;
      if (isPersonal(text)) score *= 0.6;
      if (cue && lineIndex === 0 && sentenceIndex === 0) score *= 0.5;
      candidates.push({ order: lineIndex * 1000 + sentenceIndex, text, stems, score });
    });
  });
  const chosen: typeof candidates = [];
  for (const candidate of [...candidates].sort((a, b) => b.score - a.score || a.order - b.order)) {
    if (chosen.length >= wanted) break;
    const alike = chosen.some((other) => overlap(candidate.stems, other.stems) >= 0.5);
    if (!alike) chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.order - b.order).map((candidate) => candidate.text);
}

/**
 * A line's sentences; speech transcribed without punctuation is cut into clauses instead (at
 * commas, or before "so", "but", "because", "and then"), up to a point's length each.
 */
function spokenSentences(text: string): string[] {
  if (/[.!?…]/.test(text)) return splitSentences(text);
  // Split with the separators kept (odd places), so joined clauses read as said.
  const pieces = text.split(/(,\s+|\s+(?=(?:so|but|because|and then|which means)\s))/i);
  const clauses: string[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = pieces[i] as string;
    const last = clauses.at(-1);
    if (last !== undefined && wordsOf(last).length + wordsOf(piece).length <= CLAUSE_WORDS_JOINED)
      clauses[clauses.length - 1] = `${last}${pieces[i - 1]}${piece}`;
    else clauses.push(piece);
  }
  return clauses;
}

function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  const shared = [...a].filter((word) => b.has(word)).length;
  return shared / Math.min(a.size, b.size);
}

/** Two topics with one title (a subject taken up again): the later one is marked as continued. */
function distinctTitles(topics: WriteTopic[]): WriteTopic[] {
  const seen = new Set<string>();
  return topics.map((topic) => {
    const key = topic.title.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      return topic;
    }
    const title = `${topic.title} (continued)`;
    seen.add(title.toLowerCase());
    return { ...topic, title };
  });
}
