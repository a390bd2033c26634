import { REVIEW_CATEGORY_LABELS, type ReviewComparison } from '@verity/shared';
import { GitCompare } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { reviewPath } from './api';
import { SeverityBadge } from './severity';

/**
 * For a new version of a policy: what the previous review found that this one no longer does
 * (listed), and how many findings are new (marked "New" in the list) and still there.
 */
export function ComparisonPanel({ comparison }: { comparison: ReviewComparison }) {
  const headingId = useId();
  const { fixed, new_ids: added, remaining_ids: remaining } = comparison;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-violet-200 bg-white p-4 shadow-xs">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold text-slate-900">
        <GitCompare aria-hidden="true" className="size-4 text-violet-700" />
        Compared with the previous version
      </h2>
      <p className="mt-1 text-slate-600 text-sm">
        <span className="font-medium text-slate-900">{fixed.length} fixed</span> ·{' '}
        <span className="font-medium text-slate-900">{added.length} new</span> ·{' '}
        <span className="font-medium text-slate-900">{remaining.length} remaining</span>
      </p>
      {fixed.length > 0 && (
        <>
          <h3 className="mt-3 font-semibold text-slate-700 text-xs uppercase tracking-wide">Fixed ({fixed.length})</h3>
          <ul aria-label="Fixed findings" className="mt-1.5 space-y-1.5">
            {fixed.map((finding, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed finding has no id of its own in this review
              <li key={index} className="rounded-md bg-emerald-50/60 px-2.5 py-1.5 text-sm">
                <span className="flex flex-wrap items-center gap-1.5">
                  <SeverityBadge severity={finding.severity} />
                  <span className="font-medium text-slate-900">{REVIEW_CATEGORY_LABELS[finding.category]}</span>
                </span>
                <span className="mt-0.5 block break-words text-slate-700">
                  {finding.quote ? <q>{finding.quote}</q> : (finding.expected ?? finding.explanation)}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <Link
        to={reviewPath(comparison.previous_id)}
        className="focus-ring mt-3 inline-block rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
      >
        Open the previous review
      </Link>
    </section>
  );
}
