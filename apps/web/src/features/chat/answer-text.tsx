import type { Citation } from '@verity/shared';
import { type ReactNode, useMemo } from 'react';
import { type AnswerBlock, type InlineNode, parseAnswer } from './answer-format';
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
 * An answer's text as React elements (never as HTML): headings, lists, bold, italics and
 * paragraphs, with each `[n]` that names one of the answer's sources as a citation button.
 */
export function AnswerText({ text, citations, onOpenCitation, streaming = false }: AnswerTextProps) {
  const blocks = useMemo(() => parseAnswer(text), [text]);
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
