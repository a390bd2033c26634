/**
 * Policy review evaluation: every policy of the set goes through the built-in reviewer (not
 * HTTP) with the seed library, and is scored by the set's rule (review-score.ts). Prints per
 * policy its matches, misses and false positives, then precision and recall per category and
 * overall, reference recall, trap hits, whether the factual errors found quote the law the set
 * names (review-law.ts), the citations of current library documents wrongly reported
 * as outdated (per 60 such citations) and time per policy.
 * Usage: npm run eval:review [-- [--set dir] [--today YYYY-MM-DD] [--verbose] [--only id]]
 * (the set defaults to ../shared/eval/review-dev beside the checkout and "today" to the set's;
 * --verbose prints each policy's missed findings, false positives and trap hits, and the factual
 * errors found whose quoted passages are of another law than the set names).
 */
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REVIEW_CATEGORIES } from '@verity/shared';
import { reviewPolicy } from '../review/builtin.ts';
import { citeLibrary } from '../review/references-cite.ts';
import { type LawVerdict, lawIndex, lawVerdict } from './review-law.ts';
import { type PolicyScore, scorePolicy, scoreSet } from './review-score.ts';
import { REVIEW_DEV_SET_PATH, REVIEW_DEV_TODAY, readPolicy, readReviewSet, seedReviewLibrary } from './review-set.ts';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const option = (name: string) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const setDir = option('--set') ?? REVIEW_DEV_SET_PATH;
const today = option('--today') ?? REVIEW_DEV_TODAY;
const only = option('--only');

const library = seedReviewLibrary();
const scores: PolicyScore[] = [];
let currentCitations = 0;
let currentFlagged = 0;
const times: number[] = [];
const laws = lawIndex(library.documents);
const elementText = new Map(library.documents.flatMap((document) => document.elements.map((element) => [element.id, element.text])));
const verdicts: Record<LawVerdict, number> = { right: 0, other: 0, 'no source': 0, unnamed: 0 };
const short = (text: string | null) => (text === null ? '—' : text.length > 90 ? `${text.slice(0, 87)}…` : text);

for (const gold of readReviewSet(setDir)) {
  if (only && gold.id !== only) continue;
  const policy = await readPolicy(join(setDir, gold.file));
  const started = performance.now();
  const findings = reviewPolicy({ policy, library, today });
  times.push(performance.now() - started);
  const score = scorePolicy(
    gold,
    policy.elements.map((element) => element.text),
    findings.map((finding) => ({
      category: finding.category,
      quote: finding.quote,
      expected: finding.expected,
      element: finding.location?.element ?? null,
    })),
  );
  scores.push(score);
  // Citations of current documents, and how many of them an outdated-reference report sits on
  // without matching a planted one: current references wrongly called outdated.
  const current = citeLibrary(policy.elements, library).filter((citation) => citation.document.status === 'current');
  currentCitations += current.length;
  const wrongly = score.falsePositives.filter((report) => report.category === 'outdated_reference' && report.quote !== null);
  currentFlagged += current.filter((citation) => wrongly.some((report) => report.quote?.includes(citation.said))).length;
  const tp = REVIEW_CATEGORIES.reduce((sum, category) => sum + score.counts[category].tp, 0);
  console.log(
    `${gold.id.padEnd(14)} matched ${tp}/${gold.findings.length}, reported ${findings.length}, false positives ${score.falsePositives.length}, trap hits ${score.trapHits.length}, ${(times.at(-1) ?? 0).toFixed(0)} ms`,
  );
  // Factual errors found: does the finding quote the law the annotators name?
  const wrongLaw: string[] = [];
  for (const { finding, report } of score.matched) {
    if (finding.category !== 'factual_error') continue;
    const evidence = findings[report]?.evidence ?? [];
    const codes = evidence.map((item) => item.code);
    const passages = evidence.flatMap((item) => item.elementIds.map((id) => elementText.get(id) ?? ''));
    const verdict = lawVerdict(laws, finding.expected, { codes, passages });
    verdicts[verdict] += 1;
    if (verdict === 'other') wrongLaw.push(`    LAW     ${short(finding.quote)}: quotes ${codes.join(', ')} → ${short(finding.expected)}`);
  }
  if (verbose) {
    for (const line of wrongLaw) console.log(line);
    for (const finding of score.missed)
      console.log(`    missed  ${finding.category}: ${short(finding.quote)} → ${short(finding.expected)}`);
    for (const report of score.falsePositives)
      console.log(`    extra   ${report.category}: ${short(report.quote)} → ${short(report.expected)}`);
    for (const hit of score.trapHits) console.log(`    TRAP    ${hit.report.category}: ${short(hit.quote)}`);
  }
}

const set = scoreSet(scores);
const rate = (value: number) => value.toFixed(3);
console.log('\ncategory                 TP  FP  FN  precision  recall');
for (const category of REVIEW_CATEGORIES) {
  const row = set.byCategory[category];
  console.log(
    `${category.padEnd(24)} ${String(row.tp).padStart(2)}  ${String(row.fp).padStart(2)}  ${String(row.fn).padStart(2)}  ${rate(row.precision).padStart(9)}  ${rate(row.recall).padStart(6)}`,
  );
}
const { overall } = set;
console.log(
  `${'overall'.padEnd(24)} ${String(overall.tp).padStart(2)}  ${String(overall.fp).padStart(2)}  ${String(overall.fn).padStart(2)}  ${rate(overall.precision).padStart(9)}  ${rate(overall.recall).padStart(6)}`,
);
console.log(`\nreference recall (outdated + unknown) ${rate(set.references.recall)}`);
console.log(`trap hits ${set.trapHits}`);
console.log(
  `factual errors found whose law the set names: the finding quotes that law ${verdicts.right}, another law only ${verdicts.other}, no library passage ${verdicts['no source']} (the set names no library law for ${verdicts.unnamed})`,
);
console.log(
  `current references flagged ${currentFlagged} of ${currentCitations} citations of current documents (${((currentFlagged / Math.max(1, currentCitations)) * 60).toFixed(2)} per 60; target ≤ 1)`,
);
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `time per policy: median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
);
