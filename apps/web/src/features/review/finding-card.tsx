import { type FindingStatus, REVIEW_CATEGORY_LABELS, type ReviewFinding } from '@verity/shared';
import { BookOpen, Check, RotateCcw, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { wikiCitationPath } from '../../lib/wiki-path';
import { DismissForm } from './dismiss-form';
import { findingCardId } from './policy-model';
import { SEVERITY_LABELS, SeverityBadge } from './severity';

/** Where a finding is: "Page 3 · Scope", or why it has no place in the text. */
export function locationText(finding: ReviewFinding, located: boolean): string {
  if (!located) return finding.quote ? 'Not found in the text' : 'Missing from the policy';
  return [finding.page !== null ? `Page ${finding.page}` : null, finding.section].filter(Boolean).join(' · ') || 'In the text';
}

/** The name a finding goes by in lists and for screen readers: "High · Outdated reference: “HTM 00-00 (2006)”". */
export function findingName(finding: ReviewFinding): string {
  const what = finding.quote ? `: “${finding.quote}”` : finding.expected ? `: ${finding.expected}` : '';
  return `${SEVERITY_LABELS[finding.severity]} · ${REVIEW_CATEGORY_LABELS[finding.category]}${what}`;
}

export interface FindingCardProps {
  finding: ReviewFinding;
  /** Whether the finding has a highlight in the policy. */
  located: boolean;
  /** The reader may decide it (the review's author). */
  canDecide: boolean;
  /** New in this version of the policy. */
  isNew: boolean;
  active: boolean;
  onInspect: (finding: ReviewFinding) => void;
  onDecide: (finding: ReviewFinding, status: FindingStatus, reason?: string) => void;
}

function StatusNote({ status }: { status: FindingStatus }) {
  if (status === 'open') return null;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
        status === 'accepted' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
      )}
    >
      {status === 'accepted' ? <Check aria-hidden="true" className="size-3.5" /> : <X aria-hidden="true" className="size-3.5" />}
      {status === 'accepted' ? 'Accepted' : 'Dismissed'}
    </span>
  );
}

/**
 * One finding: what it is and where (a button that inspects it in the policy), the explanation,
 * the suggested fix, the library passages behind it, and for its author Accept, Dismiss (with a
 * reason) and Restore. A dismissed finding shows less: its reason and the way back.
 */
export function FindingCard({ finding, located, canDecide, isNew, active, onInspect, onDecide }: FindingCardProps) {
  const [dismissing, setDismissing] = useState(false);
  const dismissRef = useRef<HTMLButtonElement>(null);
  const detailsId = useId();
  const dismissed = finding.status === 'dismissed';

  const closeDismiss = () => {
    setDismissing(false);
    // Back where the person started (the button is there again on the next paint).
    requestAnimationFrame(() => dismissRef.current?.focus());
  };

  return (
    <li id={findingCardId(finding.id)} className="scroll-mt-8 md:scroll-mt-24">
      <article
        aria-label={findingName(finding)}
        data-active={active || undefined}
        className={cn(
          'rounded-lg border p-3 transition-colors',
          active ? 'border-amber-400 bg-amber-50/60 ring-2 ring-amber-300' : 'border-slate-200 bg-white',
          dismissed && 'bg-slate-50 text-slate-600',
        )}
      >
        <button
          type="button"
          data-finding-button={finding.id}
          aria-pressed={active}
          aria-describedby={detailsId}
          onClick={() => onInspect(finding)}
          className="focus-ring -m-1 block w-[calc(100%+0.5rem)] rounded-md p-1 text-left"
        >
          <span className="flex flex-wrap items-center gap-1.5">
            <SeverityBadge severity={finding.severity} />
            <span className="font-medium text-slate-900 text-sm">{REVIEW_CATEGORY_LABELS[finding.category]}</span>
            {isNew && <span className="rounded-full bg-violet-50 px-2 py-0.5 font-medium text-violet-800 text-xs">New</span>}
            <StatusNote status={finding.status} />
          </span>
          {finding.quote && (
            <q className={cn('mt-1.5 block break-words text-sm', dismissed ? 'line-through' : 'text-slate-800')}>{finding.quote}</q>
          )}
          {!finding.quote && finding.expected && (
            <span className="mt-1.5 block break-words text-slate-800 text-sm">{finding.expected}</span>
          )}
          <span className="mt-1 block text-slate-600 text-xs">{locationText(finding, located)}</span>
        </button>

        <div id={detailsId} className="mt-2 space-y-2 text-sm">
          {dismissed ? (
            finding.dismiss_reason && (
              <p>
                <span className="font-medium text-slate-700">Reason: </span>
                {finding.dismiss_reason}
              </p>
            )
          ) : (
            <>
              <p className="text-slate-700">{finding.explanation}</p>
              <p className="text-slate-800">
                <span className="font-medium text-slate-900">Suggested fix: </span>
                {finding.suggestion}
              </p>
            </>
          )}
        </div>

        {!dismissed && finding.evidence.length > 0 && (
          <ul aria-label="Library passages" className="mt-2 space-y-1.5">
            {finding.evidence.map((evidence) => (
              <li key={`${evidence.document_id}-${evidence.element_ids.join(',')}`}>
                <Link
                  to={wikiCitationPath(evidence)}
                  className="focus-ring block rounded-md border border-slate-200 px-2.5 py-1.5 text-xs hover:border-brand-300 hover:bg-brand-50/50"
                >
                  <span className="flex items-center gap-1.5 font-medium text-brand-800">
                    <BookOpen aria-hidden="true" className="size-3.5 shrink-0" />
                    <span className="break-words">
                      {evidence.code} — {evidence.title}
                    </span>
                  </span>
                  {evidence.excerpt && <span className="mt-0.5 line-clamp-3 break-words text-slate-600">{evidence.excerpt}</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}

        {canDecide && !dismissing && (
          <div className="mt-3 flex flex-wrap gap-2">
            {finding.status === 'open' ? (
              <>
                <Button size="sm" variant="secondary" onClick={() => onDecide(finding, 'accepted')}>
                  <Check aria-hidden="true" className="size-4" />
                  Accept
                </Button>
                <Button ref={dismissRef} size="sm" variant="secondary" onClick={() => setDismissing(true)}>
                  <X aria-hidden="true" className="size-4" />
                  Dismiss
                </Button>
              </>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => onDecide(finding, 'open')}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Restore
              </Button>
            )}
          </div>
        )}
        {canDecide && dismissing && (
          <DismissForm
            onDismiss={(reason) => {
              setDismissing(false);
              onDecide(finding, 'dismissed', reason);
            }}
            onCancel={closeDismiss}
          />
        )}
      </article>
    </li>
  );
}
