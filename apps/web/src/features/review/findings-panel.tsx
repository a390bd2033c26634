import {
  type FindingStatus,
  REVIEW_CATEGORIES,
  REVIEW_CATEGORY_LABELS,
  REVIEW_SEVERITIES,
  type Review,
  type ReviewCategory,
  type ReviewFinding,
} from '@verity/shared';
import { ChevronDown } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { FindingCard } from './finding-card';
import { compareFindings } from './policy-model';
import { SEVERITY_LABELS, SeverityCounts } from './severity';

/** Keys that move to the next or the previous finding in the list. */
const NEXT_KEYS = new Set(['j', 'ArrowDown']);
const PREVIOUS_KEYS = new Set(['k', 'ArrowUp']);

/** Move focus between the findings' buttons with j/k or the arrows (not while typing a reason). */
function moveBetweenFindings(event: KeyboardEvent<HTMLElement>): void {
  const forward = NEXT_KEYS.has(event.key);
  if (!forward && !PREVIOUS_KEYS.has(event.key)) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-finding-button]')];
  if (buttons.length === 0) return;
  event.preventDefault();
  const current = buttons.findIndex(
    (button) => button.contains(target) || target.contains(button) || button.closest('article')?.contains(target),
  );
  const next =
    current === -1 ? (forward ? 0 : buttons.length - 1) : Math.min(Math.max(current + (forward ? 1 : -1), 0), buttons.length - 1);
  buttons[next]?.focus();
  buttons[next]?.scrollIntoView?.({ block: 'nearest' });
}

/** "3 open · 2 accepted · 1 dismissed" and the severities of the findings not dismissed. */
function SummaryBar({ counts }: { counts: Review['counts'] }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <SeverityCounts counts={counts} />
      <span className="text-slate-600 text-xs">
        {counts.open} open · {counts.accepted} accepted · {counts.dismissed} dismissed
      </span>
    </div>
  );
}

function CategoryChips({
  categories,
  counts,
  chosen,
  onChoose,
}: {
  categories: readonly ReviewCategory[];
  counts: ReadonlyMap<ReviewCategory, number>;
  chosen: ReviewCategory | null;
  onChoose: (category: ReviewCategory | null) => void;
}) {
  const chip = (active: boolean) =>
    cn(
      'focus-ring inline-flex h-7 items-center gap-1 rounded-full border px-2.5 font-medium text-xs transition-colors',
      active ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
    );
  return (
    <fieldset className="flex flex-wrap gap-1.5">
      <legend className="sr-only">Filter by category</legend>
      <button type="button" aria-pressed={chosen === null} onClick={() => onChoose(null)} className={chip(chosen === null)}>
        All
      </button>
      {categories.map((category) => (
        <button
          key={category}
          type="button"
          aria-pressed={chosen === category}
          onClick={() => onChoose(chosen === category ? null : category)}
          className={chip(chosen === category)}
        >
          {REVIEW_CATEGORY_LABELS[category]}
          <span className="tabular-nums opacity-80">{counts.get(category)}</span>
        </button>
      ))}
    </fieldset>
  );
}

function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const headingId = useId();
  if (count === 0) return null;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold text-slate-700 text-xs uppercase tracking-wide">
        {title} <span className="tabular-nums">({count})</span>
      </h3>
      <ul className="mt-2 space-y-2">{children}</ul>
    </section>
  );
}

export interface FindingsPanelProps {
  review: Pick<Review, 'findings' | 'counts' | 'abilities' | 'comparison'>;
  /** Whether a finding has a highlight in the policy. */
  isLocated: (finding: ReviewFinding) => boolean;
  activeId: string | null;
  onInspect: (finding: ReviewFinding) => void;
  onDecide: (finding: ReviewFinding, status: FindingStatus, reason?: string) => void;
}

/**
 * The findings beside the policy: a summary, category filters, the findings by severity (those
 * with no place in the text last in their group), and the dismissed ones folded away. j/k or the arrow keys
 * move between findings; Enter inspects one.
 */
export function FindingsPanel({ review, isLocated, activeId, onInspect, onDecide }: FindingsPanelProps) {
  const headingId = useId();
  const [category, setCategory] = useState<ReviewCategory | null>(null);
  const [showDismissed, setShowDismissed] = useState(false);
  const dismissedId = useId();
  const newIds = new Set(review.comparison?.new_ids ?? []);

  const sorted = [...review.findings].sort(compareFindings);
  const categoryCounts = new Map<ReviewCategory, number>();
  for (const finding of sorted) categoryCounts.set(finding.category, (categoryCounts.get(finding.category) ?? 0) + 1);
  const categories = REVIEW_CATEGORIES.filter((each) => categoryCounts.has(each));
  const shown = sorted.filter((finding) => category === null || finding.category === category);
  const current = shown.filter((finding) => finding.status !== 'dismissed');
  const dismissed = shown.filter((finding) => finding.status === 'dismissed');
  // A dismissed finding chosen in the text unfolds the dismissed ones, so its card is there to see.
  const dismissedOpen = showDismissed || dismissed.some((finding) => finding.id === activeId);

  const card = (finding: ReviewFinding) => (
    <FindingCard
      key={finding.id}
      finding={finding}
      located={isLocated(finding)}
      canDecide={review.abilities.decide_findings}
      isNew={newIds.has(finding.id)}
      active={finding.id === activeId}
      onInspect={onInspect}
      onDecide={onDecide}
    />
  );

  return (
    <section
      aria-labelledby={headingId}
      onKeyDown={moveBetweenFindings}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-xs"
    >
      <h2 id={headingId} className="font-semibold text-slate-900">
        Findings
      </h2>
      <div className="mt-2">
        <SummaryBar counts={review.counts} />
      </div>
      {review.findings.length === 0 ? (
        <p className="mt-3 text-slate-600 text-sm">The review found nothing to change in this policy.</p>
      ) : (
        <>
          {categories.length > 1 && (
            <div className="mt-3">
              <CategoryChips categories={categories} counts={categoryCounts} chosen={category} onChoose={setCategory} />
            </div>
          )}
          <p className="mt-3 text-slate-600 text-xs">
            Choose a finding to see it in the policy<span className="pointer-coarse:hidden">; j and k move between findings</span>.
          </p>
          <div className="mt-3 space-y-5">
            {/* Every finding under its severity, so each group's count is the summary's; those with no
                place in the text come last in their group, and their cards say so. */}
            {REVIEW_SEVERITIES.map((severity) => {
              const group = current.filter((finding) => finding.severity === severity);
              return (
                <Group key={severity} title={SEVERITY_LABELS[severity]} count={group.length}>
                  {group.map(card)}
                </Group>
              );
            })}
            {dismissed.length > 0 && (
              <div>
                <button
                  type="button"
                  aria-expanded={dismissedOpen}
                  aria-controls={dismissedId}
                  onClick={() => setShowDismissed(!dismissedOpen)}
                  className="focus-ring inline-flex items-center gap-1 rounded-md font-semibold text-slate-700 text-xs uppercase tracking-wide"
                >
                  <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', !dismissedOpen && '-rotate-90')} />
                  Dismissed ({dismissed.length})
                </button>
                {dismissedOpen && (
                  <ul id={dismissedId} aria-label="Dismissed findings" className="mt-2 space-y-2">
                    {dismissed.map(card)}
                  </ul>
                )}
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
