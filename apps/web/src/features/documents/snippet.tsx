import { Fragment, type ReactNode } from 'react';

export interface SnippetPart {
  text: string;
  marked: boolean;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  '#x27': "'",
};

/** Undo the server's escaping; an unknown entity is left as written rather than guessed at. */
export function decodeEntities(value: string): string {
  return value.replace(/&(#x27|#39|amp|lt|gt|quot|apos);/g, (_match, name: string) => ENTITIES[name] ?? '');
}

/**
 * Split a search snippet (escaped text whose only markup is <mark>…</mark>) into plain and
 * highlighted runs. Nothing in it is ever handed to the browser as HTML: any other tag-like text is
 * shown literally, and a stray or unclosed <mark> only changes which run is highlighted.
 */
export function parseSnippet(html: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  for (const piece of html.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') {
      marked = true;
    } else if (piece === '</mark>') {
      marked = false;
    } else if (piece) {
      const text = decodeEntities(piece);
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
}

export function SnippetText({ html }: { html: string }): ReactNode {
  return parseSnippet(html).map((part, index) =>
    part.marked ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one snippet never reorder.
      <mark key={index} className="rounded-sm bg-amber-200/80 px-0.5 font-medium text-slate-900">
        {part.text}
      </mark>
    ) : (
      // Plain text, not a <span>, so assistive tech reads the snippet as one run with its spaces.
      // biome-ignore lint/suspicious/noArrayIndexKey: the runs of one snippet never reorder.
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}
