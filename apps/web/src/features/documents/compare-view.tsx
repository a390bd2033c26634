import type {
  CompareChange,
  CompareElement,
  CompareResponse,
  CompareRow,
  CompareSectionChange,
  CompareSegment,
  DocumentReference,
} from '@verity/shared';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { GridTable } from '../../components/ui/grid-table';
import { TableScroll } from '../../components/ui/table-scroll';
import { LoadingState } from '../../components/ui/loading-state';
import { cn } from '../../lib/cn';
import { type CellRange, tableCells, tableGrid } from '../../lib/table-cells';
import { useCompare } from './api';
import { documentHref, StatusBadge } from './document-card';

const CHANGE_LABELS: Readonly<Record<CompareChange, string>> = {
  equal: 'Unchanged',
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
};

const CELL_TONES: Readonly<Record<CompareChange, string>> = {
  equal: 'border-transparent',
  added: 'border-emerald-500 bg-emerald-50',
  removed: 'border-red-500 bg-red-50',
  changed: 'border-amber-500 bg-amber-50',
};

const MARKER_TONES: Readonly<Record<CompareChange, string>> = {
  equal: 'bg-slate-100 text-slate-600',
  added: 'bg-emerald-100 text-emerald-900',
  removed: 'bg-red-100 text-red-900',
  changed: 'bg-amber-100 text-amber-900',
};

function plural(count: number, word: string): string {
  return `${count} ${word}`;
}

/** "3 added, 1 removed, 5 changed": the counts a reviewer needs before reading the rows. */
export function summaryText(summary: CompareResponse['summary']): string {
  return [plural(summary.added, 'added'), plural(summary.removed, 'removed'), plural(summary.changed, 'changed')].join(', ');
}

/** A stretch of one side's text: unchanged, or what that side alone has (removed on the left, added on the right). */
export interface SideSpan {
  start: number;
  end: number;
  changed: boolean;
}

/**
 * Where a changed row's differences sit in one side's text: the segments that side reads (the
 * unchanged ones and its own change), with their offsets. Undefined when they do not spell `text`,
 * so the text shows as it is rather than misplaced marks.
 */
export function sideSpans(segments: readonly CompareSegment[] | undefined, side: 'left' | 'right', text: string): SideSpan[] | undefined {
  if (!segments) return undefined;
  const own = side === 'left' ? 'removed' : 'added';
  const spans: SideSpan[] = [];
  let at = 0;
  for (const segment of segments) {
    if (segment.kind !== 'equal' && segment.kind !== own) continue;
    if (text.slice(at, at + segment.text.length) !== segment.text) return undefined;
    spans.push({ start: at, end: at + segment.text.length, changed: segment.kind === own });
    at += segment.text.length;
  }
  return at === text.length ? spans : undefined;
}

interface ChangedTextProps {
  text: string;
  /** From `sideSpans`; none shows the text plain. */
  spans: readonly SideSpan[] | undefined;
  side: 'left' | 'right';
  start: number;
  end: number;
}

/** Part of one side's text with what that side alone has struck through (left) or underlaid (right). */
function ChangedText({ text, spans, side, start, end }: ChangedTextProps): ReactNode {
  if (!spans) return text.slice(start, end);
  return spans
    .filter((span) => span.end > start && span.start < end)
    .map((span) => {
      const from = Math.max(span.start, start);
      const piece = text.slice(from, Math.min(span.end, end));
      if (!span.changed) return <span key={from}>{piece}</span>;
      return side === 'left' ? (
        <del key={from} className="rounded-sm bg-red-200/70 text-red-950 decoration-red-700">
          {piece}
        </del>
      ) : (
        <ins key={from} className="rounded-sm bg-emerald-200/70 text-emerald-950 no-underline">
          {piece}
        </ins>
      );
    });
}

/** A table element as a table (lib/table-cells.ts), its changed words marked in their cells. */
function CompareTable({ label, headerRow, ...text }: ChangedTextProps & { label: string; headerRow: boolean }) {
  const { header, body } = tableGrid<CellRange | null>(tableCells(text.text), null, headerRow);
  const content = (range: CellRange | null) => range && <ChangedText {...text} start={range.start} end={range.end} />;
  return (
    <TableScroll label={label} className="rounded-md border border-slate-200 bg-white">
      <GridTable header={header} rows={body} render={content} compact className="text-xs leading-5" />
    </TableScroll>
  );
}

function elementClass(element: CompareElement): string {
  if (element.type === 'title') return 'font-semibold text-lg text-slate-900';
  if (element.type === 'heading') return 'font-semibold text-slate-900';
  if (element.type === 'list_item') return 'pl-4 before:-ml-4 before:inline-block before:w-4 before:content-["•"]';
  return '';
}

function Cell({ row, side, documentLabel }: { row: CompareRow; side: 'left' | 'right'; documentLabel: string }) {
  const element = side === 'left' ? row.left : row.right;
  // A removed row's right side (and an added row's left) is empty; keep the cell for alignment.
  const tone: CompareChange = element ? row.change : 'equal';
  const text = element && {
    text: element.text,
    spans: row.change === 'changed' ? sideSpans(row.segments, side, element.text) : undefined,
    side,
    start: 0,
    end: element.text.length,
  };
  return (
    <div
      className={cn(
        'min-w-0 rounded-md border-l-4 px-3 py-2 text-slate-800 text-sm leading-6',
        CELL_TONES[tone],
        !element && 'hidden md:block',
      )}
    >
      {element && text && (
        <>
          <span className="mb-1 flex items-center gap-2 text-slate-500 text-xs md:hidden">{documentLabel}</span>
          {element.type === 'table' ? (
            <CompareTable {...text} headerRow={element.header_row !== false} label={`Table in ${documentLabel}`} />
          ) : (
            <p className={elementClass(element)}>
              <ChangedText {...text} />
            </p>
          )}
        </>
      )}
    </div>
  );
}

function RowMarker({ change }: { change: CompareChange }) {
  if (change === 'equal') return <span className="sr-only">{CHANGE_LABELS.equal}</span>;
  return (
    <span className={cn('inline-flex rounded-full px-2 font-semibold text-xs leading-5', MARKER_TONES[change])}>
      {CHANGE_LABELS[change]}
    </span>
  );
}

/** The rows' grid: on wide screens a narrow column for the badge, then the two documents, so badges, headers and cells line up. */
const ROW_GRID = 'grid gap-1 md:grid-cols-[5.5rem_minmax(0,1fr)_minmax(0,1fr)] md:gap-3';

function DocumentHeader({ reference, side }: { reference: DocumentReference; side: 'Left' | 'Right' }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-200 bg-white p-3">
      <p className="text-slate-600 text-xs uppercase tracking-wide">{side}</p>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        <Link to={documentHref(reference)} className="focus-ring rounded-sm font-semibold text-brand-800 hover:underline">
          {reference.code}
        </Link>
        <StatusBadge reference={reference} />
      </p>
      <p className="mt-0.5 text-slate-800 text-sm">{reference.title}</p>
      {reference.edition && <p className="mt-0.5 text-slate-600 text-xs">Edition: {reference.edition}</p>}
    </div>
  );
}

type Block = { kind: 'row'; row: CompareRow; index: number } | { kind: 'skipped'; count: number; index: number };

/** With "Show only differences" on, runs of unchanged rows fold into one line saying how many. */
function blocksFor(rows: readonly CompareRow[], onlyDifferences: boolean): Block[] {
  if (!onlyDifferences) return rows.map((row, index) => ({ kind: 'row', row, index }));
  const blocks: Block[] = [];
  let skipped = 0;
  rows.forEach((row, index) => {
    if (row.change === 'equal') {
      skipped += 1;
      return;
    }
    if (skipped > 0) blocks.push({ kind: 'skipped', count: skipped, index: index - 1 });
    skipped = 0;
    blocks.push({ kind: 'row', row, index });
  });
  if (skipped > 0) blocks.push({ kind: 'skipped', count: skipped, index: rows.length });
  return blocks;
}

/** "Scope (1 changed, 2 added)": an edited section with what happened in it. */
function editedSection(section: CompareSectionChange): string {
  const parts = [
    section.changed > 0 ? `${section.changed} changed` : '',
    section.added > 0 ? `${section.added} added` : '',
    section.removed > 0 ? `${section.removed} removed` : '',
  ].filter(Boolean);
  return `${section.heading} (${parts.join(', ')})`;
}

/**
 * What changed, before the rows: the counts, each document's own account of its history, and the
 * sections that are new, left out or edited (from the alignment).
 */
function WhatChanged({ data }: { data: CompareResponse }) {
  const { history, sections } = data.what_changed;
  const onlyRight = sections.filter((section) => section.change === 'added').map((section) => section.heading);
  const onlyLeft = sections.filter((section) => section.change === 'removed').map((section) => section.heading);
  const edited = sections.filter((section) => section.change === 'changed');
  const codeOf = (side: 'left' | 'right') => (side === 'left' ? data.left : data.right).code;
  return (
    <div className="flex flex-col gap-3">
      {history.map((entry) => (
        <figure key={entry.side} className="min-w-0">
          <figcaption className="text-slate-700 text-sm">
            From the “{entry.heading}” section of <span className="font-semibold">{codeOf(entry.side)}</span>:
          </figcaption>
          <blockquote className="mt-1 space-y-1.5 border-brand-200 border-l-[3px] pl-3 text-slate-800 text-sm leading-6">
            {entry.passages.map((passage) => (
              <p key={passage}>{passage}</p>
            ))}
          </blockquote>
        </figure>
      ))}
      {sections.length > 0 && (
        <ul aria-label="Sections that differ" className="space-y-1 text-slate-800 text-sm leading-6">
          {onlyRight.length > 0 && (
            <li>
              <span className="font-semibold">Only in {data.right.code}:</span> {onlyRight.join('; ')}
            </li>
          )}
          {onlyLeft.length > 0 && (
            <li>
              <span className="font-semibold">Only in {data.left.code}:</span> {onlyLeft.join('; ')}
            </li>
          )}
          {edited.length > 0 && (
            <li>
              <span className="font-semibold">Edited:</span> {edited.map(editedSection).join('; ')}
            </li>
          )}
        </ul>
      )}
    </div>
  );
}

/** A column's document for its cells: code and edition ("HTM 04-01 (2006)" once, where the code already names it), else the side. */
export function sideLabel(reference: { code: string; edition: string }, side: 'left' | 'right'): string {
  if (!reference.edition) return `${reference.code} (${side})`;
  return reference.code.includes(reference.edition) ? reference.code : `${reference.code} (${reference.edition})`;
}

export function CompareResult({ data }: { data: CompareResponse }) {
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const toggleId = useId();
  const { summary } = data;
  const differences = summary.added + summary.removed + summary.changed;
  // Folding unchanged rows only helps when there are some, and there is something left to show.
  const canFold = summary.equal > 0 && differences > 0;
  const blocks = blocksFor(data.rows, onlyDifferences && canFold);
  const leftLabel = sideLabel(data.left, 'left');
  const rightLabel = sideLabel(data.right, 'right');

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={`${toggleId}-what-changed`} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h3 id={`${toggleId}-what-changed`} className="font-semibold text-slate-900">
              What changed
            </h3>
            <p className="mt-0.5 text-slate-800 text-sm">
              {differences === 0 ? 'No differences' : summaryText(summary)}
              {differences > 0 && summary.equal > 0 && `; ${summary.equal} unchanged`}
            </p>
          </div>
          {canFold && (
            <label htmlFor={toggleId} className="flex shrink-0 cursor-pointer items-center gap-2 font-medium text-slate-800 text-sm">
              <input
                id={toggleId}
                type="checkbox"
                role="switch"
                aria-checked={onlyDifferences}
                checked={onlyDifferences}
                onChange={(event) => setOnlyDifferences(event.target.checked)}
                className="size-4 accent-brand-700"
              />
              Show only differences
            </label>
          )}
        </div>
        <WhatChanged data={data} />
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-slate-700 text-xs" aria-hidden="true">
          <li className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-emerald-500" /> Added
          </li>
          <li className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-red-500" /> Removed
          </li>
          <li className="flex items-center gap-1">
            <span className="size-2.5 rounded-sm bg-amber-500" /> Changed
          </li>
        </ul>
      </section>

      <div className={ROW_GRID}>
        <div className="hidden md:block" aria-hidden="true" />
        <DocumentHeader reference={data.left} side="Left" />
        <DocumentHeader reference={data.right} side="Right" />
      </div>

      {data.rows.length === 0 ? (
        <p className="text-slate-600 text-sm">Neither document has any text to compare.</p>
      ) : (
        <ol aria-label="Differences" className="flex flex-col gap-1">
          {blocks.map((block) =>
            block.kind === 'skipped' ? (
              <li key={`skip-${block.index}`} className="py-1 text-center text-slate-600 text-xs">
                {block.count === 1 ? '1 unchanged element' : `${block.count} unchanged elements`}
              </li>
            ) : (
              <li key={block.index} data-change={block.row.change} className={ROW_GRID}>
                {/* The badge sits level with the first line of its row's text. */}
                <div className="flex items-start md:justify-end md:pt-2">
                  <RowMarker change={block.row.change} />
                </div>
                <Cell row={block.row} side="left" documentLabel={leftLabel} />
                <Cell row={block.row} side="right" documentLabel={rightLabel} />
              </li>
            ),
          )}
        </ol>
      )}
    </div>
  );
}

export interface CompareViewProps {
  left: string;
  right: string;
  onBack: () => void;
}

/** Two documents (or two editions of one) side by side; one column with markers on a phone. */
export function CompareView({ left, right, onBack }: CompareViewProps) {
  const compare = useCompare(left, right);
  let body: ReactNode;
  if (compare.isPending) body = <LoadingState message="Comparing the documents…" />;
  else if (compare.isError)
    body = (
      <Alert title="The comparison could not be loaded">
        <p>{compare.error.message}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => compare.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  else body = <CompareResult data={compare.data} />;

  return (
    <section aria-labelledby="compare-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="compare-heading" className="font-semibold text-lg text-slate-900">
          Compare documents
        </h2>
        <Button variant="secondary" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to documents
        </Button>
      </div>
      {body}
    </section>
  );
}
