import type { DueDate } from './due-dates.ts';

/**
 * Candidate actions become one action per task. An owner's candidates answering the same request
 * or assignment, or a few lines apart about the same thing (a shared telling word; a later one
 * that does not name its task; in one turn, an intention made firm) are merged; two tasks naming
 * different things in one turn stay two actions. So is merged a task said again later with
 * the same date. The merged action takes the best-sourced, most specific text, every line, and the
 * first date said. A plan with no date and no go-ahead is kept only when a firmer candidate follows it.
 */

export interface FoundAction {
  owner: string;
  action: string;
  due: string | null;
  due_said: string | null;
  lines: number[];
}

/** Where an action's text came from, best first: the task as said, the task with what was said before it, a bare answer. */
export type Source = 'task' | 'context' | 'answer';
const SOURCE_RANK: Record<Source, number> = { task: 2, context: 1, answer: 0 };

export interface Candidate {
  owner: string;
  text: string;
  source: Source;
  /** How specific the task is (its telling words, context aside). */
  weight: number;
  /** Every line it was taken from, and the lines of the sentence that made it (which merging compares). */
  lines: number[];
  own: number[];
  /** The turn it was said in, and the stems of its task's telling words (context aside), for telling sub-steps of one task. */
  turn: number;
  stems: Set<string>;
  due: DueDate;
  /** An intention ("I'd like to …"), which a commitment some lines later may complete. */
  plan: boolean;
  /** A plan without a date or go-ahead, kept only when a firmer candidate follows it. */
  tentative: boolean;
  /** Position of the sentence it was found in. */
  at: number;
  /** The request or assignment it answers, for merging the two. */
  anchor: number | null;
}

/** Lines apart within which one owner's commitments are one task. */
const MERGE_LINES = 3;
/** An intention is one task with its owner's commitment up to this many lines later. */
const PLAN_MERGE_LINES = 8;
/** A word without a plural or verb ending, for telling whether a text already names something. */
export function stemOf(word: string): string {
  return word.replace(/(?:ings?|ed|es|s)$/, '');
}

/** One action per task, in the order the tasks were first said. */
export function mergeCandidates(candidates: readonly Candidate[]): FoundAction[] {
  const groups: Candidate[][] = [];
  const vagueOne = (candidate: Candidate) => candidate.source !== 'task' && !candidate.plan;
  const near = (earlier: Candidate, later: Candidate) => {
    const shared = [...later.stems].some((stem) => earlier.stems.has(stem));
    const vague = vagueOne(later);
    // In one turn, a step of the same task (said vaguely before or after it) or an intention made
    // firm; a second task naming other things stands alone.
    if (earlier.turn === later.turn) return shared || vague || vagueOne(earlier) || earlier.plan;
    const apart = Math.min(...later.own) - Math.max(...earlier.own);
    return (shared && apart <= (earlier.plan ? PLAN_MERGE_LINES : MERGE_LINES)) || (vague && apart <= MERGE_LINES);
  };
  // The same task said again later ("you'll have it on the 12th"): same owner and date, and the later one names nothing new.
  const restated = (earlier: Candidate, later: Candidate) =>
    later.source !== 'task' && later.due.due !== null && later.due.due === earlier.due.due;
  for (const candidate of [...candidates].sort((a, b) => a.at - b.at)) {
    const group = groups.find(
      (items) =>
        items[0]?.owner === candidate.owner &&
        items.some(
          (item) => (candidate.anchor !== null && item.anchor === candidate.anchor) || near(item, candidate) || restated(item, candidate),
        ),
    );
    if (group) group.push(candidate);
    else groups.push([candidate]);
  }
  return groups
    .filter((group) => group.some((item) => !item.tentative))
    .map((group) => {
      const best = [...group].sort(
        (a, b) => SOURCE_RANK[b.source] - SOURCE_RANK[a.source] || b.weight - a.weight || Number(a.plan) - Number(b.plan) || a.at - b.at,
      )[0] as Candidate;
      const dated =
        best.due.due !== null
          ? best
          : (group.find((item) => item.due.due !== null) ?? group.find((item) => item.due.said !== null) ?? best);
      return {
        owner: best.owner,
        action: best.text,
        due: dated.due.due,
        due_said: dated.due.said,
        lines: [...new Set(group.flatMap((item) => item.lines))].sort((a, b) => a - b),
      };
    })
    .sort((a, b) => (a.lines[0] ?? 0) - (b.lines[0] ?? 0));
}
