/**
 * Whether the lines a model cites for a decision or an action support it: a lexical check, so a
 * model cannot attach an item to lines that do not say it.
 *
 * The cited lines must exist among the lines the model was shown (others are removed). The
 * evidence window is those lines and the line either side of each, with their speakers. An item
 * is supported when
 *   (a) enough of its content words occur in the window — all of them up to two, otherwise at
 *       least two and at least 30 % of them — or
 *   (b) at least one of its content words occurs there, and for an action its owner (named, or
 *       speaking a window line) and a committing word ("I'll", "will", "can you", "leave it with
 *       me"…) do too; for a decision, a deciding word ("agreed", "decided", "approve"…).
 * Content words are words of three letters or more outside a list of function and filler words,
 * compared by their first five letters without a plural s, so "inspect", "inspected" and
 * "inspection" match.
 */
import type { TranscriptLine } from '@verity/shared';
import type { Meeting } from './types.ts';

const STOP_WORDS = new Set(
  `a about above after again all also am an and any are as at be been before being below between both but by can could did do does
doing done down during each few for from further get gets getting go goes going got had has have having he her here hers him his
how i if in into is it its itself just let like made make me more most much must my need needs next no nor not now of off on once
only or other our ours out over own per please put really right same say see shall she should so some still such sure than that the
their theirs them then there these they thing things think this those through to too under until up us very want was way we well
were what when where which while who whom why will with would yeah yes yet you your yours okay ok fine good great thanks thank
something anything everything someone anyone everyone actually basically probably maybe perhaps already again back take took`.split(/\s+/),
);

/** Words that commit the speaker or accept a request. */
const COMMITTING =
  /\b(?:i'll|i will|we'll|we will|i can|i could|will do|can do|happy to|leave it with me|i'm going to|going to|on it|take (?:that|this|it) on|take that|my action|action (?:for|on) me|i'll pick|pick (?:that|it) up|can you|could you|will you|would you|yes|sure|okay|fine|agreed)\b/i;
/** Words that say the meeting reached a decision. */
const DECIDING =
  /\b(?:agree|agreed|agreement|decide|decided|decision|approve|approved|resolved|settled|confirm|confirmed|sign(?:ed)? off|go (?:ahead|with)|accept|accepted|adopt|adopted|we'll|we will|consensus|everyone happy|all in favour)\b/i;

/** A word's comparable form: lower case, a plural s removed, the first five letters. */
function stem(word: string): string {
  const lower = word.toLowerCase();
  const singular = lower.length > 4 && lower.endsWith('s') && !lower.endsWith('ss') ? lower.slice(0, -1) : lower;
  return singular.slice(0, 5);
}

/** The distinct content words of a text, as stems. */
export function contentStems(text: string): Set<string> {
  const stems = new Set<string>();
  for (const found of text
    .toLowerCase()
    .replace(/’/g, "'")
    .match(/[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu) ?? []) {
    // "Priya's" counts as "priya"; contractions ("I'll", "won't") are function words.
    const word = found.replace(/'s$/, '');
    if (word.length < 3 || STOP_WORDS.has(word) || word.includes("'")) continue;
    stems.add(stem(word));
  }
  return stems;
}

export interface CitedItem {
  kind: 'action' | 'decision';
  /** The decision, or the action's text. */
  text: string;
  /** An action's owner. */
  owner?: string;
  lines: readonly number[];
}

/** The transcript lines an item may cite (those the model was shown), and the whole transcript for the window. */
export interface EvidenceScope {
  shown: ReadonlySet<number>;
  byNumber: ReadonlyMap<number, TranscriptLine>;
  meeting: Pick<Meeting, 'resolve'>;
}

/** How many of an item's content words must occur in its window for (a). */
function requiredMatches(count: number): number {
  return Math.min(count, Math.max(2, Math.ceil(count * 0.3)));
}

/** Whether the owner is named in the window, or speaks one of its lines. */
function ownerPresent(owner: string, window: readonly TranscriptLine[], meeting: Pick<Meeting, 'resolve'>): boolean {
  const person = meeting.resolve(owner);
  const names = [owner, ...(person ? [person.name, ...person.aliases] : [])];
  const nameStems = new Set(names.flatMap((name) => [...contentStems(name)]));
  return window.some((line) => {
    if (line.speaker && person && meeting.resolve(line.speaker) === person) return true;
    const said = contentStems(`${line.speaker ?? ''} ${line.text}`);
    return [...nameStems].some((name) => said.has(name));
  });
}

/**
 * The item's cited lines that exist among those shown, in order, when they support it (see the
 * module comment); null when none exists or they do not support it.
 */
export function supportedLines(item: CitedItem, scope: EvidenceScope): number[] | null {
  const cited = [...new Set(item.lines)].filter((n) => scope.shown.has(n)).sort((a, b) => a - b);
  if (cited.length === 0) return null;
  const window = [...new Set(cited.flatMap((n) => [n - 1, n, n + 1]))].sort((a, b) => a - b).flatMap((n) => scope.byNumber.get(n) ?? []);
  const windowText = window.map((line) => line.text).join('\n');
  const windowStems = contentStems(windowText);
  const itemStems = contentStems(item.text);
  const matched = [...itemStems].filter((word) => windowStems.has(word)).length;
  if (matched === 0) return null;
  if (matched >= requiredMatches(itemStems.size)) return cited;
  if (item.kind === 'decision') return DECIDING.test(windowText) ? cited : null;
  const owner = item.owner?.trim() ?? '';
  return owner.length > 0 && ownerPresent(owner, window, scope.meeting) && COMMITTING.test(windowText) ? cited : null;
}
