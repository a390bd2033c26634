import { X } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/form-errors';
import { isWriteNotFound, useWriteEvidence } from './api';
import { itemName } from './items';

export const EVIDENCE_MISSING_MESSAGE = 'The transcript has no lines for this item: it may have been added by hand.';
export const EVIDENCE_FAILED_MESSAGE = 'The transcript lines could not be loaded.';

export interface EvidencePanelProps {
  externalId: string;
  item: string;
  onClose: () => void;
  /** The heading, so the page can move focus to it (a phone scrolls down to the panel). */
  headingRef?: Ref<HTMLHeadingElement>;
}

/**
 * Where a decision or action came from: the transcript lines it was taken from, highlighted,
 * with a line either side for context, each with its speaker and time when the transcript had them.
 */
export function EvidencePanel({ externalId, item, onClose, headingRef }: EvidencePanelProps) {
  const evidence = useWriteEvidence(externalId, item);
  const headingId = useId();
  const name = itemName(item);

  let body: ReactNode;
  if (evidence.isPending) {
    body = (
      <div role="status" className="flex items-center gap-2 py-4 text-slate-600 text-sm">
        <Spinner size="sm" className="text-brand-700" />
        Loading the transcript lines…
      </div>
    );
  } else if (evidence.isError) {
    body = (
      <Alert tone={isWriteNotFound(evidence.error) ? 'info' : 'error'}>
        {isWriteNotFound(evidence.error) ? EVIDENCE_MISSING_MESSAGE : errorMessage(evidence.error, EVIDENCE_FAILED_MESSAGE)}
      </Alert>
    );
  } else {
    body = (
      <>
        <p className="text-slate-900 text-sm leading-6">{evidence.data.text}</p>
        <ol aria-label={`Transcript lines for ${name}`} className="mt-3 space-y-1.5">
          {evidence.data.lines.map((line) => (
            <li
              key={line.n}
              data-cited={line.cited || undefined}
              className={cn(
                'rounded-md px-3 py-2 text-sm leading-6',
                line.cited ? 'border-amber-400 border-l-4 bg-amber-50 text-slate-900' : 'text-slate-600',
              )}
            >
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                {line.speaker && <span className="font-semibold text-slate-800">{line.speaker}</span>}
                {line.time && <span className="font-mono text-slate-600">{line.time}</span>}
                <span className="text-slate-500">Line {line.n}</span>
                {line.cited && <span className="font-medium text-amber-900">Cited</span>}
              </p>
              <p className="break-words">{line.text}</p>
            </li>
          ))}
        </ol>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-200 bg-white p-4 shadow-xs">
      <div className="flex items-start justify-between gap-3">
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className="scroll-mt-4 font-semibold text-slate-900 outline-none md:scroll-mt-20">
          Where {name.toLowerCase()} came from
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close the transcript lines"
          className="focus-ring -mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="mt-2">{body}</div>
    </section>
  );
}
