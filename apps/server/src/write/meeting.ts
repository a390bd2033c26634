import { addDays, dateFrom, dateNearest, spokenDates, weekdayDayAfter } from './due-dates.ts';
import { readPeople } from './people.ts';
import { capitalise, type Sentence, turnsOf } from './sentences.ts';
import type { Meeting, Transcript } from './types.ts';

/**
 * What a meeting says about itself: its date ("it's Tuesday the 10th of March": the year is the
 * one nearest today in which that day is a Tuesday), the next meeting's date ("next meeting is
 * the 12th of May": the first such date after this one; "Monday the 23rd": the first 23rd after it
 * that is a Monday), its name ("welcome to the Fire Safety
 * Group") and its people (people.ts). A date given with the upload wins over the one said.
 */

export interface MeetingOptions {
  /** The date given with the upload (`YYYY-MM-DD`). */
  meetingDate?: string;
  /** Today (`YYYY-MM-DD`), for a date said without its year. */
  today: string;
}

/** How much of the meeting's opening is searched for its date and name. */
const OPENING_SHARE = 0.35;
const OPENING_MIN_SENTENCES = 40;

export function readMeeting(transcript: Transcript, options: MeetingOptions): Meeting {
  const turns = turnsOf(transcript.lines);
  const sentences = turns.flatMap((turn) => turn.sentences);
  const opening = sentences.slice(0, Math.max(OPENING_MIN_SENTENCES, Math.ceil(sentences.length * OPENING_SHARE)));
  const date = options.meetingDate ?? saidMeetingDate(opening, options.today);
  const people = readPeople(turns);
  return {
    date,
    nextMeetingDate: nextMeetingDate(sentences, date, options.today),
    name: meetingName(opening),
    attendees: people.attendees,
    apologies: people.apologies,
    resolve: people.resolve,
  };
}

/** Sentences that speak of another meeting or of the past, whose dates are not this meeting's. */
const OTHER_MEETING = /\b(?:next|last|previous|was|were|since|until|ago|due|booked|expires?|runs? out)\b/i;
const TODAY_CUE = /\b(?:today|it's|it is|date|this is|welcome|morning|afternoon|meeting)\b/i;

/** The meeting date said near the start: a weekday with a date ("Tuesday the 10th of March"), or "today is the 4th of March". */
function saidMeetingDate(opening: readonly Sentence[], today: string): string | null {
  const candidates = opening.flatMap((sentence) =>
    OTHER_MEETING.test(sentence.text) ? [] : spokenDates(sentence.text).map((date) => ({ date, cue: TODAY_CUE.test(sentence.text) })),
  );
  const best =
    candidates.find((candidate) => candidate.date.weekday !== null && candidate.cue) ??
    candidates.find((candidate) => candidate.date.weekday !== null) ??
    candidates.find((candidate) => candidate.cue);
  return best ? dateNearest(best.date, today) : null;
}

const NEXT_MEETING = /\b(?:next meeting|next one|meet again|next time we meet|reconvene|next session)\b/i;

/** The date said for the next meeting: the first such date after this meeting. */
function nextMeetingDate(sentences: readonly Sentence[], date: string | null, today: string): string | null {
  for (let index = sentences.length - 1; index >= 0; index -= 1) {
    const sentence = sentences[index];
    if (sentence === undefined || !NEXT_MEETING.test(sentence.text)) continue;
    const said = spokenDates(sentence.text)[0];
    if (said !== undefined) return date === null ? dateNearest(said, today) : dateFrom(said, addDays(date, 1));
    // "Monday the 23rd": no month, so only with the meeting's own date to count from.
    const weekdayDay = date === null ? null : weekdayDayAfter(sentence.text, date);
    if (weekdayDay !== null) return weekdayDay;
  }
  return null;
}

const NAME_ENDINGS =
  'group|committee|board|forum|panel|review|council|huddle|meeting|network|subgroup|sub-group|sync|stand-?up|catch-?up|check-?in|retro';
/** Everyday meetings ("the weekly product sync") are described, not named: their names stay in sentence case. */
const INFORMAL_ENDING = /\b(?:sync|stand-?up|catch-?up|check-?in|retro|huddle)$/i;
const MEETING_NAME = new RegExp(
  String.raw`\b(?:welcome(?:\s+\w+)?\s+to|this is|it's|this is our)\s+(?:the\s+|our\s+)?((?:[\p{L}&'-]+\s+){1,5}(?:${NAME_ENDINGS}))\b`,
  'iu',
);
const SMALL_WORDS = new Set(['and', 'of', 'for', 'the', 'on', 'in', '&']);

/** The meeting's name as introduced ("welcome to the Health and Safety Committee"), in title case. */
function meetingName(opening: readonly Sentence[]): string | null {
  for (const sentence of opening) {
    const match = MEETING_NAME.exec(sentence.text);
    // The longest name wins ("Estates Review Group", not "Estates Review"), less a "meeting" after it.
    const name = match?.[1]?.replace(new RegExp(String.raw`(\b(?:${NAME_ENDINGS}))\s+meeting$`, 'i'), '$1');
    if (!name || /\b(?:next|last|this|that|a|an|every|each)\s/i.test(name)) continue;
    if (INFORMAL_ENDING.test(name)) return capitalise(name.replace(/\b[\p{Lu}][\p{Ll}]+/gu, (word) => word.toLowerCase()));
    return name
      .split(/\s+/)
      .map((word, index) =>
        index > 0 && SMALL_WORDS.has(word.toLowerCase())
          ? word.toLowerCase()
          : /^[\p{Lu}\d]{2,}$/u.test(word)
            ? word
            : word.charAt(0).toUpperCase() + word.slice(1),
      )
      .join(' ');
  }
  return null;
}
