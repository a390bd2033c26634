import type { FindingStatus, Review, ReviewFinding } from '@verity/shared';
import { useCallback, useMemo, useState } from 'react';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';
import { useUpdateFinding } from './api';
import { ComparisonPanel } from './comparison-panel';
import { FindingsPanel } from './findings-panel';
import { isLocated, markSelector, marksByElement } from './policy-model';
import { PolicyView } from './policy-view';

/** Beside the policy from this width up (Tailwind's lg); below it the findings stack under the text. */
const SIDE_BY_SIDE = '(min-width: 1024px)';

function findingButton(findingId: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-finding-button="${findingId}"]`);
}

/**
 * A finished review: the policy with its findings highlighted, and beside it (below it on a
 * phone) the findings. Inspecting a finding in the list scrolls to its text and marks it; clicking
 * a highlight chooses its finding in the list and brings its card into view.
 */
export function ReviewWorkspace({ review }: { review: Review }) {
  const [activeId, setActiveId] = useState<string | null>(null);
  const update = useUpdateFinding();
  const marks = useMemo(() => marksByElement(review.elements, review.findings), [review.elements, review.findings]);
  const located = useCallback((finding: ReviewFinding) => isLocated(finding, marks), [marks]);

  const inspect = useCallback((finding: ReviewFinding) => {
    setActiveId(finding.id);
    recordOnboardingProgress('review', 'errors_inspected');
    document.querySelector(markSelector(finding.id))?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);

  const selectFromText = useCallback((findingId: string) => {
    setActiveId(findingId);
    recordOnboardingProgress('review', 'errors_inspected');
    // Beside the text, the list follows as little as it must. Under it (a phone, a narrow window)
    // the page goes to the finding's card, whose button leads back to the text.
    const sideBySide = window.matchMedia?.(SIDE_BY_SIDE).matches ?? false;
    requestAnimationFrame(() => {
      const button = findingButton(findingId);
      button?.scrollIntoView({ block: sideBySide ? 'nearest' : 'center', behavior: 'smooth' });
      button?.focus({ preventScroll: true });
    });
  }, []);

  const decide = (finding: ReviewFinding, status: FindingStatus, reason?: string) => {
    const buttons = [...document.querySelectorAll<HTMLElement>('[data-finding-button]')];
    const at = buttons.findIndex((button) => button.dataset.findingButton === finding.id);
    update.mutate({ reviewId: review.id, findingId: finding.id, body: { status, reason } });
    // The card's buttons change under the focus: it goes back to the finding, or (folded away once
    // dismissed) to the finding that took its place.
    requestAnimationFrame(() => {
      const target = findingButton(finding.id) ?? buttons[at + 1] ?? buttons[at - 1];
      target?.focus({ preventScroll: true });
    });
  };

  return (
    <div className="mt-5 flex flex-col gap-5 lg:flex-row lg:items-start">
      {review.findings.length > 0 && (
        // On a phone the findings come after the whole policy: a way straight to them.
        <a
          href="#review-findings"
          className="focus-ring self-start rounded-md font-medium text-sm text-teal-800 underline underline-offset-4 lg:hidden"
        >
          Go to the findings ({review.findings.length})
        </a>
      )}
      <section aria-label="Policy" className="min-w-0 flex-1 rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-8">
        {review.elements.length === 0 ? (
          <p className="text-slate-600 text-sm">The policy has no text to show.</p>
        ) : (
          <PolicyView
            elements={review.elements}
            paged={review.format === 'pdf'}
            marks={marks}
            activeId={activeId}
            onSelect={selectFromText}
          />
        )}
      </section>
      <div
        id="review-findings"
        className="flex scroll-mt-4 flex-col gap-4 md:scroll-mt-20 lg:sticky lg:top-6 lg:max-h-[calc(100dvh-3rem)] lg:w-[26rem] lg:shrink-0 lg:overflow-y-auto lg:pb-1"
      >
        {review.comparison && <ComparisonPanel comparison={review.comparison} />}
        <FindingsPanel review={review} isLocated={located} activeId={activeId} onInspect={inspect} onDecide={decide} />
      </div>
    </div>
  );
}
