/**
 * The deterministic half of the provider engine's reduce step: the chunks' decisions and actions
 * become one list each (the same item found in two chunks — the overlap, or a subject taken up
 * again — kept once, with the lines of both), names become the meeting's names, and the chunks'
 * topics become the meeting's when the model's reduce answer cannot be used. Items are never
 * merged by the model, so no model step can drop or invent evidence after it was checked.
 */
import type { WriteAction, WriteDecision, WriteTopic } from '@verity/shared';
import { contentStems } from './provider-evidence.ts';
import type { PartTopic } from './provider-prompt.ts';
import type { Meeting } from './types.ts';

export type FoundDecision = Omit<WriteDecision, 'id'>;
export type FoundAction = Omit<WriteAction, 'id'>;

/**
 * Two texts are about the same thing when their content words overlap this much (Jaccard): nearly
 * all, so "service the boiler in the north block" and "… in the south block" stay two tasks…
 */
const SAME_TEXT = 0.8;
/** …or this much when they also cite a line in common (a chunk overlap, a restatement on the same line). */
const SAME_TEXT_SHARING_A_LINE = 0.3;

function overlap(a: string, b: string): number {
  const left = contentStems(a);
  const right = contentStems(b);
  const shared = [...left].filter((word) => right.has(word)).length;
  const union = left.size + right.size - shared;
  return union === 0 ? 0 : shared / union;
}

function sameItem(a: { text: string; lines: readonly number[] }, b: { text: string; lines: readonly number[] }): boolean {
  const similarity = overlap(a.text, b.text);
  if (similarity >= SAME_TEXT) return true;
  return similarity >= SAME_TEXT_SHARING_A_LINE && a.lines.some((n) => b.lines.includes(n));
}

function unionLines(a: readonly number[], b: readonly number[]): number[] {
  return [...new Set([...a, ...b])].sort((x, y) => x - y);
}

const firstLine = (item: { lines: readonly number[] }) => item.lines[0] ?? Number.MAX_SAFE_INTEGER;

/** The name the minutes use for a person the meeting knows, or the name as given. */
export function canonicalName(name: string, meeting: Pick<Meeting, 'resolve'>): string {
  const trimmed = name.replace(/\s+/g, ' ').trim();
  return meeting.resolve(trimmed)?.name ?? trimmed;
}

/** Names made the meeting's and listed once each (ignoring case), in the order first given. */
export function mergeNames(names: readonly string[], meeting: Pick<Meeting, 'resolve'>): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const canonical = canonicalName(name, meeting);
    if (canonical.length > 0 && !seen.has(canonical.toLowerCase())) seen.set(canonical.toLowerCase(), canonical);
  }
  return [...seen.values()];
}

/** Decisions found in several chunks, each kept once, in transcript order, numbered decision-1…. */
export function mergeDecisions(found: readonly FoundDecision[]): WriteDecision[] {
  const kept: FoundDecision[] = [];
  for (const decision of [...found].sort((a, b) => firstLine(a) - firstLine(b))) {
    const index = kept.findIndex((other) => sameItem(other, decision));
    const same = kept[index];
    if (same) kept[index] = { ...same, lines: unionLines(same.lines, decision.lines) };
    else kept.push(decision);
  }
  return kept.sort((a, b) => firstLine(a) - firstLine(b)).map((decision, i) => ({ id: `decision-${i + 1}`, ...decision }));
}

/** Actions found in several chunks, each kept once (same owner, same task), in transcript order, numbered action-1…. */
export function mergeActions(found: readonly FoundAction[]): WriteAction[] {
  const kept: FoundAction[] = [];
  for (const action of [...found].sort((a, b) => firstLine(a) - firstLine(b))) {
    const index = kept.findIndex(
      (other) =>
        other.owner.toLowerCase() === action.owner.toLowerCase() &&
        sameItem({ text: other.action, lines: other.lines }, { text: action.action, lines: action.lines }),
    );
    const same = kept[index];
    if (!same) {
      kept.push(action);
      continue;
    }
    const dated = same.due !== null ? same : action;
    kept[index] = { ...same, due: dated.due, due_said: dated.due_said ?? same.due_said, lines: unionLines(same.lines, action.lines) };
  }
  return kept.sort((a, b) => firstLine(a) - firstLine(b)).map((action, i) => ({ id: `action-${i + 1}`, ...action }));
}

/**
 * The chunks' topics as the meeting's, without the model: in transcript order, consecutive topics
 * of the same title (ignoring case) — one that continues across a chunk boundary — joined into one.
 */
export function joinPartTopics(parts: readonly PartTopic[]): WriteTopic[] {
  const topics: WriteTopic[] = [];
  for (const part of [...parts].sort((a, b) => a.from_line - b.from_line)) {
    const last = topics.at(-1);
    if (last && last.title.toLowerCase() === part.title.toLowerCase()) {
      last.points.push(...part.points.filter((point) => !last.points.includes(point)));
      last.to_line = Math.max(last.to_line, part.to_line);
    } else {
      topics.push({ title: part.title, points: [...part.points], from_line: part.from_line, to_line: part.to_line });
    }
  }
  return topics;
}
