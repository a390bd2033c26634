import type { WriteTopic } from '@verity/shared';
import { specificWords } from './actions-phrases.ts';
import { type FoundAction, stemOf } from './actions-merge.ts';
import { withFullerNames } from './actions-names.ts';
import { withTopic } from './actions-wording.ts';
import { isRoleWord, nameWordsOf } from './people.ts';
import { type Sentence, wordsOf } from './sentences.ts';
import type { Meeting } from './types.ts';

/**
 * What an action concerns, when its text does not say it: the agenda item it was taken under
 * is woven in (actions-wording.ts: "On fire doors, submit the bid.") unless the action, said as
 * the item opens, is about the talk before it; and a place named more than once, or with a
 * number or letter, follows in brackets ("… (East Wing)", "… (Ward 7)") when neither the action nor what it was
 * taken from names a place, and the place was named in the action's own exchange (its sentences or the two just
 * before), at the opening of its agenda item, or is what the discussion keeps coming back to (named more than
 * once) — not a passing mention.
 */

/** Lines before an action searched for the place it concerns. */
const SUBJECT_WINDOW_LINES = 12;
/** Agenda items that say nothing about a task. */
const GENERIC_TOPIC =
  /^(?:any other business|aob|other business|matters arising|apologies|introductions?|welcome|actions?|action log|minutes|close|next meeting|updates?)$/i;
/** Two or more capitalised words, or one with a number or letter after it: "East Wing", "Block 4", "Ward 7". */
const PLACE = /\b[\p{Lu}][\p{Ll}]+(?:\s+(?:[\p{Lu}][\p{Ll}]+|\d{1,3}[A-Za-z]?|[A-Z])\b)+/gu;
/** Sentences before an action in which the place it concerns must have been named. */
const PLACE_NEAR_SENTENCES = 2;
/** The first lines of an agenda item, which say what (and where) it is about. */
const TOPIC_OPENING_LINES = 3;
/** Words that show a text already says where: "the main hospital", "the ward", "the first floor". */
const LOCATION_WORD =
  /\b(?:wards?|wings?|blocks?|floors?|buildings?|sites?|site-wide|hospitals?|rooms?|units?|departments?|clinics?|theatres?|corridors?|offices?|premises|kitchens?|car parks?|annexes?|basements?|receptions?|bays?|homes?)\b/i;
/** "on Elm", "at Riverside": a preposition and a capitalised word, checked against NOT_PLACE and names. */
const AT_NAMED = /\b(?:on|in|at|for|from)\s+([\p{Lu}][\p{Ll}]+)\b/gu;
const NOT_PLACE =
  /^(?:i|the|a|an|and|ok|okay|so|yes|yeah|no|right|thanks|sorry|hi|hello|well|good|great|lovely|morning|afternoon|over|after|before|since|during|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter|part|section|regulation|regulations|regs?|version|page|item|number|table|policy|code|act|order|guidance|committee|group|board|meeting|forum|panel|trust|plan|report|standard|framework)$/;

interface Scope {
  sentences: readonly Sentence[];
  topics: readonly WriteTopic[];
  meeting: Meeting;
}

export function withSubjects(actions: readonly FoundAction[], scope: Scope): FoundAction[] {
  const nameWords = nameWordsOf(scope.meeting);
  return actions.map((action) => withSubject(action, scope, nameWords));
}

function withSubject(action: FoundAction, scope: Scope, nameWords: ReadonlySet<string>): FoundAction {
  const first = action.lines[0] ?? 0;
  const last = action.lines.at(-1) ?? first;
  // The item an action was taken under holds every line it was taken from.
  const topic = scope.topics.find((item) => item.from_line <= first && item.to_line >= last);
  const from = Math.max(topic?.from_line ?? 0, first - SUBJECT_WINDOW_LINES);
  let text = withFullerNames(
    action.action,
    scope.sentences.filter((sentence) => sentence.line >= from && sentence.line <= last).map((sentence) => sentence.text),
  );
  const words = new Set(specificWords(text).map(stemOf));
  const missing = (phrase: string) => specificWords(phrase).some((word) => !words.has(stemOf(word)));
  const own = scope.sentences.filter((sentence) => action.lines.includes(sentence.line));
  const place = namesPlace([text, ...own.map((sentence) => sentence.text)], nameWords)
    ? null
    : placeNamed(scope.sentences, from, last, nameWords);
  if (
    place !== null &&
    missing(place.phrase) &&
    (place.count >= 2 || saidNear(place.phrase, scope.sentences, first, last) || openedWith(place.phrase, scope.sentences, topic)) &&
    !(topic && wordsOf(topic.title).join(' ').includes(place.phrase.toLowerCase()))
  ) {
    text = `${text.replace(/\.$/, '')} (${place.phrase}).`;
  }
  // An action that already names the item's head ("re-run the audit" under "Medication audit") needs no more of it.
  const head = specificWords(topic?.title ?? '').at(-1);
  if (
    topic &&
    !GENERIC_TOPIC.test(topic.title.trim()) &&
    head !== undefined &&
    !words.has(stemOf(head)) &&
    !aboutEarlierTalk(action, own, topic, scope.sentences)
  ) {
    const said = scope.sentences.filter((sentence) => sentence.line >= topic.from_line && sentence.line <= topic.to_line);
    text = withTopic(
      text,
      topic.title,
      nameWords,
      said.map((sentence) => sentence.text),
    );
  }
  return { ...action, action: text };
}

/**
 * Whether an action said at the opening of an agenda item belongs to the talk before it ("Next
 * item, the website. — Before we move on, I'll book the room for the retro."): neither its text nor
 * its own sentences share a word with the item's title or the rest of what was said under it, and
 * its text shares one with what was said before the item. Such an action is not credited to the item.
 */
function aboutEarlierTalk(action: FoundAction, own: readonly Sentence[], topic: WriteTopic, sentences: readonly Sentence[]): boolean {
  const first = action.lines[0] ?? 0;
  if (first >= topic.from_line + TOPIC_OPENING_LINES) return false;
  const stems = (texts: readonly string[]) => new Set(texts.flatMap((text) => specificWords(text).map(stemOf)));
  const task = stems([action.action]);
  const mine = stems([action.action, ...own.map((sentence) => sentence.text)]);
  const item = stems([
    topic.title,
    ...sentences
      .filter((sentence) => sentence.line >= topic.from_line && sentence.line <= topic.to_line && !action.lines.includes(sentence.line))
      .map((sentence) => sentence.text),
  ]);
  const before = stems(sentences.filter((sentence) => sentence.line < topic.from_line).map((sentence) => sentence.text));
  return ![...mine].some((stem) => item.has(stem)) && [...task].some((stem) => before.has(stem));
}

/** Whether any of these texts already says where ("for the main hospital", "on Elm", "the ward"). */
function namesPlace(texts: readonly string[], nameWords: ReadonlySet<string>): boolean {
  return texts.some(
    (text) =>
      LOCATION_WORD.test(text) ||
      placesIn(text, nameWords).length > 0 ||
      [...text.matchAll(AT_NAMED)].some(([, word = '']) => !NOT_PLACE.test(word.toLowerCase()) && !nameWords.has(word.toLowerCase())),
  );
}

/** Whether `place` was said in the lines `first`–`last` or the sentences just before them. */
function saidNear(place: string, sentences: readonly Sentence[], first: number, last: number): boolean {
  const start = sentences.findIndex((sentence) => sentence.line >= first);
  if (start < 0) return false;
  return sentences
    .slice(Math.max(0, start - PLACE_NEAR_SENTENCES))
    .filter((sentence) => sentence.line <= last)
    .some((sentence) => sentence.text.includes(place));
}

/** Whether the agenda item opened on `place` ("Generators. So the monthly test, Block 4 generator …"). */
function openedWith(place: string, sentences: readonly Sentence[], topic: WriteTopic | undefined): boolean {
  if (topic === undefined) return false;
  return sentences.some(
    (sentence) =>
      sentence.line >= topic.from_line && sentence.line < topic.from_line + TOPIC_OPENING_LINES && sentence.text.includes(place),
  );
}

/** The place named most (then last), and more than once or with a number, in the lines `from`–`to`, with how often. */
function placeNamed(
  sentences: readonly Sentence[],
  from: number,
  to: number,
  nameWords: ReadonlySet<string>,
): { phrase: string; count: number } | null {
  const counts = new Map<string, { count: number; last: number; numbered: boolean }>();
  for (const sentence of sentences) {
    if (sentence.line < from || sentence.line > to) continue;
    for (const phrase of placesIn(sentence.text, nameWords)) {
      const seen = counts.get(phrase) ?? { count: 0, last: 0, numbered: /\s(?:\d|[A-Z]\b)/.test(phrase) };
      counts.set(phrase, { ...seen, count: seen.count + 1, last: sentence.line });
    }
  }
  const places = [...counts].filter(([, seen]) => seen.count >= 2 || seen.numbered);
  const [phrase, seen] = places.sort((a, b) => b[1].count - a[1].count || b[1].last - a[1].last)[0] ?? [];
  return phrase === undefined || seen === undefined ? null : { phrase, count: seen.count };
}

/** The places a text names: capitalised phrases that are not people, roles or everyday words. */
function placesIn(text: string, nameWords: ReadonlySet<string>): string[] {
  return [...text.matchAll(PLACE)]
    .map((match) => match[0])
    .filter(
      (phrase) =>
        !phrase
          .split(/\s+/)
          .some((token) => nameWords.has(token.toLowerCase()) || NOT_PLACE.test(token.toLowerCase()) || isRoleWord(token)),
    );
}
