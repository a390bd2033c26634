import type { DocumentElement } from '@verity/shared';
import type { ReactNode } from 'react';
import { GridTable } from '../../../components/ui/grid-table';
import { cn } from '../../../lib/cn';
import type { HeadingLevel } from '../../../lib/heading-level';
import type { DocumentBlock, ParsedTable } from './document-model';

export const CITED_PASSAGE_LABEL = 'Cited passage';

/** The marker a highlighted element carries: visible (background, left border) and read out first. */
export const HIGHLIGHT_CLASS = 'rounded-r-md border-amber-500 border-l-4 bg-amber-50 py-1 pr-2 pl-3 print:border-l-4 print:bg-transparent';

/** Anchors sit below the sticky highlight bar when scrolled to (below md, the page's scroll padding clears the top bar). */
const ANCHOR_CLASS = 'scroll-mt-16 md:scroll-mt-20';

/** The attributes every element carries so citations (`element_ids`) and the contents can find it. */
export function elementAttributes(element: DocumentElement) {
  return {
    id: element.id,
    'data-element-id': element.id,
    'data-highlighted': element.highlighted ? 'true' : undefined,
  };
}

export function CitedMarker({ element }: { element: DocumentElement }) {
  if (!element.highlighted) return null;
  return <span className="sr-only">{`${CITED_PASSAGE_LABEL}: `}</span>;
}

const HEADING_CLASSES: Record<HeadingLevel, string> = {
  2: 'mt-10 font-semibold text-slate-900 text-xl sm:text-2xl',
  3: 'mt-8 font-semibold text-lg text-slate-900',
  4: 'mt-6 font-semibold text-base text-slate-900',
};

function Heading({ element, level }: { element: DocumentElement; level: HeadingLevel }) {
  const Tag = `h${level}` as const;
  return (
    <Tag
      {...elementAttributes(element)}
      tabIndex={-1}
      className={cn(
        HEADING_CLASSES[level],
        ANCHOR_CLASS,
        'break-words outline-none print:break-after-avoid',
        element.highlighted && HIGHLIGHT_CLASS,
      )}
    >
      <CitedMarker element={element} />
      {element.text}
    </Tag>
  );
}

function DocumentTable({ element, table, label }: { element: DocumentElement; table: ParsedTable; label: string }) {
  return (
    <div {...elementAttributes(element)} className={cn('mt-4', ANCHOR_CLASS, element.highlighted && HIGHLIGHT_CLASS)}>
      <CitedMarker element={element} />
      <section
        // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a table wider than a phone screen
        tabIndex={0}
        aria-label={label}
        className="focus-ring overflow-x-auto rounded-md border border-slate-200 bg-white print:overflow-visible"
      >
        <GridTable
          header={table.header}
          rows={table.rows}
          render={(cell) => cell}
          // Two columns (a label and its value) fit a phone; wider tables scroll inside their region.
          className={cn('text-sm', (table.rows[0]?.length ?? table.header.length) > 2 && 'min-w-[32rem] print:min-w-0')}
          rowClassName="print:break-inside-avoid"
        />
      </section>
    </div>
  );
}

function Block({ block }: { block: DocumentBlock }): ReactNode {
  switch (block.kind) {
    case 'title':
      // The page header renders the title as the h1; a second title element is read as a heading.
      return <Heading element={block.element} level={2} />;
    case 'heading':
      return <Heading element={block.element} level={block.level} />;
    case 'paragraph':
      return (
        <p
          {...elementAttributes(block.element)}
          className={cn('mt-4 break-words text-slate-800 leading-7', ANCHOR_CLASS, block.element.highlighted && HIGHLIGHT_CLASS)}
        >
          <CitedMarker element={block.element} />
          {block.element.text}
        </p>
      );
    case 'list':
      return (
        <ul className="mt-4 list-disc space-y-2 pl-6 text-slate-800 leading-7 marker:text-slate-400">
          {block.items.map((item) => (
            <li
              key={item.id}
              {...elementAttributes(item)}
              className={cn('break-words pl-1', ANCHOR_CLASS, item.highlighted && HIGHLIGHT_CLASS)}
            >
              <CitedMarker element={item} />
              {item.text}
            </li>
          ))}
        </ul>
      );
    case 'table': {
      const section = block.element.heading_path.at(-1);
      return <DocumentTable element={block.element} table={block.table} label={section ? `Table: ${section}` : 'Table'} />;
    }
  }
}

/** The document's elements in reading order (the title excluded: the header shows it). */
export function DocumentBody({ blocks }: { blocks: readonly DocumentBlock[] }) {
  return (
    <div className="min-w-0">
      {blocks.map((block) => (
        <Block key={block.kind === 'list' ? `list-${block.key}` : block.element.id} block={block} />
      ))}
    </div>
  );
}
