import type { Citation } from '@verity/shared';
import { ArrowUpRight, FileText, Paperclip, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useElementWidth } from '../../hooks/use-element-width';
import { cn } from '../../lib/cn';
import { wikiCitationPath } from '../../lib/wiki-path';
import { conversationReturnState } from '../../lib/return-to';
import { type CitationGroup, groupCitations } from './citation-groups';

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
    <div className="mt-1">
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

/** One quoted passage of a document, with the wiki reader opened at it (highlighted). */
function CitedPassageItem({ citation, active, label }: { citation: Citation; active: boolean; label: string }) {
  const attachment = citation.source === 'attachment';
  // The reader offers "Back to conversation" when opened from one.
  const returnState = conversationReturnState(useLocation().pathname);
  return (
    <li
      id={`citation-${citation.n}`}
      data-citation-card={citation.n}
      aria-current={active ? 'true' : undefined}
      className={cn(
        'scroll-mt-3 rounded-md border px-1.5 py-1.5 transition-colors',
        active ? 'border-brand-400 bg-brand-50/40 ring-2 ring-brand-100' : 'border-transparent',
      )}
    >
      <div className="flex items-start gap-2">
        <span
          className={cn(
            'mt-2 inline-flex size-5 shrink-0 items-center justify-center rounded font-semibold text-[0.7rem] tabular-nums',
            attachment ? 'bg-amber-100 text-amber-900' : 'bg-brand-100 text-brand-900',
          )}
        >
          <span className="sr-only">Source </span>
          {citation.n}
        </span>
        <div className="min-w-0 flex-1">
          {citation.quote ? (
            <CitedPassage quote={citation.quote} />
          ) : (
            <p className="mt-2 text-slate-500 text-sm italic">No passage was quoted.</p>
          )}
          {!attachment && (
            <Link
              to={wikiCitationPath(citation)}
              state={returnState}
              className="focus-ring mt-1.5 inline-flex items-center gap-1 rounded font-medium text-brand-800 text-sm hover:underline"
            >
              <FileText aria-hidden="true" className="size-4" />
              Open in the wiki
              <span className="sr-only">
                : source {citation.n}, {label}
              </span>
              <ArrowUpRight aria-hidden="true" className="size-3.5" />
            </Link>
          )}
        </div>
      </div>
    </li>
  );
}

/** One cited document: what it is (code, title, edition, superseded), then each passage the answer quoted from it. */
function DocumentCard({ group, activeN }: { group: CitationGroup; activeN: number | null }) {
  const { document, citations } = group;
  const attachment = document.source === 'attachment';
  const superseded = document.status === 'superseded';
  const label = document.code || document.title;
  const numbers = citations.map((citation) => citation.n).join(', ');
  return (
    <li
      data-source-document={document.document_id}
      className={cn(
        'rounded-lg border bg-white p-3.5 transition-colors',
        citations.some((citation) => citation.n === activeN) ? 'border-brand-300' : 'border-slate-200',
      )}
    >
      {attachment ? (
        <p className="inline-flex items-center gap-1 font-medium text-amber-800 text-xs">
          <Paperclip aria-hidden="true" className="size-3.5" /> Your attached file
        </p>
      ) : (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {document.code && <p className="font-semibold text-brand-900 text-sm">{document.code}</p>}
          {superseded && (
            <span className="rounded-full border border-amber-300 bg-amber-50 px-2 py-px font-semibold text-amber-900 text-xs">
              Superseded
            </span>
          )}
        </div>
      )}
      <h3 className="mt-0.5 break-words text-slate-900 text-sm leading-snug">
        <span className="sr-only">
          {citations.length === 1 ? 'Source' : 'Sources'} {numbers}:{' '}
        </span>
        {document.title}
      </h3>
      {document.edition && <p className="mt-0.5 text-slate-500 text-xs">Edition: {document.edition}</p>}
      {superseded && document.superseded_by && (
        <p className="mt-2 text-slate-700 text-sm">
          This edition has been replaced.{' '}
          <Link
            to={`/wiki/${encodeURIComponent(document.superseded_by.id)}`}
            className="focus-ring rounded font-medium text-brand-800 underline underline-offset-2"
          >
            Current edition: {document.superseded_by.code || document.superseded_by.title}
          </Link>
        </p>
      )}
      <ol aria-label={`Passages quoted from ${label}`} className="-mx-1.5 mt-2 space-y-1">
        {citations.map((citation) => (
          <CitedPassageItem key={citation.n} citation={citation} active={citation.n === activeN} label={label} />
        ))}
      </ol>
    </li>
  );
}

/** The conversation's row (the panel's parent) must hold the panel and leave the conversation at least 33rem beside it. */
const DOCKED_ROW_MIN = 896;

/**
 * Whether the panel docks beside the conversation: measured on the row it sits in, not read from the
 * screen's width, since the conversation list and the shell's side panels take their share of a wide
 * screen (at 1,366 px with both, a docked panel left the conversation 316 px). Before the first
 * measurement, and where ResizeObserver is missing, the screen's width decides as before (xl).
 */
function useDockedBeside() {
  const wide = typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 80rem)').matches;
  const [panelRef, rowWidth] = useElementWidth<HTMLElement>(wide ? DOCKED_ROW_MIN : 0, 'parent');
  return { panelRef, docked: rowWidth >= DOCKED_ROW_MIN };
}

/**
 * The sources of one answer, one card per cited document with the passages quoted from it
 * (in citation order), each opening the wiki reader with that passage highlighted. Where the
 * conversation's row has room, a right-hand column beside the conversation (which stays in view and
 * usable); elsewhere (a phone, or a laptop whose width the conversation list and the onboarding
 * guide already share) a bottom sheet over it, closed by its button, Escape or a tap on the dimmed page.
 */
export function CitationPanel({ citations, activeN, onClose }: CitationPanelProps) {
  const headingId = useId();
  const { panelRef, docked } = useDockedBeside();
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

  // A layer above the panel (a popover, a tooltip) that closes on Escape takes the key first and
  // marks it handled; the next Escape closes the panel.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const groups = groupCitations(citations);
  return (
    <>
      {!docked && (
        <button
          type="button"
          aria-hidden="true"
          tabIndex={-1}
          onClick={onClose}
          className="fixed inset-0 z-40 cursor-default bg-slate-900/30"
        />
      )}
      <aside
        ref={panelRef}
        aria-labelledby={headingId}
        className={cn(
          'flex flex-col bg-canvas',
          docked
            ? 'static h-full w-[23rem] shrink-0 border-slate-200 border-l'
            : 'fixed inset-x-0 bottom-0 z-50 mx-auto max-h-[75dvh] max-w-4xl rounded-t-2xl shadow-2xl',
        )}
      >
        {!docked && <div aria-hidden="true" className="mx-auto mt-2 h-1 w-10 rounded-full bg-slate-300" />}
        <div className="flex h-14 shrink-0 items-center justify-between gap-2 border-slate-200 border-b px-4">
          <div className="min-w-0">
            <h2 id={headingId} className="font-semibold text-slate-900 leading-tight">
              Sources <span className="font-normal text-slate-500">({citations.length})</span>
            </h2>
            {groups.length !== citations.length && (
              <p className="text-slate-500 text-xs">
                {citations.length} passages from {groups.length} {groups.length === 1 ? 'document' : 'documents'}
              </p>
            )}
          </div>
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
          {groups.map((group) => (
            <DocumentCard key={group.key} group={group} activeN={activeN} />
          ))}
        </ol>
      </aside>
    </>
  );
}
