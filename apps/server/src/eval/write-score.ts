/**
 * The minutes evaluation's scoring rule (../shared/eval/write-dev/README.md, "Suggested
 * scoring"), as its reference implementation score.py applies it, so `npm run eval:write`
 * reports the same numbers:
 * 1. names compare on lower-case alphanumeric tokens without titles or square brackets;
 * 2. a predicted owner is the gold owner by full or first name, an alias, or role words (at least
 *    half of the role's words and at least two, abbreviations expanded); "A and B" matches if either does;
 * 3. an action matches when the owner matches and at least half of the gold action's content words
 *    (no stop, date or owner-name words, light suffixes stripped) are in the predicted text;
 * 4. pairs are taken greedily, highest overlap first, each action used once;
 * 5. precision, recall and F1, micro over the set and macro over meetings;
 * 6. decision recall by the same content rule without owners;
 * 7. attendees and apologies as exact sets;
 * 8. due dates exact on matched actions;
 * 9. trap hits: unmatched predictions sharing half the content words of a not-action quote.
 * Beside score.py's numbers it reports owner accuracy (pairs matched on content alone whose owner
 * also matches) and reference recall (gold library codes detected).
 */

export interface GoldAction {
  owner: string;
  action: string;
  due: string | null;
  evidence: string;
}

export interface GoldMeeting {
  id: string;
  file: string;
  format: string;
  meeting_type: string;
  meeting_date: string;
  attendees: string[];
  apologies: string[];
  decisions: { text: string; evidence: string }[];
  actions: GoldAction[];
  not_actions: { evidence: string; why: string }[];
  references: string[];
  topics: string[];
  roles?: Record<string, string>;
  aliases?: Record<string, string[]> | null;
  /** Where the meeting comes from: `written` for the set, `recorded` for a real recorded meeting (the evaluation reports each). */
  origin?: string;
}

export interface PredictedMeeting {
  id: string;
  attendees?: string[];
  apologies?: string[];
  decisions?: { text: string }[];
  actions?: { owner: string; action: string; due: string | null }[];
  references?: string[];
}

const words = (text: string) => text.split(/\s+/).filter((word) => word !== '');
const STOP = new Set(
  words(`a an the and or but nor of to for in on at by with from into onto up out over under about as is are
be been being was were it its this that these those their there them they he she his her our we you your i me my
all any each every both some no not once when if then than so do does did done can could should would will shall
may might must also just only own same other such very too more most get got make made ensure please re`),
);
const DATE_WORDS = new Set(
  words(`monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat
sun january february march april may june july august september october november december jan feb mar apr jun jul
aug sep sept oct nov dec today tomorrow tonight next week weeks weekend month months end start beginning meeting
before after until due deadline day days`),
);
const TITLES = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'prof', 'professor']);
const ABBREVIATIONS: Record<string, string> = {
  ae: 'authorising engineer',
  ap: 'authorised person',
  cp: 'competent person',
  rp: 'responsible person',
  dp: 'designated person',
  dipc: 'director of infection prevention and control',
  ipc: 'infection prevention and control',
  dgsa: 'dangerous goods safety adviser',
  qc: 'quality controller',
  hv: 'high voltage',
  lv: 'low voltage',
  wsp: 'water safety plan',
  fra: 'fire risk assessment',
};
const SUFFIXES = ['ings', 'ing', 'ed', 'es', 's'];

/** Lower-case ASCII alphanumeric tokens, square brackets dropped, titles left out. */
export function tokens(text: string): string[] {
  const lower = text.toLowerCase().replace(/[[\]]/g, ' ');
  return (lower.match(/[a-z0-9]+/g) ?? []).filter((token) => !TITLES.has(token));
}

function expand(list: readonly string[]): string[] {
  return list.flatMap((token) => words(ABBREVIATIONS[token] ?? token));
}

export function stem(token: string): string {
  let result = token;
  for (const suffix of SUFFIXES) {
    if (result.endsWith(suffix) && result.length - suffix.length >= 3) {
      result = result.slice(0, -suffix.length);
      break;
    }
  }
  if (result.endsWith('e') && result.length > 3) result = result.slice(0, -1);
  return result;
}

export function contentWords(text: string, drop: ReadonlySet<string> = new Set()): Set<string> {
  return new Set(
    expand(tokens(text))
      .filter((token) => !STOP.has(token) && !DATE_WORDS.has(token) && !drop.has(token) && !/^\d{1,2}(?:st|nd|rd|th)$/.test(token))
      .map(stem),
  );
}

/** Share of the gold text's content words found in the predicted text. */
export function overlap(gold: string, predicted: string, drop: ReadonlySet<string> = new Set()): number {
  const wanted = contentWords(gold, drop);
  if (wanted.size === 0) return 0;
  const found = contentWords(predicted, drop);
  let shared = 0;
  for (const word of wanted) if (found.has(word)) shared += 1;
  return shared / wanted.size;
}

function identities(name: string, gold: GoldMeeting): Set<string> {
  const list = tokens(name);
  const ids = new Set<string>(list.length > 0 ? [list.join(' '), list[0] ?? ''] : []);
  for (const alias of gold.aliases?.[name] ?? []) ids.add(tokens(alias).join(' '));
  return ids;
}

export function ownerMatches(predicted: string, goldOwner: string, gold: GoldMeeting): boolean {
  const ids = identities(goldOwner, gold);
  const roleTokens = new Set(expand(tokens(gold.roles?.[goldOwner] ?? '')));
  roleTokens.delete('chair');
  const full = tokens(goldOwner).join(' ');
  for (const part of (predicted ?? '').split(/\s*(?:,|&|\/|\band\b)\s*/i)) {
    const mine = expand(tokens(part));
    if (mine.length === 0) continue;
    const joined = mine.join(' ');
    if (ids.has(joined)) return true;
    if (full !== '' && (joined.startsWith(`${full} `) || joined.endsWith(` ${full}`))) return true;
    if (roleTokens.size > 0) {
      const common = new Set(mine.filter((token) => roleTokens.has(token)));
      if (common.size >= Math.max(2, Math.floor((roleTokens.size + 1) / 2)) && mine.length <= roleTokens.size + 2) return true;
    }
  }
  return false;
}

/** An action or decision as the pairing sees it: its text, and its owner when owners count. */
interface Item {
  text: string;
  owner?: string;
}

/** Greedy one-to-one pairs [gold index, predicted index], highest overlap first. */
export function oneToOne(goldItems: readonly Item[], predicted: readonly Item[], gold: GoldMeeting, useOwner: boolean): [number, number][] {
  const pairs: [number, number, number][] = [];
  for (const [i, g] of goldItems.entries()) {
    for (const [j, p] of predicted.entries()) {
      if (useOwner && !ownerMatches(p.owner ?? '', g.owner ?? '', gold)) continue;
      const drop = useOwner ? new Set([...tokens(g.owner ?? ''), ...tokens(p.owner ?? '')]) : new Set<string>();
      const score = overlap(g.text, p.text, drop);
      if (score >= 0.5) pairs.push([score, i, j]);
    }
  }
  pairs.sort((a, b) => b[0] - a[0] || a[1] - b[1] || a[2] - b[2]);
  const usedGold = new Set<number>();
  const usedPredicted = new Set<number>();
  const matched: [number, number][] = [];
  for (const [, i, j] of pairs) {
    if (usedGold.has(i) || usedPredicted.has(j)) continue;
    usedGold.add(i);
    usedPredicted.add(j);
    matched.push([i, j]);
  }
  return matched;
}

const nameSet = (names: readonly string[]) => new Set(names.map((name) => tokens(name).join(' ')));
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((item) => b.has(item));

export interface MeetingScore {
  gold_actions: number;
  pred_actions: number;
  matched_actions: number;
  due_correct: number;
  gold_decisions: number;
  matched_decisions: number;
  trap_hits: number;
  attendees_exact: boolean;
  apologies_exact: boolean;
  /** Pairs matched on content alone (owner ignored), and how many of those have the right owner. */
  content_matched: number;
  owner_correct: number;
  gold_references: number;
  found_references: number;
  /** Which gold actions and predicted actions were matched, for reading the misses. */
  matches: [number, number][];
  /** Which gold decisions and predicted decisions were matched. */
  decisionMatches: [number, number][];
  /** Predicted actions that are trap hits. */
  traps: number[];
}

export function scoreMeeting(gold: GoldMeeting, predicted: PredictedMeeting): MeetingScore {
  const goldActions = gold.actions;
  const actions = predicted.actions ?? [];
  const asItem = (action: { owner: string; action: string }) => ({ text: action.action ?? '', owner: action.owner ?? '' });
  const matches = oneToOne(goldActions.map(asItem), actions.map(asItem), gold, true);
  const matchedPredicted = new Set(matches.map(([, j]) => j));
  const traps = actions.flatMap((action, j) =>
    !matchedPredicted.has(j) && gold.not_actions.some((trap) => overlap(trap.evidence, action.action ?? '') >= 0.5) ? [j] : [],
  );
  const decisions = oneToOne(gold.decisions, predicted.decisions ?? [], gold, false);
  const byContent = oneToOne(goldActions.map(asItem), actions.map(asItem), gold, false);
  const references = new Set(predicted.references ?? []);
  return {
    gold_actions: goldActions.length,
    pred_actions: actions.length,
    matched_actions: matches.length,
    due_correct: matches.filter(([i, j]) => (goldActions[i]?.due ?? null) === (actions[j]?.due ?? null)).length,
    gold_decisions: gold.decisions.length,
    matched_decisions: decisions.length,
    trap_hits: traps.length,
    attendees_exact: sameSet(nameSet(gold.attendees), nameSet(predicted.attendees ?? [])),
    apologies_exact: sameSet(nameSet(gold.apologies), nameSet(predicted.apologies ?? [])),
    content_matched: byContent.length,
    owner_correct: byContent.filter(([i, j]) => ownerMatches(actions[j]?.owner ?? '', goldActions[i]?.owner ?? '', gold)).length,
    gold_references: gold.references.length,
    found_references: gold.references.filter((code) => references.has(code)).length,
    matches,
    decisionMatches: decisions,
    traps,
  };
}

export interface F1 {
  precision: number;
  recall: number;
  f1: number;
}

export function f1(matched: number, predicted: number, gold: number): F1 {
  const precision = predicted > 0 ? matched / predicted : 0;
  const recall = gold > 0 ? matched / gold : 0;
  return { precision, recall, f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0 };
}

export interface SetScore {
  meetings: number;
  action_precision: number;
  action_recall: number;
  action_f1_micro: number;
  action_f1_macro: number;
  decision_recall: number;
  due_accuracy_on_matched: number;
  attendees_exact_rate: number;
  apologies_exact_rate: number;
  trap_hits: number;
  /** Trap hits as a share of the gold not-actions. */
  trap_rate: number;
  owner_accuracy: number;
  reference_recall: number;
}

/** The set's aggregates, as score.py prints them (plus owner accuracy, trap rate and reference recall). */
export function scoreSet(rows: readonly MeetingScore[], notActions: number): SetScore {
  const sum = (pick: (row: MeetingScore) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const micro = f1(
    sum((row) => row.matched_actions),
    sum((row) => row.pred_actions),
    sum((row) => row.gold_actions),
  );
  const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
  return {
    meetings: rows.length,
    action_precision: micro.precision,
    action_recall: micro.recall,
    action_f1_micro: micro.f1,
    action_f1_macro: ratio(
      sum((row) => f1(row.matched_actions, row.pred_actions, row.gold_actions).f1),
      rows.length,
    ),
    decision_recall: ratio(
      sum((row) => row.matched_decisions),
      sum((row) => row.gold_decisions),
    ),
    due_accuracy_on_matched: ratio(
      sum((row) => row.due_correct),
      sum((row) => row.matched_actions),
    ),
    attendees_exact_rate: ratio(
      sum((row) => Number(row.attendees_exact)),
      rows.length,
    ),
    apologies_exact_rate: ratio(
      sum((row) => Number(row.apologies_exact)),
      rows.length,
    ),
    trap_hits: sum((row) => row.trap_hits),
    trap_rate: ratio(
      sum((row) => row.trap_hits),
      notActions,
    ),
    owner_accuracy: ratio(
      sum((row) => row.owner_correct),
      sum((row) => row.content_matched),
    ),
    reference_recall: ratio(
      sum((row) => row.found_references),
      sum((row) => row.gold_references),
    ),
  };
}
