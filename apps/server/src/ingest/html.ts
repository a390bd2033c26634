import { type ChildNode, type Element, isTag, isText } from 'domhandler';
import { Parser, parseDocument } from 'htmlparser2';
import { currentParseLimits, tooComplex } from './limits.ts';
import type { ParsedElement } from './markdown.ts';
import { collapse, createElementBuilder, fieldBlocks, isShortHeading, NUMBERED_HEADING, sectionDepth } from './text.ts';

export interface ParsedHtml {
  title: string | null;
  elements: ParsedElement[];
}

/**
 * Deepest element nesting an untrusted page may have. Building the tree costs time quadratic in
 * the depth (200,000 nested divs take minutes), and no document nests a thousand elements deep.
 */
export const HTML_MAX_DEPTH = 1000;

/**
 * Refuses markup nested deeper than HTML_MAX_DEPTH, found by a streaming pass that stops at the
 * limit, before the tree is built. The parser's own rules close implied elements (an unclosed <p>).
 */
function checkNesting(html: string): void {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag() {
        depth += 1;
        if (depth > HTML_MAX_DEPTH) {
          throw tooComplex(`This file nests its markup more than ${HTML_MAX_DEPTH.toLocaleString('en-GB')} levels deep.`);
        }
      },
      onclosetag() {
        depth -= 1;
      },
    },
    { decodeEntities: false, lowerCaseTags: true },
  );
  parser.end(html);
}

/** Never content: code, styling, navigation chrome and embedded objects. */
const SKIPPED = new Set([
  'script',
  'style',
  'nav',
  'footer',
  'template',
  'noscript',
  'svg',
  'math',
  'iframe',
  'object',
  'head',
  'button',
  'select',
]);
/** Elements that end the running paragraph before and after themselves. */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'header',
  'aside',
  'blockquote',
  'pre',
  'address',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'form',
  'fieldset',
  'details',
  'summary',
  'hr',
  'body',
  'html',
  'center',
]);
const HEADING = /^h([1-6])$/;

/** The visible text under a node, whitespace collapsed, skipped elements left out. */
function textOf(node: ChildNode): string {
  const parts: string[] = [];
  const visit = (current: ChildNode) => {
    if (isText(current)) parts.push(current.data);
    else if (isTag(current)) {
      if (SKIPPED.has(current.name)) return;
      if (current.name === 'br') parts.push(' ');
      const block = BLOCKS.has(current.name) || current.name === 'li' || HEADING.test(current.name);
      if (block) parts.push(' ');
      for (const child of current.children) visit(child);
      if (block || current.name === 'td' || current.name === 'th') parts.push(' ');
    }
  };
  visit(node);
  return collapse(parts.join(''));
}

function find(nodes: ChildNode[], predicate: (element: Element) => boolean): Element | null {
  for (const node of nodes) {
    // An SVG's own <title> is a tooltip, not the page's title.
    if (!isTag(node) || node.name === 'svg') continue;
    if (predicate(node)) return node;
    const found = find(node.children, predicate);
    if (found) return found;
  }
  return null;
}

/**
 * Rows of a table (its own rows only, not those of tables nested in cells), cells joined by ' | ',
 * and whether its first row is a header: in a `<thead>`, of `<th>` cells, or every cell in bold.
 */
function tableText(table: Element): { text: string; header: boolean } {
  const rows: string[] = [];
  let header = false;
  const visit = (nodes: ChildNode[], inHead: boolean) => {
    for (const node of nodes) {
      if (!isTag(node) || SKIPPED.has(node.name)) continue;
      if (node.name === 'tr') {
        const cells = node.children.filter((cell): cell is Element => isTag(cell) && (cell.name === 'td' || cell.name === 'th'));
        const texts = cells.map((cell) => textOf(cell).replace(/\|/g, '/'));
        if (!texts.some((text) => text.length > 0)) continue;
        if (rows.length === 0) {
          header = inHead || cells.every((cell, column) => cell.name === 'th' || texts[column] === '' || allBold(cell));
        }
        rows.push(texts.join(' | '));
      } else if (node.name !== 'table') {
        visit(node.children, inHead || node.name === 'thead');
      }
    }
  };
  visit(table.children, false);
  return { text: rows.join('\n'), header };
}

/** Whether every visible character of an element is in bold (`<strong>` or `<b>`), and there is some. */
function allBold(node: Element): boolean {
  let some = false;
  const visit = (current: ChildNode, bold: boolean): boolean => {
    if (isText(current)) {
      if (current.data.trim() === '') return true;
      some = true;
      return bold;
    }
    if (!isTag(current) || SKIPPED.has(current.name)) return true;
    const inBold = bold || current.name === 'strong' || current.name === 'b';
    return current.children.every((child) => visit(child, inBold));
  };
  return visit(node, false) && some;
}

/**
 * HTML as elements. `titleFrom: 'document'` (web pages): the title is `<title>`, else the first
 * `<h1>`; an `<h1>` repeating the title is not repeated. `titleFrom: 'title-class'` (converted Word
 * files): only an element with class `title` is the title and every `<h1>` is a heading, and a
 * short paragraph all in bold is a heading too, as a Word author sets one without a heading style:
 * at its section number's depth ("6.1 Temperatures"), else a level below the last heading that had
 * a style or a number.
 */
export function parseHtml(html: string, options: { titleFrom: 'document' | 'title-class' } = { titleFrom: 'document' }): ParsedHtml {
  if (currentParseLimits()) checkNesting(html);
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true });
  const builder = createElementBuilder();
  let title: string | null = null;
  let titlePending = false;
  if (options.titleFrom === 'document') {
    const titleElement = find(document.children, (element) => element.name === 'title');
    const text = titleElement ? textOf(titleElement) : '';
    if (text) {
      title = text;
      builder.title(text, 1);
      titlePending = true;
    }
  }

  // The level of the last heading set by a style or a section number.
  let structured = 0;
  // The running paragraph (or list item) being gathered from inline content, and its lines ended
  // by <br> before it.
  let buffer: string[] = [];
  let lines: string[] = [];
  let listDepth = 0;
  const flush = () => {
    const all = [...lines, buffer.join('')];
    buffer = [];
    lines = [];
    if (listDepth > 0) builder.add('list_item', all.join(' '), 1);
    else for (const text of fieldBlocks(all)) builder.add('paragraph', text, 1);
  };

  const walk = (node: ChildNode, inItem: boolean) => {
    if (isText(node)) {
      buffer.push(node.data);
      return;
    }
    if (!isTag(node) || SKIPPED.has(node.name)) return;
    const name = node.name;
    const heading = HEADING.exec(name);
    if (heading) {
      flush();
      const text = textOf(node);
      const level = Number(heading[1]);
      const isTitleClass = options.titleFrom === 'title-class' && /(^|\s)title(\s|$)/.test(node.attribs.class ?? '');
      if (isTitleClass && title === null) {
        title = text;
        builder.title(text, 1);
      } else if (options.titleFrom === 'document' && level === 1 && titlePending && text.toLowerCase() === title?.toLowerCase()) {
        titlePending = false;
      } else if (options.titleFrom === 'document' && level === 1 && title === null && text) {
        title = text;
        builder.title(text, 1);
      } else {
        builder.heading(level, text, 1);
        structured = level;
      }
      return;
    }
    if (name === 'table') {
      flush();
      const { text, header } = tableText(node);
      const table = builder.add('table', text, 1);
      // A web page's table says nothing of its header row as a Word file's does: only Word's is read.
      if (table && !header && options.titleFrom === 'title-class') table.headerless = true;
      return;
    }
    if (name === 'br') {
      lines.push(buffer.join(''));
      buffer = [];
      return;
    }
    if (name === 'li') {
      flush();
      listDepth += 1;
      for (const child of node.children) walk(child, true);
      flush();
      listDepth -= 1;
      return;
    }
    if (name === 'ul' || name === 'ol') {
      flush();
      for (const child of node.children) walk(child, false);
      flush();
      return;
    }
    if (name === 'p' && !inItem && options.titleFrom === 'title-class' && allBold(node)) {
      const text = textOf(node);
      if (isShortHeading(text)) {
        flush();
        const numbered = NUMBERED_HEADING.exec(text);
        const level = numbered ? sectionDepth(numbered) : Math.min(structured + 1, 6);
        if (numbered) structured = level;
        builder.heading(level, text, 1);
        return;
      }
    }
    // Paragraphs inside a list item stay part of that item.
    if (BLOCKS.has(name) && !inItem) {
      flush();
      for (const child of node.children) walk(child, false);
      flush();
      return;
    }
    if (BLOCKS.has(name)) buffer.push(' ');
    for (const child of node.children) walk(child, inItem);
    if (BLOCKS.has(name) || name === 'td' || name === 'th') buffer.push(' ');
  };
  for (const node of document.children) walk(node, false);
  flush();
  return { title, elements: builder.elements };
}
