/**
 * Regulatory reference detection: which library documents a meeting discussed, however they were
 * said — written codes ("HTM 04-01", "HSG274 Part 2"), spoken codes ("oh-four-oh-one Part C",
 * "HSG two-seven-four, part two", "the L8", "reg twenty A"), acronyms ("COSHH", "LOLER"), titles
 * and the short names of legislation ("the Fire Safety Order", "the management regulations"),
 * and "the HBN on sanitary assemblies". Everything it knows comes from the library's codes and
 * titles (references-library.ts).
 *
 * How a mention becomes a document:
 * - A part names that part when the library holds it separately, else the document it belongs to
 *   ("HSG274 Part 2" → HSG274); a part the library lacks of a code it holds in parts names nothing.
 * - A year said with it ("the 2006 edition of oh-six-oh-two", "COMAH 2015") picks that edition;
 *   "the old X" the superseded one; otherwise the current edition.
 * - Digits said without a series ("oh-four-oh-one") may fit several series: the part said, a
 *   series named just before, the series the meeting names most, then the largest series decide.
 * - A code the library holds only in parts ("oh-three-oh-one") names the part the meeting names
 *   nearest, or every current part when the meeting names none; "Part A" said alone names that
 *   part of the code with parts named nearest before it (after it when none was).
 * - Regulation numbers said alone ("complaints and governance, sixteen and seventeen") count only in a
 *   meeting that names numbered regulations, and only when the sentence says a word of that
 *   regulation's title that no other regulation's title has.
 *
 * Kept out: a bare "reg" or "part two", "regulation 4 of …" (another instrument's regulation),
 * digits after "room", "extension" and the like, two-digit strings ("oh-two"), three-letter
 * acronyms not written in capitals ("car park" is not CAR).
 */
import type { TranscriptLine, WriteReference } from '@verity/shared';
import {
  type Anchor,
  cleanTitle,
  contentStems,
  type Entry,
  indexLibrary,
  type LibraryIndex,
  type Phrase,
  STOP_WORDS,
  stemsOf,
} from './references-library.ts';
import { endsSentence, readCardinal, readDigitRun, readShortYear, readYear, stem, type Word, wordsOf } from './references-words.ts';
import type { LibraryCode } from './load.ts';

const MENTIONS_KEPT = 5;
const SERIES_ALIASES: Record<string, string> = { regulation: 'reg', regulations: 'reg', regs: 'reg' };
const EDITION_WORDS = new Set(['edition', 'version', 'issue', 'revision']);
/** Nouns that name an edition when said with its year ("the 2000 one"). */
const EDITION_NOUNS = new Set(['one', 'edition', 'version', 'issue', 'revision', 'original']);
/** Words said between "the" and an edition's year ("L113, the original 1998 one"). */
const EDITION_ADJECTIVES = new Set(['original', 'first', 'old', 'older', 'earlier', 'previous']);
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};
const OLD_WORDS = new Set(['old', 'older', 'previous', 'former', 'superseded', 'outdated', 'withdrawn', 'earlier']);
/** Words after which a string of digits is a room, a telephone or a job, not a document. */
const NUMBER_CONTEXT = new Set(
  'room rooms extension ext bleep phone number no ticket job order pin flat bed bay ward unit line page code call dial account'.split(' '),
);
const TOPIC_WORDS = new Set(['on', 'about', 'for', 'covering']);
/** How many words from a regulation number said alone its subject may be. */
const SUBJECT_REACH = 8;

interface Query {
  part: string | null;
  year: number | null;
  /** The edition said by its number ("third edition"). */
  ordinal: number | null;
  old: boolean;
}

/** A stretch of a line that names a document, before it is resolved to one. */
interface Found {
  line: number;
  start: number;
  said: string;
  /** The families it may name: one, or several when digits were said without a series. */
  options: Anchor[] | Entry[][];
  query: Query;
  /** Series words said shortly before it in the line (for digits said without one). */
  seriesBefore: Set<string>;
  /** A part said alone: resolved against the codes named around it. */
  barePart?: boolean;
}

interface Resolved {
  line: number;
  start: number;
  said: string;
  entries: Entry[];
}

/** The library documents the meeting discussed, in the order they were first mentioned. */
export function detectReferences(lines: readonly TranscriptLine[], library: readonly LibraryCode[]): WriteReference[] {
  const index = indexLibrary(library);
  const found: Found[] = [];
  const numbersBySentence: NumberedSentence[] = [];
  // Appended one by one: a spread of a long list as arguments overflows the stack.
  for (const line of lines) {
    const scan = scanLine(line, index);
    for (const mention of scan.found) found.push(mention);
    for (const sentence of scan.sentences) numbersBySentence.push(sentence);
  }
  const resolved = resolveAll(found, index);
  for (const regulation of regulationsBySubject(numbersBySentence, resolved, index)) resolved.push(regulation);
  return references(resolved, index);
}

// ---------------------------------------------------------------------------------------------
// Reading a line

function scanLine(line: TranscriptLine, index: LibraryIndex) {
  const words = wordsOf(line.text);
  // A line transcribed all in lower case gives no capitals to tell "l8" or "coshh" from words.
  const caseless = !/\p{Lu}/u.test(line.text);
  const found: Found[] = [];
  const used = new Array<boolean>(words.length).fill(false);
  let i = 0;
  const take = (match: Match) => {
    const mention = toFound(line, words, match, index);
    found.push(mention.found);
    for (let k = mention.from; k < mention.next; k++) used[k] = true;
    return mention.next;
  };
  while (i < words.length) {
    const best = [
      matchAnchor(words, i, index, caseless),
      matchTopic(words, i, index),
      matchTopicBefore(words, i, index),
      matchDigits(words, i, index),
      matchAcronym(words, i, index, caseless),
      matchPhrase(words, i, index),
      matchShortenedName(words, i, index),
      matchSubjectAndKind(words, i, index),
      matchYearAndKind(words, i, index),
    ]
      .filter((match): match is Match => match !== null)
      .sort((a, b) => b.next - a.next)[0];
    if (!best) {
      i++;
      continue;
    }
    i = take(best);
    for (const more of best.more ?? []) i = Math.max(i, take(more));
  }
  for (let k = 0; k < words.length; k++) {
    const part = used[k] ? null : readBarePart(words, k);
    if (part) take({ from: k, next: part.next, options: [], part: part.part, bare: true });
  }
  // The mentions read so far in the line's order: the ones before a word are found by a pointer.
  const mentions = found.slice().sort((a, b) => a.start - b.start);
  let before = 0;
  for (let k = 0; k < words.length; k++) {
    while (before < mentions.length && (mentions[before]?.start ?? 0) < (words[k]?.start ?? 0)) before++;
    const edition = used[k] ? null : laterEdition(words, k, mentions.slice(Math.max(0, before - EDITION_LOOKBACK), before), index);
    if (edition) take(edition);
  }
  return { found, sentences: sentencesWithNumbers(line.n, words, used) };
}

/** How many mentions before an edition said by its number alone are tried for its document. */
const EDITION_LOOKBACK = 3;
/** Words after an ordinal that make it an edition said alone ("and the sixth came out in 2013"). */
const EDITION_SAID = /^(?:edition|came|was|is|has|had|arrived|appeared|published|issued)$/;

/**
 * "There's been a fourth edition since 2014", "and the sixth came out in 2013": an edition said by
 * its number alone, after a mention of its document in the same line. Of the last few mentions
 * before it (`found`, at most EDITION_LOOKBACK), the latest whose lineage has an edition of that
 * number names it.
 */
function laterEdition(words: readonly Word[], k: number, found: readonly Found[], index: LibraryIndex): Match | null {
  const ordinal = ORDINAL_WORDS[words[k]?.lower ?? ''];
  if (ordinal === undefined || ordinal < 2 || !/^(?:a|an|the)$/.test(words[k - 1]?.lower ?? '')) return null;
  const after = words[k + 1];
  if (after?.gap !== ' ' || !EDITION_SAID.test(after.lower)) return null;
  for (const mention of [...found].reverse()) {
    const lineages = new Set(mentionEntries(mention).map((entry) => entry.lineage));
    const edition = index.entries.filter((entry) => lineages.has(entry.lineage) && entry.ordinal === ordinal && !entry.historical);
    if (edition.length > 0) return { from: k, next: after.lower === 'edition' ? k + 2 : k + 1, options: [edition] };
  }
  return null;
}

/** Whether an entry's title itself gives its edition's number ("… Wiring Regulations, 18th edition …"). */
function titleGivesOrdinal(entry: Entry, ordinal: number): boolean {
  return new RegExp(String.raw`\b${ordinal}(?:st|nd|rd|th) edition\b`, 'i').test(entry.doc.title);
}

/** The library entries a mention may name, across its options. */
function mentionEntries(mention: Found): Entry[] {
  return isAnchorList(mention.options) ? mention.options.flatMap((anchor) => anchor.entries) : mention.options.flat();
}

interface Match {
  /** The first and past-the-last word of the mention. */
  from: number;
  next: number;
  options: Anchor[] | Entry[][];
  part?: string | null;
  bare?: boolean;
  /** Further mentions said as a list after it ("regs 12 and 17"). */
  more?: Match[];
  /** A name's every edition: a year, an edition or "old" said with it chooses among them ("the 2010 hygiene code"). */
  editions?: Entry[];
}

/** The mention a match makes, widened to the part, year or "old" said with it (`from`/`next`: the words it covers). */
function toFound(
  line: TranscriptLine,
  words: readonly Word[],
  match: Match,
  index: LibraryIndex,
): { found: Found; from: number; next: number } {
  let from = match.from;
  let next = match.next;
  let part = match.part ?? null;
  // "Part B of oh-three-oh-one".
  const partBefore = from >= 3 ? readPart(words, from - 3) : null;
  if (partBefore && partBefore.next === from - 1 && /^(of|in)$/.test(words[from - 1]?.lower ?? '') && !match.bare) {
    part ??= partBefore.part;
    from -= 3;
  }
  const yearBefore = editionYearBefore(words, from) ?? (match.editions ? shortYearBefore(words, from) : null);
  const after = editionAfter(words, next) ?? editionAfterTitle(words, next, match);
  const yearAfter = yearBefore || after?.year === null ? null : after;
  const old = from > 0 && OLD_WORDS.has(words[from - 1]?.lower ?? '') && !endsSentence(words[from]?.gap ?? '');
  if (yearBefore) from = yearBefore.from;
  if (after && (yearAfter || after.ordinal !== null)) next = after.next;
  const seriesBefore = new Set<string>();
  for (let k = Math.max(0, from - 6); k < from; k++) {
    const series = SERIES_ALIASES[words[k]?.lower ?? ''] ?? words[k]?.lower ?? '';
    if (index.anchors.has(series) && series.length >= 2) seriesBefore.add(series);
  }
  const first = words[from] as Word;
  const last = words[next - 1] as Word;
  const query = { part, year: yearBefore?.year ?? yearAfter?.year ?? null, ordinal: after?.ordinal ?? null, old };
  const dated = query.year !== null || query.ordinal !== null || old;
  const found: Found = {
    line: line.n,
    start: first.start,
    said: line.text.slice(first.start, last.end),
    options: dated && match.editions ? [match.editions] : match.options,
    query,
    seriesBefore,
    ...(match.bare ? { barePart: true } : {}),
  };
  return { found, from, next };
}

/** A series word and its number: "HTM 04-01", "HSG two-seven-four, part two", "reg twenty A", "the L8". */
/** Small words inside a series written out ("Health and Safety Guidance"), which give it no letter. */
export const SERIES_LINKS: ReadonlySet<string> = new Set(['and', 'of', 'for', 'on']);
/** How many words a series written out may take ("Approved Code of Practice"). */
const SERIES_WORDS = 5;

/**
 * A series written out in capitalised words whose initials spell it: "Health Technical Memorandum
 * 00" as "HTM 00", "Health Building Note 00-08" as "HBN 00-08". The series' last word and its
 * letters, or null.
 */
function spelledSeries(words: readonly Word[], i: number, index: LibraryIndex, caseless: boolean): { at: number; series: string } | null {
  let letters = '';
  for (let k = i; k < Math.min(words.length, i + SERIES_WORDS); k++) {
    const word = words[k] as Word;
    if (k > i && word.gap !== ' ') return null;
    if (k > i && SERIES_LINKS.has(word.lower)) continue;
    if (!/^\p{L}+$/u.test(word.text) || (!caseless && !/^\p{Lu}\p{Ll}/u.test(word.text))) return null;
    letters += word.lower[0];
    if (letters.length >= 3 && index.anchors.has(letters)) return { at: k, series: letters };
  }
  return null;
}

function matchAnchor(words: readonly Word[], i: number, index: LibraryIndex, caseless: boolean): Match | null {
  const spelled = spelledSeries(words, i, index, caseless);
  const match = spelled ? matchSeriesAt(words, spelled.at, spelled.series, index, caseless) : null;
  return match ? { ...match, from: i } : matchSeriesAt(words, i, null, index, caseless);
}

/** A series (the word at i, or the series a spelled-out name ending at i stands for) and its number. */
function matchSeriesAt(words: readonly Word[], i: number, spelled: string | null, index: LibraryIndex, caseless: boolean): Match | null {
  const word = words[i] as Word;
  const series = spelled ?? SERIES_ALIASES[word.lower] ?? word.lower;
  const anchors = index.anchors.get(series);
  const after = words[i + 1];
  if (!anchors || !after || !/^[\s./-]*$/.test(after.gap)) return null;
  // A one-letter series is a capital written against its number or a space before it ("L8", "L 8").
  if (series.length === 1 && ((word.text !== series.toUpperCase() && !caseless) || !/^[\s-]?$/.test(after.gap))) return null;
  const number = readAnchorNumber(words, i + 1, caseless);
  const match = number ? anchorMatch(words, i + 1, number, anchors) : null;
  if (!match) return null;
  // "regulation 4 of the lifting regulations" is another instrument's regulation.
  if (series === 'reg' && words[match.next]?.lower === 'of' && words[match.next]?.gap === ' ') return null;
  // A list of numbers in the same series: "regulations 12, 17 and 18".
  const more: Match[] = [];
  let k = match.next;
  for (;;) {
    const joiner = words[k];
    if (!joiner || endsSentence(joiner.gap)) break;
    // "12 and 17", "12, and 17" (the number after the joiner), or "12, 17".
    const joined = /^(and|or)$/.test(joiner.lower) && (joiner.gap === ' ' || joiner.gap === ', ');
    const at = joined ? k + 1 : k;
    if (!joined && joiner.gap !== ', ') break;
    if (joined && words[at]?.gap !== ' ') break;
    const listed = readAnchorNumber(words, at, caseless);
    const listedMatch = listed ? anchorMatch(words, at, listed, anchors) : null;
    if (!listedMatch || listedMatch.part) break;
    more.push(listedMatch);
    k = listedMatch.next;
  }
  return { ...match, from: i, ...(more.length > 0 ? { more } : {}) };
}

/** The anchors a number said after a series names (longest number first), with a part said after it. */
function anchorMatch(words: readonly Word[], at: number, number: AnchorNumber, anchors: readonly Anchor[]): Match | null {
  for (let size = number.groups.length; size >= 1; size--) {
    const groups = number.groups.slice(0, size);
    const withSuffix = number.suffix ? anchors.filter((anchor) => anchor.rest === [...groups, number.suffix].join(' ')) : [];
    const plain = anchors.filter((anchor) => anchor.rest === groups.join(' '));
    const options = withSuffix.length ? withSuffix : plain;
    if (options.length === 0) continue;
    let next = withSuffix.length ? number.suffixNext : number.ends[size - 1];
    if (next === undefined) continue;
    const part = readPartAfter(words, next);
    if (part) next = part.next;
    return { from: at, next, options, part: part?.part ?? null };
  }
  return null;
}

interface AnchorNumber {
  groups: string[];
  /** The index after each group. */
  ends: number[];
  suffix: string | null;
  suffixNext: number;
}

/**
 * The number after a series: digits said one by one, written groups ("04-01", "0401", "274",
 * "04 01") or a cardinal ("twelve", "twenty"), then a letter suffix ("20A", "twenty A"). Four
 * digits starting with 0 are two groups ("0401" = 04 01), as the library's codes write them.
 */
function readAnchorNumber(words: readonly Word[], at: number, caseless: boolean): AnchorNumber | null {
  const first = words[at];
  if (!first) return null;
  const groups: string[] = [];
  const ends: number[] = [];
  const run = readDigitRun(words, at, true);
  if (run) {
    for (const group of splitDigits(run.digits)) groups.push(group);
    while (ends.length < groups.length) ends.push(run.next);
  } else if (/^\d+$/.test(first.text)) {
    let k = at;
    while (k < words.length && /^\d+$/.test((words[k] as Word).text) && groups.length < 3) {
      const word = words[k] as Word;
      // "04-01", "0401", "04 01", and a bulletin's number after its year ("2006(05)").
      const bracketed = word.gap === '(' && /^\d{1,3}$/.test(word.text) && /^(?:19|20)\d{2}$/.test((words[k - 1] as Word).text);
      if (
        k > at &&
        !(/^[-./]$/.test(word.gap) || bracketed || (word.gap === ' ' && word.text.length === 2 && (words[k - 1] as Word).text.length === 2))
      )
        break;
      for (const group of splitDigits(word.text)) {
        groups.push(group);
        ends.push(k + 1);
      }
      k++;
    }
  } else {
    const cardinal = readCardinal(words, at);
    if (!cardinal) return null;
    groups.push(String(Number(cardinal.digits)));
    ends.push(cardinal.next);
  }
  const end = ends.at(-1) as number;
  const letter = words[end];
  const afterLetter = words[end + 1];
  // "20A", "twenty A"; in a line without capitals "twenty a" only before a pause ("twenty a, about …").
  const spaced =
    letter?.gap === ' ' &&
    (caseless
      ? afterLetter === undefined || /[,.;:!?]/.test(afterLetter.gap)
      : letter.text === letter.text.toUpperCase() && letter.text !== 'I');
  const isSuffix =
    letter !== undefined &&
    letter.text.length === 1 &&
    /\p{L}/u.test(letter.text) &&
    (letter.gap === '' || spaced) &&
    (afterLetter === undefined || afterLetter.gap !== '');
  return { groups, ends, suffix: isSuffix ? (letter as Word).lower : null, suffixNext: end + 1 };
}

function splitDigits(said: string): string[] {
  // "Double-oh-nine" is said for 00-09: three digits opening with two noughts are two groups.
  const digits = said.length === 3 && said.startsWith('00') ? `0${said}` : said;
  const parts = digits.length === 4 && digits.startsWith('0') ? [digits.slice(0, 2), digits.slice(2)] : [digits];
  return parts.map((part) => String(Number(part)));
}

/** "the HTM on bedhead services", "the HBN on sanitary assemblies": the series' document whose title has those words. */
function matchTopic(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  const series = (words[i] as Word).lower;
  const anchors = index.anchors.get(series);
  const link = words[i + 1];
  if (!anchors || series.length < 2 || !link || link.gap !== ' ' || !TOPIC_WORDS.has(link.lower)) return null;
  const said: { stem: string; next: number }[] = [];
  for (let k = i + 2; k < words.length && k < i + 7; k++) {
    const word = words[k] as Word;
    if (word.gap !== ' ') break;
    const wordStem = stem(word.lower);
    if (!STOP_WORDS.has(wordStem)) said.push({ stem: wordStem, next: k + 1 });
  }
  for (let size = said.length; size >= 1; size--) {
    const wanted = said.slice(0, size).map((word) => word.stem);
    const fitting = anchors.filter((anchor) => wanted.every((word) => index.titleStems.get(anchor)?.has(word)));
    if (fitting.length === 0) continue;
    const lineages = new Set(fitting.flatMap((anchor) => anchor.entries.map((entry) => entry.lineage)));
    if (lineages.size !== 1) return null;
    return { from: i, next: (said[size - 1] as { next: number }).next, options: fitting };
  }
  return null;
}

/** Words before a document's subject said ahead of its series ("the lifts HTM", "the original 1998 LOLER ACOP"). */
const SUBJECT_OPENERS = new Set(['the', 'our', 'their', 'this', 'that', 'old', 'original', 'new', 'current', 'latest', 'first']);
/** At most this many words of subject before the series word. */
const SUBJECT_BEFORE_WORDS = 3;

/**
 * "The lifts HTM", "the firecode design HTM", "the asbestos ACOP", "the LOLER ACOP": a series said
 * after the subject of the one document of that series whose title holds it. An abbreviation of
 * an instrument stands for its title's words ("the LOLER ACOP" is the ACoP whose title names the
 * Lifting Operations and Lifting Equipment Regulations). A series followed by its number is a code,
 * read as one.
 */
function matchTopicBefore(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  const before = words[i - 1];
  if (!before || !(SUBJECT_OPENERS.has(before.lower) || /^(?:19|20)\d{2}$/.test(before.text)) || words[i]?.gap !== ' ') return null;
  for (let size = 1; size <= SUBJECT_BEFORE_WORDS; size++) {
    const seriesWord = words[i + size];
    if (seriesWord?.gap !== ' ') return null;
    const anchors = seriesAnchors(seriesWord.lower, index);
    if (anchors.length === 0) continue;
    const following = words[i + size + 1];
    if (following && /^\d/.test(following.text) && /^\s?$/.test(following.gap)) return null;
    const said = words.slice(i, i + size);
    if (said.some((word) => word.gap !== ' ' || STOP_WORDS.has(word.lower) || word.lower.length < 3)) return null;
    const wanted = said.flatMap((word) => subjectStems(word, index));
    const fitting = anchors.filter((anchor) => wanted.every((word) => index.titleStems.get(anchor)?.has(word)));
    const lineages = new Set(fitting.flatMap((anchor) => anchor.entries.map((entry) => entry.lineage)));
    // One number's parts and editions ("HTM 03-01" Parts A and B, and its 2007 edition) are one name: a year or part said chooses among them.
    const numbers = new Set(fitting.map((anchor) => `${anchor.series} ${anchor.rest}`));
    if (lineages.size !== 1 && numbers.size !== 1) return null;
    // Of an old code and the one that replaced it ("L127" and "L143" on asbestos), the subject names the one in force.
    const current = fitting.filter((anchor) => anchor.entries.some((entry) => entry.doc.status === 'current'));
    return { from: i, next: i + size + 1, options: current.length > 0 ? current : fitting };
  }
  return null;
}

/** The anchors of a series word: the series itself ("htm"), or the codes it is said before ("acop" of "ACoP L8"). */
function seriesAnchors(word: string, index: LibraryIndex): Anchor[] {
  // Regulations by number are named by a word of their title only as the library index reads them ("the visiting reg").
  if (word.length < 3 || (SERIES_ALIASES[word] ?? word) === 'reg') return [];
  return index.anchors.get(word) ?? index.anchorsByPrefix.get(word) ?? [];
}

/** A subject word's stems: its own, or an instrument abbreviation's title words ("LOLER" → lifting, operation, equipment, regulation). */
function subjectStems(word: Word, index: LibraryIndex): string[] {
  const entries = /^[A-Z]{3,}$/.test(word.text) ? index.acronyms.get(word.text) : undefined;
  const entry = entries?.[0];
  return entry ? contentStems(cleanTitle(entry.doc.title)) : [stem(word.lower)];
}

/** Digits said without a series: "oh-four-oh-one", "zero six zero two" (four digits, the first a zero). */
function matchDigits(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  const first = words[i] as Word;
  const previous = words[i - 1];
  if (previous && !endsSentence(first.gap) && NUMBER_CONTEXT.has(previous.lower)) return null;
  if (previous && index.anchors.has(SERIES_ALIASES[previous.lower] ?? previous.lower) && !/[,;:]/.test(first.gap)) return null;
  const spaced = first.lower === 'oh' || first.lower === 'zero';
  const run = readDigitRun(words, i, spaced);
  if (run?.digits.length === 2 && run.digits.startsWith('0')) return matchSeriesGroup(words, i, run, index);
  if (run?.digits.length !== 4 || !run.digits.startsWith('0')) return null;
  const rest = splitDigits(run.digits).join(' ');
  const options = [...index.anchors.values()].flat().filter((anchor) => anchor.series.length >= 2 && anchor.rest === rest);
  if (options.length === 0) return null;
  const part = readPartAfter(words, run.next);
  return { from: i, next: part?.next ?? run.next, options, part: part?.part ?? null };
}

/**
 * A group of a series said by its first two digits with an edition year before it ("the old 2006
 * version of oh-four"): the one document of that group and year. Two digits alone ("oh-four")
 * name nothing; the year, said as an edition, makes them a document.
 */
function matchSeriesGroup(words: readonly Word[], i: number, run: { digits: string; next: number }, index: LibraryIndex): Match | null {
  const before = editionYearBefore(words, i);
  if (!before || !EDITION_WORDS.has(words[i - 2]?.lower ?? '')) return null;
  const group = String(Number(run.digits));
  const options = [...index.anchors.values()]
    .flat()
    .filter((anchor) => anchor.series.length >= 2 && anchor.rest.split(' ')[0] === group && anchor.rest.includes(' '))
    .filter((anchor) => anchor.entries.some((entry) => entry.year === before.year));
  const lineages = new Set(
    options.flatMap((anchor) => anchor.entries.filter((entry) => entry.year === before.year).map((entry) => entry.lineage)),
  );
  return options.length > 0 && lineages.size === 1 ? { from: i, next: run.next, options } : null;
}

/**
 * "The 2010 regulations", "the 1995 Act": legislation named by its year and kind alone, when the
 * library holds one lineage of that kind with an edition of that year.
 */
function matchYearAndKind(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  if (words[i]?.lower !== 'the') return null;
  // "The old ninety-five regs": a year said by its last two figures, after "old".
  const old = OLD_WORDS.has(words[i + 1]?.lower ?? '') && words[i + 2]?.gap === ' ' ? 1 : 0;
  const year = readYear(words, i + 1 + old) ?? (old ? lastTwoFigures(words, i + 2) : null) ?? shortYear(words, i + 1 + old, old === 1);
  if (!year || words[i + 1]?.gap !== ' ') return null;
  // "The 2011 waste regulations": words of the title may come between the year and the kind.
  let at = year.next;
  const subject: string[] = [];
  while (
    subject.length < YEAR_SUBJECT_WORDS &&
    words[at]?.gap === ' ' &&
    !LEGISLATION_KINDS[words[at]?.lower ?? ''] &&
    /^\p{L}{3,}$/u.test(words[at]?.text ?? '') &&
    !STOP_WORDS.has(words[at]?.lower ?? '')
  ) {
    subject.push(stem(words[at]?.lower ?? ''));
    at++;
  }
  const kind = words[at];
  if (kind?.gap !== ' ') return null;
  const type = LEGISLATION_KINDS[kind.lower];
  if (!type) return null;
  const entries = index.entries.filter(
    (entry) =>
      entry.year === year.year &&
      new RegExp(String.raw`\b${type}\b[^()]*$`, 'i').test(entry.doc.title.replace(/\([^()]*\)\s*$/, '')) &&
      (subject.length === 0 || subject.every((word) => stemsOf(entry.doc.title).includes(word))),
  );
  const lineages = new Set(entries.map((entry) => entry.lineage));
  return entries.length > 0 && lineages.size === 1 ? { from: i + 1, next: at + 1, options: [entries] } : null;
}

/** Words of a title said between a year and the kind of instrument ("the 2005 hazardous waste regs"): at most this many. */
const YEAR_SUBJECT_WORDS = 3;

/** The earliest year written by two figures alone without "old" before it ("the 94 regs"); a lower number is as likely a count ("the 13 regulations"). */
const SHORT_YEAR_FROM = 1970;

/** A year written by its last two figures before a name of legislation: from 1970, or any after "old" ("the old 04 regs"). */
function shortYear(words: readonly Word[], at: number, old: boolean): { year: number; next: number } | null {
  const year = readShortYear(words, at);
  return year && (old || (year.year >= SHORT_YEAR_FROM && year.year < 2000)) ? year : null;
}

/** "The 94 waste licensing regs", "the old 04 …": a two-figure year right before a name, with "the" or "old" before it. */
function shortYearBefore(words: readonly Word[], from: number): { year: number; from: number } | null {
  const before = words[from - 2]?.lower ?? '';
  const old = OLD_WORDS.has(before);
  if (!(old || before === 'the') || words[from]?.gap !== ' ' || words[from - 1]?.gap !== ' ') return null;
  const year = shortYear(words, from - 1, old);
  return year ? { year: year.year, from: from - 1 } : null;
}

/** How many words a name said with words left out may take, its kind included. */
const SHORTENED_NAME_WORDS = 6;
const KIND_STEMS = new Set(['regulation', 'act', 'order']);

/**
 * A name of legislation said with words of it left out ("the waste licensing regs" for the Waste
 * Management Licensing Regulations): from the name's first word to its kind, at least two of its
 * words in its order, none from outside it, and no other lineage's name fitting as well. Words in
 * the name's brackets are never left out: "the fire safety regulations" is not the Fire Safety
 * (England) Regulations.
 */
function matchShortenedName(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  const names = index.names.get(stem((words[i] as Word).lower));
  if (!names) return null;
  const said: string[] = [];
  let kindAt = -1;
  for (let k = i; k < Math.min(words.length, i + SHORTENED_NAME_WORDS); k++) {
    const word = words[k] as Word;
    if (k > i && (endsSentence(word.gap) || !/^[\s-]+$/.test(word.gap))) break;
    const stemmed = stem(word.lower);
    if (KIND_STEMS.has(stemmed) && k > i) {
      kindAt = k;
      said.push(stemmed);
      break;
    }
    if (!STOP_WORDS.has(stemmed)) said.push(stemmed);
  }
  if (kindAt < 0 || said.length < 3) return null;
  const fits = names.filter((name) => name.stems.at(-1) === said.at(-1) && name.stems.length > said.length && inOrder(said, name.stems));
  const entries = fits.flatMap((name) => name.entries);
  const lineages = new Set(entries.map((entry) => entry.lineage));
  if (entries.length === 0 || lineages.size !== 1) return null;
  return { from: i, next: kindAt + 1, options: [entries], editions: (fits[0] as Phrase).editions };
}

/** "18th edition" right before a name, or "17th edition of the (IEE) …": the edition's number and where it starts. */
function ordinalBefore(words: readonly Word[], i: number): { ordinal: number; from: number } | null {
  // "of the" and one capitalised word (its publisher) between the edition and the name.
  let end = i;
  if (/^\p{Lu}/u.test(words[end - 1]?.text ?? '') && words[end - 2]?.lower === 'the' && words[end - 3]?.lower === 'of') end -= 3;
  else if (words[end - 1]?.lower === 'the' && words[end - 2]?.lower === 'of') end -= 2;
  else if (words[end - 1]?.lower === 'of') end -= 1;
  const [number, suffix, edition] = [words[end - 3], words[end - 2], words[end - 1]];
  if (!number || !suffix || edition?.lower !== 'edition' || !/^\d{1,2}$/.test(number.text)) return null;
  return suffix.gap === '' && /^(?:st|nd|rd|th)$/.test(suffix.lower) ? { ordinal: Number(number.text), from: end - 3 } : null;
}

/**
 * An edition said after a code and its own title, by its number or in brackets ("L22 Safe use of
 * work equipment (third edition, 2008)", "…, third edition 2008"); a bare year there is the title's
 * own ("HSR25 Memorandum of guidance on the Electricity at Work Regulations 1989").
 */
function editionAfterTitle(words: readonly Word[], next: number, match: Match): ReturnType<typeof editionAfter> {
  const at = pastOwnTitle(words, next, match);
  if (at === next) return null;
  const edition = editionAfter(words, at);
  return edition && (edition.ordinal !== null || /\(/.test(words[at]?.gap ?? '')) ? edition : null;
}

/** The fewest words of a document's own title said after its code for an edition after them to be its edition. */
const OWN_TITLE_WORDS = 2;
/** The most words of a title read after a code. */
const OWN_TITLE_REACH = 12;

/**
 * Where an edition would start after a code and the words of its own title said with it ("L22 Safe
 * use of work equipment (third edition, 2008)"): past those words, or `next` itself when fewer than
 * two of them follow.
 */
function pastOwnTitle(words: readonly Word[], next: number, match: Match): number {
  const titles = match.options
    .flatMap((option): readonly Entry[] => (Array.isArray(option) ? option : (option as Anchor).entries))
    .map(titleStemsOf);
  let k = next;
  let said = 0;
  while (k < words.length && k < next + OWN_TITLE_REACH) {
    const word = words[k] as Word;
    if (endsSentence(word.gap) || /[(;]/.test(word.gap)) break;
    const stemmed = stem(word.lower);
    if (!titles.some((title) => title.has(stemmed))) break;
    if (!STOP_WORDS.has(word.lower)) said++;
    k++;
  }
  return said >= OWN_TITLE_WORDS ? k : next;
}

const titleStems = new WeakMap<Entry, ReadonlySet<string>>();

/** An entry's title as stems, stop words included, read once per entry (not at every mention). */
function titleStemsOf(entry: Entry): ReadonlySet<string> {
  let stems = titleStems.get(entry);
  if (!stems) {
    stems = new Set(stemsOf(cleanTitle(entry.doc.title)));
    titleStems.set(entry, stems);
  }
  return stems;
}

/** Editions of one document: their codes share the series and number ("BS 7671" and "BS 7671:2008", "CAR 2006" and "CAR 2012"). */
const sameDocument = (a: Entry, b: Entry) => a.family.split(' ').slice(0, 2).join(' ') === b.family.split(' ').slice(0, 2).join(' ');

/** Whether every word of `said` is in `name`, in the same order. */
function inOrder(said: readonly string[], name: readonly string[]): boolean {
  let at = 0;
  for (const word of said) {
    at = name.indexOf(word, at);
    if (at < 0) return false;
    at++;
  }
  return true;
}

/** A twentieth-century year said by its last two figures ("ninety-five", "eighty-eight"). */
function lastTwoFigures(words: readonly Word[], at: number): { year: number; next: number } | null {
  if (!/^(?:seventy|eighty|ninety)$/.test(words[at]?.lower ?? '')) return null;
  const read = readCardinal(words, at);
  return read && read.digits.length === 2 ? { year: 1900 + Number(read.digits), next: read.next } : null;
}

/** The words a kind of legislation is said with, and the word its titles use. */
const LEGISLATION_KINDS: Record<string, string> = { regulations: 'Regulations', regs: 'Regulations', act: 'Act', order: 'Order' };

/**
 * An acronym as written: in capitals (or the code's own spelling), one of five letters or more
 * also as "Comah", and one of four or more in lower case in a line without capitals.
 */
/** The kind of instrument said after an abbreviation of its name, and the letter its own abbreviation ends in ("HSW Act" for HSWA). */
const INSTRUMENT_KIND: Record<string, string> = { act: 'A', regs: 'R', regulations: 'R', order: 'O' };

function matchAcronym(words: readonly Word[], i: number, index: LibraryIndex, caseless: boolean): Match | null {
  const bracketed = matchBracketedAcronym(words, i, index);
  if (bracketed) return bracketed;
  const word = words[i] as Word;
  const upper = word.text.toUpperCase();
  // "the HSW act", "MHSW regs": the name's initials, then the kind of instrument in a word.
  const kind = words[i + 1];
  const letter = kind && kind.gap === ' ' ? INSTRUMENT_KIND[kind.lower] : undefined;
  const kindForm =
    letter && (word.text === upper || caseless) && /^[A-Z]{2,}$/.test(upper) ? index.acronyms.get(`${upper}${letter}`) : undefined;
  if (kindForm) return { from: i, next: i + 2, options: [kindForm] };
  let entries = index.acronyms.get(word.text);
  const titled = upper.length >= 5 && word.text === upper[0] + upper.slice(1).toLowerCase();
  if (!entries && (titled || (caseless && upper.length >= 4))) entries = index.acronyms.get(upper);
  if (!entries) return null;
  return editionByShortYear(words, i, entries, index) ?? { from: i, next: i + 1, options: [entries] };
}

/** The most letter runs an abbreviation written with brackets is read across ("W(E&W)R" is four). */
const MAX_BRACKETED_RUNS = 5;

/**
 * An abbreviation written with brackets, as codes write them ("IR(ME)R 2000", "FS(E)R", "W(E&W)R"):
 * its letter runs glued by brackets and ampersands, read as the abbreviation without them.
 */
function matchBracketedAcronym(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  let joined = words[i]?.text ?? '';
  let next = i + 1;
  while (
    next < words.length &&
    next - i < MAX_BRACKETED_RUNS &&
    /^[()&]+$/.test(words[next]?.gap ?? '') &&
    /^\p{Lu}+$/u.test(words[next]?.text ?? '')
  ) {
    joined += words[next]?.text ?? '';
    next++;
  }
  if (next === i + 1 || !/^\p{Lu}+$/u.test(joined)) return null;
  const entries = index.acronyms.get(joined);
  if (!entries) return null;
  const edition = editionByShortYear(words, next - 1, entries, index);
  return edition ? { ...edition, from: i } : { from: i, next, options: [entries] };
}

/**
 * An abbreviation with its edition's year in two figures, glued or spaced ("IRR99", "COSHH 02"):
 * that edition, when its lineage has one of that year; else null (the figures are read as they are).
 */
function editionByShortYear(words: readonly Word[], i: number, entries: readonly Entry[], index: LibraryIndex): Match | null {
  const figures = words[i + 1];
  if (!figures || !/^ ?$/.test(figures.gap)) return null;
  const read = readShortYear(words, i + 1);
  if (!read || /^\d/.test(words[read.next]?.text ?? '')) return null;
  const lineages = new Set(entries.map((entry) => entry.lineage));
  const edition = index.entries.filter((entry) => lineages.has(entry.lineage) && entry.year === read.year && !entry.historical);
  return edition.length > 0 ? { from: i, next: read.next, options: [edition] } : null;
}

/** The shortest subject word that names legislation with its kind alone ("the asbestos regs"). */
const MIN_SUBJECT_WORD = 4;

/**
 * "The asbestos regs", "the noise regs": a word of one lineage's legislation name, not its first,
 * with the name's kind after it. A word several lineages' names hold ("the pressure regs") names none.
 */
function matchSubjectAndKind(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  const word = words[i] as Word;
  const kind = words[i + 1];
  if (kind?.gap !== ' ' || word.lower.length < MIN_SUBJECT_WORD || STOP_WORDS.has(word.lower)) return null;
  const kindStem = stem(kind.lower);
  if (!KIND_STEMS.has(kindStem)) return null;
  const wanted = stem(word.lower);
  const holding = index.nameList.filter((name) => name.stems.at(-1) === kindStem && name.stems.slice(0, -1).includes(wanted));
  // A name it opens is read by its short names; one it does not open must be the only name holding it.
  const fits = holding.filter((name) => name.stems[0] !== wanted);
  const entries = holding.flatMap((name) => name.entries);
  if (fits.length === 0 || new Set(entries.map((entry) => entry.lineage)).size !== 1) return null;
  // Said without a year, the name means the edition in force ("the Wiring Regulations").
  // Said without a year, the name means the edition in force: the current edition of the same
  // document ("the Wiring Regulations" is BS 7671 now), not another instrument that replaced it (the
  // waste licensing regs are not the permitting regulations).
  const named = fits.flatMap((name) => name.entries);
  const editions = (fits[0] as Phrase).editions;
  // "The 18th edition wiring regs": the edition of that number, as first published.
  const ordinal = ordinalBefore(words, i);
  if (ordinal) {
    const all = editions.filter((entry) => entry.ordinal === ordinal.ordinal);
    // An edition whose title gives the number is that edition; the document in force may give it only as its edition.
    const titled = all.filter((entry) => titleGivesOrdinal(entry, ordinal.ordinal));
    const numbered = titled.length > 0 ? titled : all;
    const first = Math.min(...numbered.map((entry) => entry.year ?? Number.POSITIVE_INFINITY));
    const chosen = numbered.filter((entry) => (entry.year ?? Number.POSITIVE_INFINITY) === first);
    if (chosen.length > 0) return { from: ordinal.from, next: i + 2, options: [chosen] };
  }
  const current = editions.filter(
    (entry) => entry.doc.status === 'current' && !entry.historical && named.some((other) => sameDocument(entry, other)),
  );
  return { from: i, next: i + 2, options: [current.length > 0 ? current : named], editions };
}

/** A title or short name said in full, written years and "etc." skipped. */
function matchPhrase(words: readonly Word[], i: number, index: LibraryIndex): Match | null {
  const candidates = index.phrases.get(stem((words[i] as Word).lower));
  if (!candidates) return null;
  for (const phrase of candidates) {
    let k = i + 1;
    let s = 1;
    while (s < phrase.stems.length) {
      const word = words[k];
      // "Health and Safety at Work etc. Act": the stop after "etc." ends no sentence.
      if (!word || (endsSentence(word.gap) && words[k - 1]?.lower !== 'etc')) break;
      if (stem(word.lower) === phrase.stems[s]) {
        s++;
        k++;
      } else if (/^(19|20)\d{2}$/.test(word.text) || word.lower === 'etc') k++;
      else break;
    }
    if (s === phrase.stems.length) return { from: i, next: k, options: [phrase.entries], editions: phrase.editions };
  }
  return null;
}

/** "part two", "Part C", "part 2": a part letter is a capital (so "part a" of speech is not one). */
function readPart(words: readonly Word[], at: number): { part: string; next: number } | null {
  const word = words[at];
  const id = words[at + 1];
  if (word?.lower !== 'part' || !id || id.gap !== ' ') return null;
  if (/^[A-Z]$/.test(id.text) && id.text !== 'I' && (words[at + 2]?.gap ?? ' ') !== '') return { part: id.text, next: at + 2 };
  const number = readCardinal(words, at + 1);
  return number ? { part: String(Number(number.digits)), next: number.next } : null;
}

function readPartAfter(words: readonly Word[], at: number) {
  const word = words[at];
  if (!word || !(word.gap === ' ' || word.gap === ', ')) return null;
  return readPart(words, at);
}

function readBarePart(words: readonly Word[], at: number) {
  const part = readPart(words, at);
  return part && /^[A-Z]$/.test(part.part) ? part : null;
}

/** "the 2006 edition of …", "the 2006 Part A", "the twenty thirteen regulations". */
function editionYearBefore(words: readonly Word[], from: number): { year: number; from: number } | null {
  let k = from - 1;
  if (k >= 0 && /^(of|from)$/.test(words[k]?.lower ?? '') && !endsSentence(words[k + 1]?.gap ?? '')) k--;
  if (k >= 0 && EDITION_WORDS.has(words[k]?.lower ?? '') && !endsSentence(words[k + 1]?.gap ?? '')) k--;
  for (let start = k; start >= Math.max(0, k - 3); start--) {
    const year = readYear(words, start);
    if (year && year.next === k + 1 && !endsSentence(words[k + 1]?.gap ?? '')) return { year: year.year, from: start };
  }
  return null;
}

/**
 * The edition said after a code: a year ("COMAH 2015", "COMAH twenty fifteen", "HTM 07-01 (2013)",
 * "HTM 04-01 from 2006", "L8, the 2000 one") or an ordinal ("the L8 third edition", "3rd edition"),
 * or both ("the L8 third edition, the 2000 one").
 */
function editionAfter(words: readonly Word[], next: number): { year: number | null; ordinal: number | null; next: number } | null {
  let at = next;
  const ordinal = editionOrdinal(words, at);
  if (ordinal) at = ordinal.next;
  const year = yearAfter(words, at);
  if (!ordinal && !year) return null;
  return { year: year?.year ?? null, ordinal: ordinal?.ordinal ?? null, next: year?.next ?? at };
}

function yearAfter(words: readonly Word[], next: number): { year: number; next: number } | null {
  const word = words[next];
  if (!word) return null;
  if (/^\s*\(?\s*$/.test(word.gap)) {
    const year = readYear(words, next);
    if (year) return { year: year.year, next: year.next };
  }
  // "HTM 04-01 from 2006", "the guidance of 2013".
  if (word.gap === ' ' && /^(?:from|of|dated)$/.test(word.lower) && words[next + 1]?.gap === ' ') {
    const year = readYear(words, next + 1);
    if (year) return { year: year.year, next: year.next };
  }
  // "L8, the 2000 one", "…, the 2013 edition", "L113, the original 1998 one", "L24, the 1992 original",
  // "HTM 05-02 (the 2014 one)".
  if (/^\s*[,(]\s*$/.test(word.gap) && word.lower === 'the' && words[next + 1]?.gap === ' ') {
    const adjective = EDITION_ADJECTIVES.has(words[next + 1]?.lower ?? '') && words[next + 2]?.gap === ' ' ? 1 : 0;
    const year = readYear(words, next + 1 + adjective);
    if (year && EDITION_NOUNS.has(words[year.next]?.lower ?? '') && words[year.next]?.gap === ' ')
      return { year: year.year, next: year.next + 1 };
  }
  return null;
}

/** "third edition", "3rd edition" right after a code. */
function editionOrdinal(words: readonly Word[], at: number): { ordinal: number; next: number } | null {
  // "L122, the first edition": an appositive "the" before the ordinal.
  const start = words[at]?.lower === 'the' && /^\s*,\s*$/.test(words[at]?.gap ?? '') && words[at + 1]?.gap === ' ' ? at + 1 : at;
  const first = words[start];
  if (!first || !/^[\s,(]*$/.test(first.gap)) return null;
  let ordinal = ORDINAL_WORDS[first.lower] ?? null;
  let k = start + 1;
  // "3rd": the digits and the letters are two words with nothing between them.
  if (
    ordinal === null &&
    /^\d$/.test(first.text) &&
    /^(?:st|nd|rd|th)$/.test(words[start + 1]?.lower ?? '') &&
    words[start + 1]?.gap === ''
  ) {
    ordinal = Number(first.text);
    k = start + 2;
  }
  if (ordinal === null || words[k]?.lower !== 'edition' || words[k]?.gap !== ' ') return null;
  return { ordinal, next: k + 1 };
}

interface NumberedSentence {
  line: number;
  words: Word[];
  /** Numbers said on their own (not "nine incidents"), by their place in `words`. */
  numbers: { at: number; digits: string }[];
}

/** The sentences of a line that say a number on its own, outside any mention. */
function sentencesWithNumbers(line: number, words: readonly Word[], used: readonly boolean[]): NumberedSentence[] {
  const sentences: NumberedSentence[] = [];
  let current: NumberedSentence = { line, words: [], numbers: [] };
  words.forEach((word, k) => {
    if (k > 0 && endsSentence(word.gap)) {
      sentences.push(current);
      current = { line, words: [], numbers: [] };
    }
    current.words.push(word);
    const number = used[k] || readYear(words, k) ? null : readCardinal(words, k);
    const after = number ? words[number.next] : undefined;
    // Not a count ("nine incidents") nor an ordinal ("the 14th").
    const alone = after === undefined || (after.gap !== ' ' && after.gap !== '') || /^(and|or)$/.test(after.lower);
    if (number && alone) current.numbers.push({ at: current.words.length - 1, digits: String(Number(number.digits)) });
  });
  sentences.push(current);
  return sentences.filter((sentence) => sentence.numbers.length > 0);
}

// ---------------------------------------------------------------------------------------------
// From mentions to documents

function isAnchorList(options: Found['options']): options is Anchor[] {
  return options.length > 0 && 'series' in (options[0] as object);
}

function resolveAll(found: readonly Found[], index: LibraryIndex): Resolved[] {
  // Series the meeting names with no doubt, for digits said without one.
  const seriesUse = new Map<string, number>();
  for (const mention of found) {
    if (isAnchorList(mention.options) && mention.options.length === 1) {
      const series = (mention.options[0] as Anchor).series;
      seriesUse.set(series, (seriesUse.get(series) ?? 0) + 1);
    }
  }
  const seriesSize = (series: string) => index.anchors.get(series)?.length ?? 0;
  const resolved: (Resolved & { family: string | null })[] = [];
  const bareParts: Found[] = [];
  for (const mention of found) {
    if (mention.barePart) {
      bareParts.push(mention);
      continue;
    }
    let family: string | null = null;
    let entries: Entry[];
    if (isAnchorList(mention.options)) {
      const anchor = chooseAnchor(mention, mention.options, seriesUse, seriesSize);
      family = anchor.family;
      entries = resolve(anchor.entries, mention.query);
    } else {
      entries = resolve((mention.options[0] as Entry[]) ?? [], mention.query);
    }
    if (entries.length > 0) resolved.push({ line: mention.line, start: mention.start, said: mention.said, entries, family });
  }
  const byFamily = (family: string) => index.entries.filter((entry) => entry.family === family);
  const familyParts = new Set(index.entries.map((entry) => `${entry.family}|${entry.part}`));
  // "Part A" said alone is rare; a meeting that says it thousands of times is not read for more.
  for (const mention of bareParts.slice(0, MAX_BARE_PARTS)) {
    const part = mention.query.part;
    let nearest: (typeof resolved)[number] | undefined;
    for (const other of resolved) {
      if (other.family === null || !familyParts.has(`${other.family}|${part}`)) continue;
      if (!nearest || distance(mention, other) < distance(mention, nearest)) nearest = other;
    }
    if (!nearest?.family) continue;
    const entries = resolve(byFamily(nearest.family), mention.query);
    if (entries.length > 0)
      resolved.push({ line: mention.line, start: mention.start, said: mention.said, entries, family: nearest.family });
  }
  // A code held only in parts, named without one: the part the meeting names nearest, else all its parts.
  const singles = nearestSingles(resolved);
  return resolved.map((mention) => {
    if (mention.entries.length < 2 || !mention.entries.every((entry) => entry.part !== null)) return mention;
    const single = mention.family === null ? undefined : singles(mention.family, mention.line);
    return single ? { ...mention, entries: single.entries } : mention;
  });
}

/** How many parts said alone ("Part A") are resolved against the codes around them. */
const MAX_BARE_PARTS = 200;

/**
 * The mention of one part of a family nearest a line (the earliest said among equally near ones),
 * found by a binary search over the lines where the family's parts were named, not by comparing
 * every mention with every other.
 */
function nearestSingles(resolved: readonly (Resolved & { family: string | null })[]) {
  const byFamily = new Map<string, { lines: number[]; first: Map<number, { order: number; entries: Entry[] }> }>();
  resolved.forEach((other, order) => {
    if (other.family === null || other.entries.length !== 1) return;
    let family = byFamily.get(other.family);
    if (!family) {
      family = { lines: [], first: new Map() };
      byFamily.set(other.family, family);
    }
    if (!family.first.has(other.line)) {
      family.first.set(other.line, { order, entries: other.entries });
      family.lines.push(other.line);
    }
  });
  for (const family of byFamily.values()) family.lines.sort((a, b) => a - b);
  return (familyName: string, line: number): { entries: Entry[] } | undefined => {
    const family = byFamily.get(familyName);
    if (!family || family.lines.length === 0) return undefined;
    const { lines, first } = family;
    let lo = 0;
    let hi = lines.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((lines[mid] as number) < line) lo = mid + 1;
      else hi = mid;
    }
    const above = lines[lo];
    const below = lines[lo - 1];
    const gap = Math.min(
      above === undefined ? Number.POSITIVE_INFINITY : above - line,
      below === undefined ? Number.POSITIVE_INFINITY : line - below,
    );
    const candidates = [line - gap, line + gap].flatMap((at) => {
      const found = first.get(at);
      return found ? [found] : [];
    });
    return candidates.sort((a, b) => a.order - b.order)[0];
  };
}

/** Before the mention counts nearer than after it: "Part A" refers back to the code said last. */
function distance(mention: Found, other: Resolved): number {
  const before = other.line < mention.line || (other.line === mention.line && other.start < mention.start);
  return Math.abs(other.line - mention.line) * 2 + (before ? 0 : 1) + (before ? 0 : 1_000_000);
}

function chooseAnchor(
  mention: Found,
  options: readonly Anchor[],
  seriesUse: Map<string, number>,
  size: (series: string) => number,
): Anchor {
  let pool = [...options];
  const narrow = (keep: (anchor: Anchor) => boolean) => {
    const kept = pool.filter(keep);
    if (kept.length > 0) pool = kept;
  };
  const { part, year, old } = mention.query;
  if (part) narrow((anchor) => anchor.entries.some((entry) => entry.part === part));
  // The edition said tells the series apart: "the old oh-three-oh-one, the 2007 one" is the series with a 2007 edition.
  if (year !== null) narrow((anchor) => anchor.entries.some((entry) => entry.year === year));
  if (old) narrow((anchor) => anchor.entries.some((entry) => entry.doc.status === 'superseded'));
  narrow((anchor) => mention.seriesBefore.has(anchor.series));
  const most = Math.max(...pool.map((anchor) => seriesUse.get(anchor.series) ?? 0));
  narrow((anchor) => (seriesUse.get(anchor.series) ?? 0) === most);
  const largest = Math.max(...pool.map((anchor) => size(anchor.series)));
  narrow((anchor) => size(anchor.series) === largest);
  return pool[0] as Anchor;
}

/** The documents a mention names among one family's editions and parts. */
function resolve(entries: readonly Entry[], query: Query): Entry[] {
  let pool = [...entries];
  let dated = false;
  if (query.year !== null) {
    const ofYear = pool.filter((entry) => entry.year === query.year);
    if (ofYear.length > 0) {
      pool = ofYear;
      dated = true;
    }
  }
  if (query.ordinal !== null) {
    const numbered = pool.filter((entry) => entry.ordinal === query.ordinal);
    if (numbered.length > 0) {
      pool = numbered;
      dated = true;
    }
  }
  if (query.part !== null) {
    const parted = pool.filter((entry) => entry.part === query.part);
    if (parted.length > 0) pool = parted;
    else if (pool.some((entry) => entry.part !== null)) return [];
  }
  if (dated) return pool;
  if (query.old) {
    const older = pool.filter((entry) => entry.doc.status === 'superseded').sort((a, b) => (b.year ?? 0) - (a.year ?? 0));
    const superseded = older.some((entry) => !entry.historical) ? older.filter((entry) => !entry.historical) : older;
    return superseded.length > 0 ? [superseded[0] as Entry] : pool.filter((entry) => entry.doc.status === 'current');
  }
  const current = pool.filter((entry) => entry.doc.status === 'current');
  if (current.length > 0) return current;
  // An older title the library does not hold is named only when said so (its year, or nothing else fits).
  const held = pool.filter((entry) => !entry.historical);
  return held.length > 0 ? held : pool;
}

/**
 * Regulation numbers said without "reg": in a meeting that names numbered regulations of a
 * series, a number said on its own within a few words of a word only that regulation's title has
 * ("for complaints and governance, sixteen and seventeen").
 */
function regulationsBySubject(sentences: readonly NumberedSentence[], resolved: readonly Resolved[], index: LibraryIndex): Resolved[] {
  const named = new Set(resolved.flatMap((mention) => mention.entries.map((entry) => entry.family)));
  const regulations = (index.anchors.get('reg') ?? []).filter((anchor) => !anchor.rest.includes(' '));
  const prefixes = new Set(regulations.filter((anchor) => named.has(anchor.family)).map((anchor) => anchor.prefix.join(' ')));
  if (prefixes.size === 0) return [];
  const found: Resolved[] = [];
  for (const sentence of sentences) {
    for (const number of sentence.numbers) {
      const anchor = regulations.find((candidate) => candidate.rest === number.digits && prefixes.has(candidate.prefix.join(' ')));
      if (!anchor) continue;
      const siblings = regulations.filter((other) => other !== anchor && other.prefix.join(' ') === anchor.prefix.join(' '));
      const otherWords = new Set(siblings.flatMap((other) => [...(index.titleStems.get(other) ?? [])]));
      const own = new Set([...(index.titleStems.get(anchor) ?? [])].filter((word) => word.length >= 4 && !otherWords.has(word)));
      const near = sentence.words.slice(Math.max(0, number.at - SUBJECT_REACH), number.at + SUBJECT_REACH + 1);
      if (!near.some((word) => own.has(stem(word.lower)))) continue;
      const word = sentence.words[number.at] as Word;
      found.push({
        line: sentence.line,
        start: word.start,
        said: word.text,
        entries: resolve(anchor.entries, { part: null, year: null, ordinal: null, old: false }),
      });
    }
  }
  return found;
}

function references(resolved: readonly Resolved[], index: LibraryIndex): WriteReference[] {
  const ordered = [...resolved].sort((a, b) => a.line - b.line || a.start - b.start);
  const byId = new Map<string, WriteReference>();
  for (const mention of ordered) {
    for (const entry of mention.entries) {
      let reference = byId.get(entry.doc.id);
      if (!reference) {
        reference = {
          code: entry.doc.code,
          title: entry.doc.title,
          document_id: entry.historical ? null : entry.doc.id,
          status: entry.doc.status,
          superseded_by: replacement(entry, index),
          mentions: [],
        };
        byId.set(entry.doc.id, reference);
      }
      if (reference.mentions.length < MENTIONS_KEPT) reference.mentions.push({ said: mention.said, line: mention.line });
    }
  }
  return [...byId.values()];
}

function replacement(entry: Entry, index: LibraryIndex): WriteReference['superseded_by'] {
  if (entry.doc.status !== 'superseded' || !entry.doc.supersededBy) return null;
  const candidates = index.byCode.get(entry.doc.supersededBy) ?? [];
  const current = candidates.find((candidate) => candidate.doc.status === 'current') ?? candidates[0];
  return current ? { id: current.doc.id, code: current.doc.code, title: current.doc.title } : null;
}
