import type { PolicyElement } from '@verity/shared';
import { Fragment, memo, type ReactNode, useMemo } from 'react';
import { GridTable } from '../../components/ui/grid-table';
import { cn } from '../../lib/cn';
import { headingLevel } from '../../lib/heading-level';
import { tableCells } from '../../lib/table-cells';
import { buildPolicyBlocks, type Mark, runs } from './policy-model';
import { SEVERITY_LABELS } from './severity';

/** A finding's highlight: coloured by severity, faint once dismissed, strong while it is inspected. */
const MARK_CLASSES: Record<Mark['severity'], string> = {
  high: 'bg-red-100 decoration-red-500 hover:bg-red-200',
  medium: 'bg-amber-100 decoration-amber-500 hover:bg-amber-200',
  low: 'bg-sky-100 decoration-sky-500 hover:bg-sky-200',
};
const DISMISSED_CLASS = 'bg-transparent decoration-slate-400 decoration-dotted hover:bg-slate-100';
const ACTIVE_CLASS = 'bg-amber-300 ring-2 ring-amber-500 hover:bg-amber-300';

interface TextProps {
  text: string;
  start: number;
  end: number;
  marks: readonly Mark[];
  activeId: string | null;
  onSelect: (findingId: string) => void;
}

/** Part of an element's text with the findings in it highlighted; clicking a highlight selects its finding. */
function MarkedText({ text, start, end, marks, activeId, onSelect }: TextProps): ReactNode {
  if (marks.length === 0) return text.slice(start, end);
  return runs(start, end, marks).map((run) => {
    const piece = text.slice(run.start, run.end);
    const [first] = run.marks.filter((mark) => !mark.dismissed).concat(run.marks);
    if (!first) return <Fragment key={run.start}>{piece}</Fragment>;
    const active = run.marks.some((mark) => mark.findingId === activeId);
    return (
      // The findings list is the keyboard's way through the findings; a highlight is for the mouse.
      // A mark, not a button, so a long highlight wraps with the text around it.
      // biome-ignore lint/a11y/useKeyWithClickEvents: the findings list gives the keyboard the same action
      <mark
        key={run.start}
        data-findings={run.marks.map((mark) => mark.findingId).join(' ')}
        data-active={active || undefined}
        title={`${SEVERITY_LABELS[first.severity]} finding`}
        onClick={() => onSelect(first.findingId)}
        className={cn(
          'scroll-mt-16 cursor-pointer whitespace-pre-wrap rounded-sm px-0.5 text-inherit underline decoration-2 underline-offset-4 transition-colors md:scroll-mt-32',
          first.dismissed ? DISMISSED_CLASS : MARK_CLASSES[first.severity],
          active && ACTIVE_CLASS,
        )}
      >
        {piece}
      </mark>
    );
  });
}

interface ElementProps {
  element: PolicyElement;
  marks: readonly Mark[];
  /** The inspected finding, when it is in this element (so only the elements concerned render again). */
  activeId: string | null;
  onSelect: (findingId: string) => void;
}

function Table({ element, marks, activeId, onSelect }: ElementProps) {
  // A table its file says has no header row (label and value rows) is all body rows.
  const cells = tableCells(element.text);
  const [header = [], ...rows] = element.header_row === false ? [[], ...cells] : cells;
  const cell = (range: { start: number; end: number }) => (
    <MarkedText text={element.text} start={range.start} end={range.end} marks={marks} activeId={activeId} onSelect={onSelect} />
  );
  const section = element.heading_path.at(-1);
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a table wider than a phone screen
      tabIndex={0}
      aria-label={section ? `Table: ${section}` : 'Table'}
      className="focus-ring mt-4 overflow-x-auto rounded-md border border-slate-200 bg-white"
    >
      <GridTable
        header={header}
        rows={rows}
        render={cell}
        className={cn('text-sm', (rows[0]?.length ?? header.length) > 2 && 'min-w-[28rem]')}
      />
    </section>
  );
}

const HEADING_CLASSES = {
  2: 'mt-8 font-semibold text-slate-900 text-xl',
  3: 'mt-6 font-semibold text-lg text-slate-900',
  4: 'mt-5 font-semibold text-base text-slate-900',
} as const;

/** One element of the policy; rendered again only when its findings or the inspected one among them change. */
const ElementView = memo(function ElementView(props: ElementProps) {
  const { element } = props;
  const text = <MarkedText text={element.text} start={0} end={element.text.length} {...props} />;
  switch (element.type) {
    case 'title':
      return <h2 className="break-words font-semibold text-2xl text-slate-900">{text}</h2>;
    case 'heading': {
      const level = headingLevel(element);
      const Tag = `h${level + 1 > 4 ? 4 : level + 1}` as 'h3' | 'h4';
      return <Tag className={cn('break-words', HEADING_CLASSES[level])}>{text}</Tag>;
    }
    case 'table':
      return <Table {...props} />;
    case 'list_item':
      return <li className="break-words pl-1">{text}</li>;
    default:
      return <p className="mt-4 whitespace-pre-line break-words text-slate-800 leading-7">{text}</p>;
  }
});

export interface PolicyViewProps {
  elements: readonly PolicyElement[];
  /** Page markers between pages (a PDF). */
  paged: boolean;
  marks: ReadonlyMap<number, Mark[]>;
  activeId: string | null;
  onSelect: (findingId: string) => void;
}

const NO_MARKS: Mark[] = [];

/** The reviewed policy as it reads, with every finding located in it highlighted in place. */
export function PolicyView({ elements, paged, marks, activeId, onSelect }: PolicyViewProps) {
  const blocks = useMemo(() => buildPolicyBlocks(elements, paged), [elements, paged]);
  const view = (element: PolicyElement) => {
    const own = marks.get(element.index) ?? NO_MARKS;
    const active = activeId && own.some((mark) => mark.findingId === activeId) ? activeId : null;
    return <ElementView key={element.index} element={element} marks={own} activeId={active} onSelect={onSelect} />;
  };
  return (
    <div className="min-w-0">
      {blocks.map((block) => {
        switch (block.kind) {
          case 'page':
            return (
              <p
                key={block.key}
                className="mt-6 flex items-center gap-3 font-medium text-slate-500 text-xs uppercase tracking-wide first:mt-0"
              >
                <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                Page {block.page}
                <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
              </p>
            );
          case 'list':
            return (
              <ul key={block.key} className="mt-4 list-disc space-y-2 pl-6 text-slate-800 leading-7 marker:text-slate-400">
                {block.items.map(view)}
              </ul>
            );
          default:
            return view(block.element);
        }
      })}
    </div>
  );
}
