/**
 * What the transcript reader recognises as a speaker label or a time, shared by every format.
 * A label is only taken as a speaker when it looks like a name ("Ama Mensah", "Dr O'Neill",
 * "Speaker 2", "PERSON3") and, for `Name: text` lines, when the transcript uses it as one: the
 * same label recurs, or at least half the lines carry a label. That keeps "Note: …" in prose or "at 10:30" as
 * words, not speakers.
 */

/** A time as transcripts write it: `1:02`, `01:02:03`, `0:0:3.450`, `00:00:07,006`. */
export const TIME = String.raw`\d{1,2}(?::\d{1,2}){1,2}(?:[.,]\d{1,3})?`;

const TIME_ONLY = new RegExp(String.raw`^[[(]?(${TIME})[\])]?$`);

/**
 * `HH:MM:SS` from a transcript's time: hours and minutes padded, minutes past 59 carried into
 * hours (`75:02` → `01:15:02`), fractions of a second dropped. Null when it is not a clock time.
 */
export function normaliseTime(raw: string): string | null {
  const parts = raw
    .replace(/[.,]\d+$/, '')
    .split(':')
    .map((part) => Number.parseInt(part, 10));
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => Number.isNaN(part))) return null;
  const [hours, minutes, seconds] = parts.length === 3 ? parts : [0, ...parts];
  if (hours === undefined || minutes === undefined || seconds === undefined || seconds > 59) return null;
  if (parts.length === 3 && minutes > 59) return null;
  const total = hours * 3600 + minutes * 60 + seconds;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}

/** The time of a line that holds nothing but a time (`00:05:00`, `[0:05]`), as Meet exports mark the minutes. */
export function timeOnlyLine(line: string): string | null {
  const match = TIME_ONLY.exec(line);
  return match?.[1] ? normaliseTime(match[1]) : null;
}

const TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'professor', 'sir', 'dame', 'cllr', 'rev', 'revd']);
/** Lower-case words that sit inside names: "Ruud van Dijk", "Ali bin Omar". */
const PARTICLES = new Set('van von de der den da di du del della le la bin binti al el ap dos das ibn'.split(' '));
/** A capitalised word with hyphens and apostrophes, or an anonymised label such as PERSON3 or SPEAKER_01. */
const NAME_WORD = /^\p{Lu}[\p{L}\p{M}\p{N}_'’.-]*$/u;
/** A role or place in brackets after a name: "Sam (Estates)", "Jane Smith (Guest)". */
const BRACKETED_SUFFIX = /\s*\([^()]{1,30}\)$/;

/**
 * First words of labels that head notes, minutes and documents rather than turns ("Note:",
 * "Action point:", "Date:", "Item 3:") or open a sentence ("So:", "However:"). Months that are
 * also first names (April, May, June, August) are not here.
 */
const NOT_SPEAKER_FIRST_WORDS = new Set(
  [
    'note notes nb ps action actions decision decisions agenda item items date dates time present apologies attendees attendance',
    'absent location venue subject re title minutes summary outcome outcomes owner due status ref reference references update',
    'updates example question questions warning important tip step background purpose objective objectives result results',
    'conclusion conclusions recommendation recommendations next aob tel telephone phone mobile email e-mail fax web website',
    'http https www transcript transcription meeting recorded recording source cc from to sent dear total part section chapter',
    'appendix table figure page monday tuesday wednesday thursday friday saturday sunday january february march july',
    'september october november december today tomorrow yesterday also however so but and well ok okay yes no right',
    'look first firstly second secondly third thirdly finally anyway basically plus edited updated created author version keywords',
    'tags speakers participants duration started ended start end topic topics issue issues risk risks comment comments feedback',
    'point points remember answer',
  ]
    .join(' ')
    .split(' '),
);
/** Column headings of a transcript table, never people. */
const NOT_SPEAKER_LABELS = new Set(['speaker', 'name', 'names', 'participant', 'text']);

/**
 * Whether a label reads as a person's name or an anonymised speaker label: 1–4 capitalised words
 * (hyphens and apostrophes allowed), an optional title first (Dr, Mrs, Prof), name particles
 * (van, bin), a number last ("Speaker 2"), and a role in brackets after it ("Sam (Estates)").
 */
export function isSpeakerName(label: string): boolean {
  if (label.length === 0 || label.length > 60) return false;
  const core = label.replace(BRACKETED_SUFFIX, '');
  const words = core.split(/\s+/);
  const first = words[0]?.toLowerCase().replace(/\.$/, '') ?? '';
  if (NOT_SPEAKER_FIRST_WORDS.has(first) || NOT_SPEAKER_LABELS.has(core.toLowerCase())) return false;
  let named = 0;
  for (const [index, word] of words.entries()) {
    if (index === 0 && TITLES.has(first) && words.length > 1) continue;
    if (index > 0 && PARTICLES.has(word)) continue;
    if (index > 0 && index === words.length - 1 && /^\d{1,3}$/.test(word)) continue;
    if (!NAME_WORD.test(word)) return false;
    named += 1;
  }
  return named >= 1 && named <= 4 && !core.endsWith('.');
}

/** `Name: text`, `**Name:** text`, `[PERSON2]: text` and `Name (00:01:02): text`. */
const LABELLED = new RegExp(
  String.raw`^(?:\*\*)?(\[[^\]]{1,40}\]|[^:*[\]]{1,60}?)(?:\s*[[(](${TIME})[\])])?(?:\*\*)?\s*:(?:\*\*)?(?=\s|$)\s*(.*)$`,
  'u',
);

export interface LabelledLine {
  label: string;
  /** The time written beside the label (`Name (00:01:02): …`), normalised. */
  time: string | null;
  text: string;
}

/** The label a line opens with, when it looks like a speaker's name; whether it is one is for `acceptedLabels`. */
export function labelOf(line: string): LabelledLine | null {
  const match = LABELLED.exec(line);
  if (!match) return null;
  const label = (match[1] ?? '').replace(/^\[|\]$/g, '').trim();
  if (!isSpeakerName(label)) return null;
  return { label, time: match[2] ? normaliseTime(match[2]) : null, text: match[3] ?? '' };
}

/**
 * The labels that are speakers, given the label each line opens with (null for none): those that
 * recur, or all of them when at least half the lines are labelled (a label alone on its line, the
 * turn on the next, labels half of them).
 */
export function acceptedLabels(labels: readonly (string | null)[]): Set<string> {
  const counts = new Map<string, number>();
  let labelled = 0;
  for (const label of labels) {
    if (label === null) continue;
    labelled += 1;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  const mostlyLabelled = labelled * 2 >= labels.length;
  return new Set([...counts].filter(([, count]) => count >= 2 || mostlyLabelled).map(([label]) => label));
}
