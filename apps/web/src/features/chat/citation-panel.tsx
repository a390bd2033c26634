import type { Citation } from '@verity/shared';
import { ArrowUpRight, FileText, Paperclip, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/** The wiki reader with the cited elements highlighted (one element_ids parameter per element). */
export function wikiCitationPath(citation: Pick<Citation, 'document_id' | 'element_ids'>): string {
  const query = new URLSearchParams();
  for (const id of citation.element_ids) query.append('element_ids', id);
  const text = query.toString();
  return `/wiki/${encodeURIComponent(citation.document_id)}${text ? `?${text}` : ''}`;
}

export interface CitationPanelProps {
  citations: readonly Citation[];
  /** The citation the person clicked: scrolled to and marked. */
  activeN: number | null;
  onClose: () => void;
}

/** Passages longer than this start folded to a few lines, so one long source does not fill the panel. */
const FOLD_FROM_CHARS = 360;

function CitedPassage({ quote }: { quote: string }) {
  const long = quote.length > FOLD_FROM_CHARS;
  const [expanded, setExpanded] = useState(false);
  const passageId = useId();
  return (
    <div className="mt-3">
      <blockquote id={passageId} className="border-brand-200 border-l-[3px] bg-slate-50 py-2 pr-2 pl-3 text-slate-700 text-sm leading-6">
        <p className={cn('whitespace-pre-line break-words', long && !expanded && 'line-clamp-6')}>{quote}</p>
      </blockquote>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={passageId}
          onClick={() => setExpanded((value) => !value)}
          className="focus-ring mt-1 rounded font-medium text-brand-800 text-xs hover:underline"
        >
          {expanded ? 'Show less' : 'Show the whole passage'}
        </button>
      )}
    </div>
  );
}

function CitationCard({ citation, active }: { citation: Citation; active: boolean }) {
  const attachment = citation.source === 'attachment';
  const superseded = citation.status === 'superseded';
  return (
    <li
      id={`citation-${citation.n}`}
      data-citation-card={citation.n}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'scroll-mt-3 rounded-lg border bg-white p-3.5 transition-colors',
        active ? 'border-brand-400 ring-2 ring-brand-100' : 'border-slate-200',
      )}
    >
      <div className="flex items-start gap-2.5">
        <span
          aria-hidden="true"
          className={cn(
            'mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded font-semibold text-xs tabular-nums',
            attachment ? 'bg-amber-100 text-amber-900' : 'bg-brand-100 text-brand-900',
          )}
        >
          {citation.n}
        </span>
        <div className="min-w-0 flex-1">
          {attachment ? (
            <p className="inline-flex items-center gap-1 font-medium text-amber-800 text-xs">
              <Paperclip aria-hidden="true" className="size-3.5" /> Your attached file
            </p>
          ) : (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              {citation.code && <p className="font-semibold text-brand-900 text-sm">{citation.code}</p>}
              {superseded && (
                <span className="rounded-full border border-amber-300 bg-amber-50 px-2 py-px font-semibold text-amber-900 text-xs">
                  Superseded
                </span>
              )}
            </div>
          )}
          <h3 className="mt-0.5 break-words text-slate-900 text-sm leading-snug">
            <span className="sr-only">Source {citation.n}: </span>
            {citation.title}
          </h3>
          {citation.edition && <p className="mt-0.5 text-slate-500 text-xs">Edition: {citation.edition}</p>}
        </div>
      </div>
      {citation.quote && <CitedPassage quote={citation.quote} />}
      {superseded && citation.superseded_by && (
        <p className="mt-2 text-slate-700 text-sm">
          This edition has been replaced.{' '}
          <Link
            to={`/wiki/${encodeURIComponent(citation.superseded_by.id)}`}
            className="focus-ring rounded font-medium text-brand-800 underline underline-offset-2"
          >
            Current edition: {citation.superseded_by.code || citation.superseded_by.title}
          </Link>
        </p>
      )}
      {!attachment && (
        <Link
          to={wikiCitationPath(citation)}
          className="focus-ring mt-3 inline-flex items-center gap-1 rounded font-medium text-brand-800 text-sm hover:underline"
        >
          <FileText aria-hidden="true" className="size-4" />
          Open in the wiki
          <span className="sr-only">: {citation.code || citation.title}</span>
          <ArrowUpRight aria-hidden="true" className="size-3.5" />
        </Link>
      )}
    </li>
  );
}

/**
 * The sources of one answer. On a wide screen (xl) a right-hand column beside the conversation (which
 * stays in view and usable); on a phone a bottom sheet over it, closed by its button, Escape or a
 * tap on the dimmed page.
 */
export function CitationPanel({ citations, activeN, onClose }: CitationPanelProps) {
  const headingId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (activeN === null) return;
    const card = listRef.current?.querySelector<HTMLElement>(`[data-citation-card="${activeN}"]`);
    // Optional call: jsdom (component tests) has no scrolling.
    card?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [activeN]);

  useEffect(() => {
    closeRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const sorted = [...citations].sort((a, b) => a.n - b.n);
  return (
    <>
      <button
        type="button"
        aria-hidden="true"
        tabIndex={-1}
        onClick={onClose}
        className="fixed inset-0 z-40 cursor-default bg-slate-900/30 xl:hidden"
      />
      <aside
        aria-labelledby={headingId}
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[75dvh] flex-col rounded-t-2xl bg-canvas shadow-2xl',
          'xl:static xl:z-auto xl:h-full xl:max-h-none xl:w-[23rem] xl:shrink-0 xl:rounded-none xl:border-slate-200 xl:border-l xl:shadow-none',
        )}
      >
        <div aria-hidden="true" className="mx-auto mt-2 h-1 w-10 rounded-full bg-slate-300 xl:hidden" />
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-slate-200 border-b px-4">
          <h2 id={headingId} className="font-semibold text-slate-900">
            Sources <span className="font-normal text-slate-500">({citations.length})</span>
          </h2>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close sources"
            className="focus-ring rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <ol
          ref={listRef}
          className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain p-4 pb-[max(1rem,env(safe-area-inset-bottom))]"
        >
          {sorted.map((citation) => (
            <CitationCard key={citation.n} citation={citation} active={citation.n === activeN} />
          ))}
        </ol>
      </aside>
    </>
  );
}
