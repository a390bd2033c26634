import type { WriteTopic } from '@verity/shared';
import { specificWords } from './actions-phrases.ts';
import { type FoundAction, stemOf } from './actions-merge.ts';
import { withTopic } from './actions-wording.ts';
import { isRoleWord, nameWordsOf } from './people.ts';
import { type Sentence, wordsOf } from './sentences.ts';
import type { Meeting } from './types.ts';

/**
 * What an action concerns, when its text does not say it: the agenda item it was taken under
 * is woven in (actions-wording.ts: "On fire doors, submit the bid."), and a place named more than once, or with a
 * number or letter, just before it follows in brackets ("… (East Wing)", "… (Ward 7)").
 */

/** Lines before an action searched for the place it concerns. */
const SUBJECT_WINDOW_LINES = 12;
/** Agenda items that say nothing about a task. */
const GENERIC_TOPIC =
  /^(?:any other business|aob|other business|matters arising|apologies|introductions?|welcome|actions?|action log|minutes|close|next meeting|updates?)$/i;
/** Two or more capitalised words, or one with a number or letter after it: "East Wing", "Block 4", "Ward 7". */
const PLACE = /\b[\p{Lu}][\p{Ll}]+(?:\s+(?:[\p{Lu}][\p{Ll}]+|\d{1,3}[A-Za-z]?|[A-Z])\b)+/gu;
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
  const words = new Set(specificWords(action.action).map(stemOf));
  const missing = (phrase: string) => specificWords(phrase).some((word) => !words.has(stemOf(word)));
  let text = action.action;
  const from = Math.max(topic?.from_line ?? 0, first - SUBJECT_WINDOW_LINES);
  const place = placeNamed(scope.sentences, from, last, nameWords);
  if (place !== null && missing(place) && !(topic && wordsOf(topic.title).join(' ').includes(place.toLowerCase()))) {
    text = `${text.replace(/\.$/, '')} (${place}).`;
  }
  // An action that already names the item's head ("re-run the audit" under "Medication audit") needs no more of it.
  const head = specificWords(topic?.title ?? '').at(-1);
  if (topic && !GENERIC_TOPIC.test(topic.title.trim()) && head !== undefined && !words.has(stemOf(head))) {
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

/** The place named most (then last), and more than once or with a number, in the lines `from`–`to`. */
function placeNamed(sentences: readonly Sentence[], from: number, to: number, nameWords: ReadonlySet<string>): string | null {
  const counts = new Map<string, { count: number; last: number; numbered: boolean }>();
  for (const sentence of sentences) {
    if (sentence.line < from || sentence.line > to) continue;
    for (const match of sentence.text.matchAll(PLACE)) {
      const phrase = match[0];
      const tokens = phrase.split(/\s+/);
      if (tokens.some((token) => nameWords.has(token.toLowerCase()) || NOT_PLACE.test(token.toLowerCase()) || isRoleWord(token))) continue;
      const seen = counts.get(phrase) ?? { count: 0, last: 0, numbered: /\s(?:\d|[A-Z]\b)/.test(phrase) };
      counts.set(phrase, { ...seen, count: seen.count + 1, last: sentence.line });
    }
  }
  const places = [...counts].filter(([, seen]) => seen.count >= 2 || seen.numbered);
  return places.sort((a, b) => b[1].count - a[1].count || b[1].last - a[1].last)[0]?.[0] ?? null;
}
