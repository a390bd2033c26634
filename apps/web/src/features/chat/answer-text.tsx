import type { Citation } from '@verity/shared';
import { type ReactNode, useMemo } from 'react';
import { TableScroll } from '../../components/ui/table-scroll';
import { cn } from '../../lib/cn';
import { type AnswerBlock, type InlineNode, inlineText, parseAnswer } from './answer-format';
import { CitationMarker } from './citation-marker';

export interface AnswerTextProps {
  text: string;
  citations: readonly Citation[];
  onOpenCitation: (n: number) => void;
  /** Shows a caret after the last character while the answer is still arriving. */
  streaming?: boolean;
}

function Inline({
  nodes,
  citations,
  onOpenCitation,
}: {
  nodes: readonly InlineNode[];
  citations: ReadonlyMap<number, Citation>;
  onOpenCitation: (n: number) => void;
}): ReactNode {
  return nodes.map((node, i) => {
    const key = `${node.kind}-${i}`;
    if (node.kind === 'text') return <span key={key}>{node.text}</span>;
    if (node.kind === 'marker') {
      const citation = citations.get(node.n);
      // A marker that points at no source (or whose sources have not arrived yet) stays plain text.
      if (!citation) return <span key={key}>[{node.n}]</span>;
      return <CitationMarker key={key} citation={citation} onOpen={onOpenCitation} />;
    }
    const Tag = node.kind === 'strong' ? 'strong' : 'em';
    return (
      <Tag key={key} className={node.kind === 'strong' ? 'font-semibold text-slate-900' : undefined}>
        <Inline nodes={node.children} citations={citations} onOpenCitation={onOpenCitation} />
      </Tag>
    );
  });
}

const HEADING_CLASS = {
  2: 'mt-5 mb-2 font-semibold text-lg text-slate-900 first:mt-0',
  3: 'mt-4 mb-1.5 font-semibold text-base text-slate-900 first:mt-0',
  4: 'mt-3 mb-1 font-semibold text-slate-900 first:mt-0',
} as const;

/** Where the next words will appear while an answer streams: at the end of its last line. */
function Caret() {
  return <span aria-hidden="true" className="ml-1 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-brand-500" />;
}

const ALIGN_CLASS = { left: 'text-left', center: 'text-center', right: 'text-right' } as const;

/**
 * A table of the answer: a header row of column headers and the rows under it, in a region that
 * scrolls sideways on a narrow screen (focusable, so it scrolls from the keyboard too, and marked
 * as scrolling while columns are out of sight: TableScroll). Cells keep their citation buttons.
 */
function AnswerTable({
  block,
  citations,
  onOpenCitation,
  caret,
}: {
  block: Extract<AnswerBlock, { kind: 'table' }>;
  citations: ReadonlyMap<number, Citation>;
  onOpenCitation: (n: number) => void;
  caret: boolean;
}) {
  const columns = block.header.map((cell) => inlineText(cell).trim()).filter(Boolean);
  const caption = columns.length > 0 ? `Table: ${columns.join(', ')}` : 'Table';
  const alignOf = (i: number) => {
    const align = block.align[i];
    return align ? ALIGN_CLASS[align] : 'text-left';
  };
  return (
    <div className="my-3 max-w-full first:mt-0 last:mb-0">
      <TableScroll label={caption} role="region" className="rounded-lg border border-slate-200 bg-white">
        {/* Two columns wrap within a phone's width; wider tables keep readable columns and scroll sideways. */}
        <table
          data-answer-table=""
          className="w-full border-collapse text-left text-sm leading-6"
          style={block.header.length > 2 ? { minWidth: `${Math.min(block.header.length, 6) * 9}rem` } : undefined}
        >
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50">
            <tr>
              {block.header.map((cell, i) => (
                <th
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their place.
                  key={i}
                  scope="col"
                  className={cn('border-slate-200 border-b px-3 py-2 align-bottom font-semibold text-slate-900', alignOf(i))}
                >
                  <Inline nodes={cell} citations={citations} onOpenCitation={onOpenCitation} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, r) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are re-parsed as text streams in; their order is their identity.
              <tr key={r} className="border-slate-100 border-b last:border-b-0 even:bg-slate-50/50">
                {row.map((cell, i) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their place.
                    key={i}
                    className={cn(
                      'whitespace-pre-line px-3 py-2 align-top text-slate-800',
                      i === 0 && 'font-medium text-slate-900',
                      alignOf(i),
                    )}
                  >
                    <Inline nodes={cell} citations={citations} onOpenCitation={onOpenCitation} />
                    {caret && r === block.rows.length - 1 && i === row.length - 1 && <Caret />}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}

function Block({
  block,
  citations,
  onOpenCitation,
  caret,
}: {
  block: AnswerBlock;
  citations: ReadonlyMap<number, Citation>;
  onOpenCitation: (n: number) => void;
  caret: boolean;
}) {
  if (block.kind === 'heading') {
    const Tag = block.level === 2 ? 'h3' : block.level === 3 ? 'h4' : 'h5';
    return (
      <Tag className={HEADING_CLASS[block.level]}>
        <Inline nodes={block.children} citations={citations} onOpenCitation={onOpenCitation} />
        {caret && <Caret />}
      </Tag>
    );
  }
  if (block.kind === 'paragraph') {
    return (
      <p className="my-2.5 first:mt-0 last:mb-0">
        <Inline nodes={block.children} citations={citations} onOpenCitation={onOpenCitation} />
        {caret && <Caret />}
      </p>
    );
  }
  if (block.kind === 'table') return <AnswerTable block={block} citations={citations} onOpenCitation={onOpenCitation} caret={caret} />;
  const items = block.items.map((item, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their place in the answer.
    <li key={i} className="pl-1">
      <Inline nodes={item} citations={citations} onOpenCitation={onOpenCitation} />
      {caret && i === block.items.length - 1 && <Caret />}
    </li>
  ));
  return block.ordered ? (
    <ol start={block.start} className="my-2.5 list-decimal space-y-1.5 pl-6 marker:text-slate-500 first:mt-0 last:mb-0">
      {items}
    </ol>
  ) : (
    <ul className="my-2.5 list-disc space-y-1.5 pl-6 marker:text-brand-400 first:mt-0 last:mb-0">{items}</ul>
  );
}

/**
 * An answer's text as React elements (never as HTML): headings, lists, tables, bold, italics and
 * paragraphs, with each `[n]` that names one of the answer's sources as a citation button.
 */
export function AnswerText({ text, citations, onOpenCitation, streaming = false }: AnswerTextProps) {
  const blocks = useMemo(() => parseAnswer(text, { streaming }), [text, streaming]);
  const byNumber = useMemo(() => new Map(citations.map((citation) => [citation.n, citation])), [citations]);
  return (
    <div className="break-words text-[0.95rem] text-slate-800 leading-7">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks are re-parsed as text streams in; their order is their identity.
        <Block key={i} block={block} citations={byNumber} onOpenCitation={onOpenCitation} caret={streaming && i === blocks.length - 1} />
      ))}
    </div>
  );
}
