import { POLICY_SECTIONS, REVIEW_CATEGORIES, type ReviewCategory } from '@verity/shared';

/**
 * The policy review set's scoring rule (its README, "Suggested scoring"): a reported finding
 * matches a gold one of the same category when their located texts overlap (or, for what is
 * absent, when they name the same section or role, or by category alone for a missing owner or
 * review date); pairs are taken greedily, longest overlap first; a report overlapping a trap's
 * text is a trap hit and a false positive.
 */

export interface GoldFinding {
  category: ReviewCategory;
  quote: string | null;
  expected: string;
  severity: string;
}

export interface GoldPolicy {
  id: string;
  file: string;
  topic: string;
  findings: GoldFinding[];
  traps: { quote: string; why: string }[];
}

/** A reported finding as the scorer reads it: the element its quote lies in, when it has one. */
export interface ReportedFinding {
  category: ReviewCategory;
  quote: string | null;
  expected: string | null;
  element: number | null;
}

export interface CategoryCounts {
  tp: number;
  fp: number;
  fn: number;
}

export interface PolicyScore {
  id: string;
  counts: Record<ReviewCategory, CategoryCounts>;
  trapHits: { quote: string; report: ReportedFinding }[];
  missed: GoldFinding[];
  falsePositives: ReportedFinding[];
  /** Each gold finding matched, with the index of the report it was matched to. */
  matched: { finding: GoldFinding; report: number }[];
}

/** Fold case, drop Markdown markup and collapse whitespace. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/[|#*]/g, ' ').replace(/\s+/g, ' ').trim();
}

type Span = [number, number];

/** The policy's text as one normalised string, and where each element starts in it. */
function policyText(elements: readonly string[]): { text: string; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const element of elements) {
    if (text !== '') text += '\n';
    starts.push(text.length);
    text += normalise(element);
  }
  return { text, starts };
}

function spanOf(haystack: string, quote: string, from = 0): Span | null {
  const needle = normalise(quote);
  if (needle === '') return null;
  const at = haystack.indexOf(needle, from);
  return at < 0 ? null : [at, at + needle.length];
}

function overlap(a: Span, b: Span): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
}

function longestCommonSubstring(a: string, b: string): number {
  let best = 0;
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      if (a[i - 1] === b[j - 1]) {
        row[j] = (previous[j - 1] ?? 0) + 1;
        if ((row[j] ?? 0) > best) best = row[j] ?? 0;
      }
    }
    previous = row;
  }
  return best;
}

/** The README's text-only test, for a report whose quote could not be located. */
function textOverlap(reported: string, gold: string): number {
  const r = normalise(reported);
  const g = normalise(gold);
  if (r.includes(g)) return g.length;
  if (g.includes(r)) return r.length;
  const common = longestCommonSubstring(r, g);
  return common >= Math.min(12, g.length) ? common : 0;
}

const SECTION_SYNONYMS: [RegExp, string][] = [
  [/glossary|definition|terms/, 'definitions'],
  [/roles?|responsibilit|duties/, 'roles and responsibilities'],
  [/monitor|audit|compliance/, 'monitoring and audit'],
  [/version|document history|revision history/, 'version control'],
  [/equality/, 'equality impact assessment'],
  [/review date/, 'review date'],
  [/purpose|aims?\b|objectives?/, 'purpose'],
  [/scope/, 'scope'],
  [/procedure|process|arrangements/, 'procedure'],
  [/training|competence|education/, 'training'],
];

export function sectionName(text: string): string | null {
  const said = normalise(text);
  const exact = POLICY_SECTIONS.find((section) => section === said);
  if (exact) return exact;
  return SECTION_SYNONYMS.find(([pattern]) => pattern.test(said))?.[1] ?? null;
}

const ROLE_ABBREVIATIONS: Record<string, string> = {
  ae: 'authorising engineer',
  ap: 'authorised person',
  cp: 'competent person',
  qc: 'quality controller',
  dpo: 'data protection officer',
  rp: 'responsible person',
  dp: 'designated person',
  wsg: 'water safety group',
  vsg: 'ventilation safety group',
};
const QUALIFIER_ABBREVIATIONS: Record<string, string> = { w: 'water', v: 'ventilation', d: 'decontamination', f: 'fire' };

/** A role title as base words and an optional bracketed qualifier: "AE(HV)" → authorising engineer / hv. */
export function roleName(text: string): { base: string; qualifier: string | null } {
  const said = normalise(text).replace(/[—–-]\s*[a-z]{1,4}\s*\([^)]*\)\s*$/, '');
  const bracket = /\(([^)]*)\)/.exec(said);
  const qualifierText = bracket?.[1]?.trim() ?? null;
  const qualifier = qualifierText === null ? null : (QUALIFIER_ABBREVIATIONS[qualifierText] ?? qualifierText);
  const base = said
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[^a-z ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => ROLE_ABBREVIATIONS[word] ?? word)
    .join(' ');
  return { base, qualifier };
}

export function sameRole(a: string, b: string): boolean {
  const x = roleName(a);
  const y = roleName(b);
  if (x.base === '' || y.base === '') return false;
  if (!x.base.includes(y.base) && !y.base.includes(x.base)) return false;
  return x.qualifier === null || y.qualifier === null || x.qualifier === y.qualifier;
}

function emptyCounts(): Record<ReviewCategory, CategoryCounts> {
  return Object.fromEntries(REVIEW_CATEGORIES.map((category) => [category, { tp: 0, fp: 0, fn: 0 }])) as Record<
    ReviewCategory,
    CategoryCounts
  >;
}

/** Scores one policy's reports against its gold findings and traps. */
export function scorePolicy(gold: GoldPolicy, elements: readonly string[], reports: readonly ReportedFinding[]): PolicyScore {
  const { text, starts } = policyText(elements);
  const reportSpan = (report: ReportedFinding): Span | null => {
    if (report.quote === null) return null;
    if (report.element !== null) {
      const start = starts[report.element];
      const own = start === undefined ? null : spanOf(text, report.quote, start);
      if (own) return own;
    }
    return spanOf(text, report.quote);
  };
  const spans = reports.map(reportSpan);
  const goldSpans = gold.findings.map((finding) => (finding.quote === null ? null : spanOf(text, finding.quote)));

  const pairs: { r: number; g: number; weight: number }[] = [];
  for (const [r, report] of reports.entries()) {
    for (const [g, finding] of gold.findings.entries()) {
      if (report.category !== finding.category) continue;
      let weight = 0;
      if (finding.quote !== null) {
        const a = spans[r];
        const b = goldSpans[g];
        if (a && b) weight = overlap(a, b);
        else if (report.quote !== null) weight = textOverlap(report.quote, finding.quote);
      } else if (finding.category === 'missing_section') {
        const named = report.expected === null ? null : sectionName(report.expected);
        weight = named !== null && named === sectionName(finding.expected) ? 1 : 0;
      } else if (finding.category === 'missing_statutory_role') {
        weight = report.expected !== null && sameRole(report.expected, finding.expected) ? 1 : 0;
      } else {
        weight = 1;
      }
      if (weight > 0) pairs.push({ r, g, weight });
    }
  }
  pairs.sort((a, b) => b.weight - a.weight);
  const usedReports = new Set<number>();
  const usedGold = new Map<number, number>();
  for (const pair of pairs) {
    if (usedReports.has(pair.r) || usedGold.has(pair.g)) continue;
    usedReports.add(pair.r);
    usedGold.set(pair.g, pair.r);
  }

  const counts = emptyCounts();
  const trapSpans = gold.traps.map((trap) => ({ quote: trap.quote, span: spanOf(text, trap.quote) }));
  const trapHits: PolicyScore['trapHits'] = [];
  const falsePositives: ReportedFinding[] = [];
  for (const [r, report] of reports.entries()) {
    if (usedReports.has(r)) counts[report.category].tp += 1;
    else {
      counts[report.category].fp += 1;
      falsePositives.push(report);
    }
    const span = spans[r];
    const trap = span ? trapSpans.find((candidate) => candidate.span && overlap(span, candidate.span) > 0) : undefined;
    if (trap) trapHits.push({ quote: trap.quote, report });
  }
  const missed: GoldFinding[] = [];
  const matched: PolicyScore['matched'] = [];
  for (const [g, finding] of gold.findings.entries()) {
    const report = usedGold.get(g);
    if (report !== undefined) {
      matched.push({ finding, report });
      continue;
    }
    counts[finding.category].fn += 1;
    missed.push(finding);
  }
  return { id: gold.id, counts, trapHits, missed, falsePositives, matched };
}

export interface SetScore {
  byCategory: Record<ReviewCategory, CategoryCounts & { precision: number; recall: number }>;
  overall: CategoryCounts & { precision: number; recall: number };
  /** Outdated and unknown references together (their own target). */
  references: { recall: number };
  trapHits: number;
}

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);

export function scoreSet(scores: readonly PolicyScore[]): SetScore {
  const total = emptyCounts();
  for (const score of scores) {
    for (const category of REVIEW_CATEGORIES) {
      total[category].tp += score.counts[category].tp;
      total[category].fp += score.counts[category].fp;
      total[category].fn += score.counts[category].fn;
    }
  }
  const withRates = (counts: CategoryCounts) => ({
    ...counts,
    precision: ratio(counts.tp, counts.tp + counts.fp),
    recall: ratio(counts.tp, counts.tp + counts.fn),
  });
  const overall = REVIEW_CATEGORIES.reduce(
    (sum, category) => ({
      tp: sum.tp + total[category].tp,
      fp: sum.fp + total[category].fp,
      fn: sum.fn + total[category].fn,
    }),
    { tp: 0, fp: 0, fn: 0 },
  );
  const refs = ['outdated_reference', 'unknown_reference'] as const;
  const refTp = refs.reduce((sum, category) => sum + total[category].tp, 0);
  const refFn = refs.reduce((sum, category) => sum + total[category].fn, 0);
  return {
    byCategory: Object.fromEntries(REVIEW_CATEGORIES.map((category) => [category, withRates(total[category])])) as SetScore['byCategory'],
    overall: withRates(overall),
    references: { recall: ratio(refTp, refTp + refFn) },
    trapHits: scores.reduce((sum, score) => sum + score.trapHits.length, 0),
  };
}
