import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A tutorial's Markdown, drawn as React elements: headings, paragraphs, bulleted and numbered
 * lists, tables, and inline bold, italics, code and links. No HTML is ever made from the text, so
 * nothing in it can run or style the page; a link goes only to a page of Verity ("/chat") or an
 * https address (which opens in a new tab). A line that is only a picture of a Verity page,
 * ![what it shows](screenshot:name), becomes a figure when that picture has been taken here (the
 * tutorial names the ones it has), and is left out otherwise. Read in one pass over the lines,
 * each inline mark looked for within a bounded reach: linear in the text.
 */

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; ordered: boolean; items: string[] }
  | { type: 'table'; header: string[]; rows: string[][] }
  | { type: 'figure'; name: string; alt: string };

/** A picture taken of a real page, as the tutorial answer lists them. */
export interface Screenshot {
  name: string;
  width: number;
  height: number;
}

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:([-*+])|(\d{1,9})[.)])\s+(.*)$/;
const TABLE_ROW = /^\s*\|/;
const FIGURE = /^!\[([^\]]{1,300})\]\(screenshot:([a-z0-9-]{1,60})\)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function cells(line: string): string[] {
  let row = line.trim();
  if (row.startsWith('|')) row = row.slice(1);
  if (row.endsWith('|')) row = row.slice(0, -1);
  return row.split('|').map((cell) => cell.trim());
}

/** The blocks of a Markdown text, in order. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  let table: string[][] | null = null;
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ type: 'list', ...list });
    if (table && table.length > 0) blocks.push({ type: 'table', header: table[0] ?? [], rows: table.slice(1) });
    paragraph = [];
    list = null;
    table = null;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(4, Math.max(2, (heading[1] ?? '').length)) as 2 | 3 | 4;
      blocks.push({ type: 'heading', level, text: heading[2] ?? '' });
      continue;
    }
    const figure = FIGURE.exec(line.trim());
    if (figure) {
      flush();
      blocks.push({ type: 'figure', alt: figure[1] ?? '', name: figure[2] ?? '' });
      continue;
    }
    if (TABLE_ROW.test(line)) {
      if (!table) flush();
      table ??= [];
      if (!TABLE_SEPARATOR.test(line)) table.push(cells(line));
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push(item[3] ?? '');
      continue;
    }
    if (list && /^\s{2,}\S/.test(raw)) {
      // A continuation line of the list item above.
      list.items[list.items.length - 1] = `${list.items.at(-1) ?? ''} ${line.trim()}`;
      continue;
    }
    if (list || table) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** How far an inline mark's closing is looked for: marks are short, and the scan stays linear. */
const REACH = 300;

/** Where a link may go: a page of Verity, or an https address. */
function safeHref(href: string): { internal: boolean; href: string } | null {
  if (/^\/(?!\/)[\w\-./?=&%#]*$/.test(href)) return { internal: true, href };
  if (/^https:\/\/[^\s<>"']+$/i.test(href)) return { internal: false, href };
  return null;
}

/** Inline Markdown as React nodes. */
export function inline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let plain = '';
  let i = 0;
  const key = () => `${keyPrefix}-${nodes.length}`;
  const push = (node: ReactNode) => {
    if (plain) nodes.push(plain);
    plain = '';
    nodes.push(<Fragment key={key()}>{node}</Fragment>);
  };
  const closing = (marker: string, from: number) => {
    const at = text.indexOf(marker, from);
    return at > from && at - from <= REACH ? at : -1;
  };
  while (i < text.length) {
    const rest = text.slice(i, i + 2);
    if (rest === '**') {
      const end = closing('**', i + 2);
      if (end > 0) {
        push(<strong className="font-semibold text-slate-900">{inline(text.slice(i + 2, end), key())}</strong>);
        i = end + 2;
        continue;
      }
    }
    const char = text[i] ?? '';
    if (char === '`') {
      const end = closing('`', i + 1);
      if (end > 0) {
        push(<code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">{text.slice(i + 1, end)}</code>);
        i = end + 1;
        continue;
      }
    }
    if ((char === '*' || char === '_') && text[i + 1] !== ' ' && (i === 0 || /[\s(]/.test(text[i - 1] ?? ''))) {
      const end = closing(char, i + 1);
      if (end > 0 && text[end - 1] !== ' ') {
        push(<em>{inline(text.slice(i + 1, end), key())}</em>);
        i = end + 1;
        continue;
      }
    }
    if (char === '[') {
      const middle = closing('](', i + 1);
      const end = middle > 0 ? closing(')', middle + 2) : -1;
      if (middle > 0 && end > 0) {
        const label = text.slice(i + 1, middle);
        const target = safeHref(text.slice(middle + 2, end).trim());
        if (target?.internal)
          push(
            <Link to={target.href} className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900">
              {inline(label, key())}
            </Link>,
          );
        else if (target)
          push(
            <a
              href={target.href}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {inline(label, key())}
            </a>,
          );
        else push(inline(label, key()));
        i = end + 1;
        continue;
      }
    }
    plain += char;
    i += 1;
  }
  if (plain) nodes.push(plain);
  return nodes;
}

/** A tutorial body, drawn, with the pictures among `screenshots` (any other is left out). */
export function MarkdownBody({ markdown, screenshots = [] }: { markdown: string; screenshots?: readonly Screenshot[] }) {
  const blocks = markdownBlocks(markdown);
  const taken = new Map(screenshots.map((shot) => [shot.name, shot]));
  return (
    <div className="space-y-4 text-slate-700 leading-7">
      {blocks.map((block, n) => {
        const key = `b${n}`;
        switch (block.type) {
          case 'heading': {
            const Tag = `h${block.level}` as 'h2' | 'h3' | 'h4';
            return (
              <Tag
                key={key}
                className={block.level === 2 ? 'pt-4 font-semibold text-slate-900 text-xl' : 'pt-2 font-semibold text-lg text-slate-900'}
              >
                {inline(block.text, key)}
              </Tag>
            );
          }
          case 'paragraph':
            return <p key={key}>{inline(block.text, key)}</p>;
          case 'figure': {
            const shot = taken.get(block.name);
            if (!shot) return null;
            return (
              <figure key={key} aria-labelledby={`figure-${key}-caption`} className="py-2">
                {/* The caption says what the picture shows, and names the figure: the image adds nothing to read twice. */}
                <img
                  src={`/api/tutorials/screenshots/${shot.name}`}
                  alt=""
                  width={shot.width}
                  height={shot.height}
                  loading="lazy"
                  className="h-auto w-full rounded-lg border border-slate-200 shadow-sm"
                />
                <figcaption id={`figure-${key}-caption`} className="mt-2 text-slate-500 text-sm leading-6">
                  {block.alt}
                </figcaption>
              </figure>
            );
          }
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={key} className={`${block.ordered ? 'list-decimal' : 'list-disc'} space-y-2 pl-6 marker:text-slate-400`}>
                {block.items.map((item, m) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a tutorial's parts never reorder; their place is their identity.
                  <li key={`${key}-${m}`}>{inline(item, `${key}-${m}`)}</li>
                ))}
              </List>
            );
          }
          default:
            return (
              <div key={key} className="overflow-x-auto rounded-lg border border-slate-200">
                <table className="w-full border-collapse text-left text-sm">
                  <thead className="bg-slate-50">
                    <tr>
                      {block.header.map((cell, m) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a tutorial's parts never reorder; their place is their identity.
                        <th key={`${key}-h${m}`} scope="col" className="border-slate-200 border-b px-3 py-2 font-semibold text-slate-900">
                          {inline(cell, `${key}-h${m}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {block.rows.map((row, r) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a tutorial's parts never reorder; their place is their identity.
                      <tr key={`${key}-r${r}`} className="border-slate-100 border-b last:border-b-0">
                        {row.map((cell, m) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: a tutorial's parts never reorder; their place is their identity.
                          <td key={`${key}-r${r}-${m}`} className="px-3 py-2 align-top">
                            {inline(cell, `${key}-r${r}-${m}`)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            );
        }
      })}
    </div>
  );
}
