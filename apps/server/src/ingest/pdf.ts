import { getDocumentProxy } from 'unpdf';
import { chargeRead, checkPageCount } from './limits.ts';
import type { ParsedElement } from './markdown.ts';
import { UnreadableFileError } from './document.ts';
import {
  collapse,
  createElementBuilder,
  isFieldLine,
  isShortHeading,
  LIST_MARKER,
  NUMBERED_HEADING,
  opensField,
  sectionDepth,
} from './text.ts';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

/** One run of text as PDF.js reports it: baseline position, width and font size in points. */
interface TextRun {
  text: string;
  x: number;
  y: number;
  width: number;
  size: number;
  font: string;
  bold: boolean;
}

/** A visual line: runs sharing a baseline, split into cells where a wide gap separates them. */
interface Line {
  page: number;
  y: number;
  x: number;
  /** The font size carrying most of the line's characters. */
  size: number;
  /** Whether most of the line's characters are bold. */
  bold: boolean;
  /** Whether the line is a bold label ending in a colon and a value not in bold ("**Version:** 2.0"). */
  labelled: boolean;
  text: string;
  /** Where the line's text ends on the right. */
  end: number;
  cells: { x: number; text: string }[];
}

const ENCRYPTED_MESSAGE = 'This PDF is password-protected. Remove the password (or save an unprotected copy) and upload it again.';
const CORRUPT_MESSAGE = 'This PDF is damaged and could not be read. Save or export it again and re-upload it.';
const NO_TEXT_MESSAGE = 'This PDF has no text layer (it looks like a scan). Scanned PDFs need OCR before ingestion.';

async function openPdf(bytes: Uint8Array): Promise<PdfDocument> {
  try {
    // PDF.js takes ownership of the buffer it is given, so it gets a copy; system fonts are off
    // because only text is needed.
    return await getDocumentProxy(new Uint8Array(bytes), {
      verbosity: 0,
      useSystemFonts: false,
      disableFontFace: true,
      stopAtErrors: false,
    });
  } catch (error) {
    if (error instanceof Error && error.name === 'PasswordException') throw new UnreadableFileError('encrypted', ENCRYPTED_MESSAGE);
    throw new UnreadableFileError('corrupt', CORRUPT_MESSAGE);
  }
}

const BOLD_NAME = /bold|black|heavy|semibold|demi/i;

/**
 * Text runs of a page. With `fonts` given, each run also says whether its font is bold: PDF.js only
 * resolves a font's name after drawing instructions are built, so that is done for the first page
 * using a font not seen before (fonts are shared, so usually once or twice per document).
 */
async function pageRuns(document: PdfDocument, pageNumber: number, fonts?: Map<string, boolean>): Promise<TextRun[]> {
  const page = await document.getPage(pageNumber);
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  const fontNames = new Set<string>();
  for (const item of content.items) {
    if (!('str' in item) || item.str.trim().length === 0) continue;
    const [a = 0, b = 0, c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
    // The glyphs' height, whichever way the text is rotated.
    const size = Math.abs(b) > Math.abs(a) ? Math.hypot(a, b) : Math.hypot(c, d);
    chargeRead(item.str.length);
    runs.push({ text: item.str, x, y, width: item.width, size: Math.round(size * 2) / 2 || 1, font: item.fontName, bold: false });
    fontNames.add(item.fontName);
  }
  if (fonts) {
    const unknown = [...fontNames].filter((name) => !fonts.has(name));
    if (unknown.length > 0) {
      await page.getOperatorList().catch(() => null);
      for (const name of unknown) {
        let bold = false;
        try {
          const font = page.commonObjs.has(name)
            ? (page.commonObjs.get(name) as { name?: unknown; bold?: unknown; black?: unknown })
            : null;
          bold = font?.bold === true || font?.black === true || (typeof font?.name === 'string' && BOLD_NAME.test(font.name));
        } catch {
          // A font PDF.js could not load reads as regular.
        }
        fonts.set(name, bold);
      }
    }
    for (const run of runs) run.bold = fonts.get(run.font) ?? false;
  }
  page.cleanup();
  return runs;
}

/** The text of each page, runs joined by spaces: extraction without any layout analysis (the benchmark's baseline). */
export async function extractPdfText(bytes: Uint8Array): Promise<{ pageCount: number; pages: string[] }> {
  const document = await openPdf(bytes);
  try {
    const pages: string[] = [];
    checkPageCount(document.numPages);
    for (let n = 1; n <= document.numPages; n++) pages.push((await pageRuns(document, n)).map((run) => run.text).join(' '));
    return { pageCount: document.numPages, pages };
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError('corrupt', CORRUPT_MESSAGE);
  } finally {
    await document.loadingTask.destroy();
  }
}

/**
 * Whether `run` belongs on the line `group` starts: on its baseline, or, as a table cell centred
 * beside a cell of two lines sits, within 0.6 em of it and clear of the line's text by more than a
 * cell gap (it then reads as that row's cell, not as words between the other cell's lines).
 */
function onLine(group: readonly TextRun[], run: TextRun): boolean {
  const first = group[0];
  if (!first) return false;
  const size = Math.min(first.size, run.size);
  const dy = Math.abs(first.y - run.y);
  if (dy <= Math.max(2, 0.4 * size)) return true;
  if (dy > 0.6 * size || group.length > 64) return false;
  const clear = 1.5 * size;
  return group.every((other) => run.x + run.width + clear < other.x || other.x + other.width + clear < run.x);
}

/** Runs grouped into lines top to bottom; within a line a gap wider than 1.5 em starts a new cell. */
/** Runs (left to right) that open in bold up to a colon and go on in a plain font to the line's end. */
function isLabelled(runs: readonly TextRun[]): boolean {
  const value = runs.findIndex((run) => !run.bold && run.text.trim().length > 0);
  const label = runs.slice(0, value).filter((run) => run.text.trim().length > 0);
  return (
    value > 0 &&
    label.length > 0 &&
    label.every((run) => run.bold) &&
    (label.at(-1)?.text.trim().endsWith(':') ?? false) &&
    runs.slice(value).every((run) => !run.bold || run.text.trim().length === 0)
  );
}

function buildLines(runs: TextRun[], page: number): Line[] {
  const sorted = [...runs].sort((p, q) => q.y - p.y || p.x - q.x);
  const groups: TextRun[][] = [];
  for (const run of sorted) {
    const group = groups.at(-1);
    if (group && onLine(group, run)) group.push(run);
    else groups.push([run]);
  }
  return groups.map((group) => {
    group.sort((p, q) => p.x - q.x);
    const cells: { x: number; text: string }[] = [];
    const sizes = new Map<number, number>();
    let boldChars = 0;
    let chars = 0;
    let end = Number.NEGATIVE_INFINITY;
    for (const run of group) {
      sizes.set(run.size, (sizes.get(run.size) ?? 0) + run.text.length);
      chars += run.text.length;
      if (run.bold) boldChars += run.text.length;
      const gap = run.x - end;
      const cell = cells.at(-1);
      if (!cell || gap > 1.5 * run.size) cells.push({ x: run.x, text: run.text });
      else cell.text += gap > 0.15 * run.size && !cell.text.endsWith(' ') && !run.text.startsWith(' ') ? ` ${run.text}` : run.text;
      end = Math.max(end, run.x + run.width);
    }
    const size = [...sizes.entries()].sort((p, q) => q[1] - p[1] || q[0] - p[0])[0]?.[0] ?? 0;
    const clean = cells.map((cell) => ({ x: cell.x, text: collapse(cell.text) })).filter((cell) => cell.text.length > 0);
    return {
      page,
      y: group[0]?.y ?? 0,
      x: clean[0]?.x ?? 0,
      size,
      bold: boldChars * 2 > chars,
      labelled: isLabelled(group),
      text: clean.map((cell) => cell.text).join(' '),
      end,
      cells: clean,
    };
  });
}

/** A bare page number: digits, or a well-formed roman numeral up to 399 ("iv", "xii"; not a word such as "vl" or "lc"). */
const PAGE_NUMBER =
  /^(?:page\s+)?(?:\d{1,4}|(?=[ivxlc])c{0,3}(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3}))(?:\s*(?:of|\/)\s*\d{1,4})?$|^-\s*\d{1,4}\s*-$/i;
const normaliseRepeated = (text: string) => text.toLowerCase().replace(/\d+/g, '#');

/**
 * Running headers and footers: lines among the first or last two of a page whose text (digits
 * ignored) recurs at the top or bottom of three or more pages (both pages of a two-page file, or
 * two pages when only its digits change), and bare page numbers there. Lines larger than body text are kept: a title repeated small in the
 * running header stays on page 1.
 */
function dropPageFurniture(pages: Line[][], body: number): Line[][] {
  const edge = (lines: Line[]) => [...lines.slice(0, 2), ...lines.slice(-2)];
  const counts = new Map<string, number>();
  const variants = new Map<string, Set<string>>();
  for (const lines of pages) {
    for (const line of edge(lines)) {
      const key = normaliseRepeated(line.text);
      variants.set(key, (variants.get(key) ?? new Set()).add(line.text));
    }
    for (const key of new Set(edge(lines).map((line) => normaliseRepeated(line.text)))) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  // Chapter-named headers recur on a chapter's pages only, so a handful of repeats is enough; two
  // suffice when only the digits differ (a header carrying the page number).
  const isFurniture = (key: string) => {
    const count = counts.get(key) ?? 0;
    return count >= Math.min(3, pages.length) || (count >= 2 && (variants.get(key)?.size ?? 0) >= 2);
  };
  return pages.map((lines) => {
    const edges = new Set(edge(lines));
    return lines.filter((line) => {
      if (!edges.has(line) || line.size >= body * 1.15) return true;
      if (PAGE_NUMBER.test(line.text)) return false;
      return pages.length < 2 || !isFurniture(normaliseRepeated(line.text));
    });
  });
}

/** The most common font size by characters: the body text's size. */
function bodySize(lines: Line[]): number {
  const weights = new Map<number, number>();
  for (const line of lines) weights.set(line.size, (weights.get(line.size) ?? 0) + line.text.length);
  return [...weights.entries()].sort((p, q) => q[1] - p[1] || p[0] - q[0])[0]?.[0] ?? 0;
}

const aligned = (p: number, q: number) => Math.abs(p - q) <= 4;

/**
 * Consecutive lines, starting at `start`, that form a table: two or more lines of two or more cells
 * whose cells start at the same x positions (at least two shared columns), plus wrapped cell text
 * on lines of their own under a column other than the first.
 */
function readTable(lines: Line[], start: number): { rows: string[][]; next: number } | null {
  const first = lines[start];
  if (!first || first.cells.length < 2) return null;
  const columns = first.cells.map((cell) => cell.x);
  const rows: string[][] = [first.cells.map((cell) => cell.text)];
  let previous = first;
  let i = start + 1;
  for (; i < lines.length; i++) {
    const line = lines[i];
    if (!line || line.page !== first.page || previous.y - line.y > 3 * line.size) break;
    const indexes = line.cells.map((cell) => columns.findIndex((x) => aligned(x, cell.x)));
    const shared = indexes.filter((index) => index >= 0).length;
    if (line.cells.length >= 2 && shared >= 2) {
      const row: string[] = columns.map(() => '');
      line.cells.forEach((cell, n) => {
        const index = indexes[n] ?? -1;
        if (index >= 0) row[index] = row[index] ? `${row[index]} ${cell.text}` : cell.text;
        else row[row.length - 1] = `${row.at(-1) ?? ''} ${cell.text}`.trim();
      });
      rows.push(row);
    } else if (line.cells.length >= 1 && shared === line.cells.length && (indexes[0] ?? 0) > 0 && previous.y - line.y < 1.6 * line.size) {
      // Text wrapped inside a cell: appended to that cell of the row above.
      const row = rows.at(-1) ?? [];
      line.cells.forEach((cell, n) => {
        const index = indexes[n] ?? 0;
        row[index] = `${row[index] ?? ''} ${cell.text}`.trim();
      });
    } else {
      break;
    }
    previous = line;
  }
  return rows.length >= 2 ? { rows, next: i } : null;
}

/** More lines than two side-by-side tables on one page hold. */
const MAX_WOVEN_LINES = 200;

/**
 * Two tables set side by side (document control beside a version history) whose rows do not share
 * baselines come out of buildLines as lines taken in turn from each. Each such stretch is put back
 * as the left table's lines, then the right one's, so that each reads as a table of its own. A
 * stretch opens with a line ending 2 em or more before the next line starts (the gutter) and holds
 * the consecutive lines of that size that stay 1 em clear of the gutter on its left or start at it,
 * with at least two lines of two or more cells on each side (a table's single
 * column of centred cells beside another's wrapped text is one table, and stays as it is). A
 * stretch is at most MAX_WOVEN_LINES long, so the work stays linear in the document.
 */
function unweave(lines: Line[]): Line[] {
  const out: Line[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = lines[i] as Line;
    const right = lines[i + 1];
    const gutter = right?.x ?? 0;
    const sideBySide =
      right !== undefined &&
      right.page === first.page &&
      right.size === first.size &&
      first.y - right.y <= 2 * right.size &&
      first.end + 2 * right.size <= gutter;
    if (!sideBySide) {
      out.push(first);
      i++;
      continue;
    }
    const left: Line[] = [];
    const rightSide: Line[] = [];
    let j = i;
    let previous: Line | null = null;
    for (; j < lines.length && j - i < MAX_WOVEN_LINES; j++) {
      const line = lines[j] as Line;
      if (previous && (line.page !== previous.page || line.size !== first.size || previous.y - line.y > 3 * line.size)) break;
      if (line.x >= gutter - 2) rightSide.push(line);
      else if (line.end + line.size <= gutter) left.push(line);
      else break;
      previous = line;
    }
    const rows = (side: Line[]) => side.filter((line) => line.cells.length >= 2).length;
    if (rows(left) >= 2 && rows(rightSide) >= 2) {
      out.push(...left, ...rightSide);
      i = j;
    } else {
      out.push(first);
      i++;
    }
  }
  return out;
}

/** Line-end hyphenation undone: "accord-" + "ingly" reads "accordingly"; anything else joins with a space. */
function joinLines(text: string, next: string): string {
  if (/\p{Ll}-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  return `${text} ${next}`;
}

function isJunkTitle(title: string): boolean {
  return /^(untitled|microsoft word|document\d*$)|\.(docx?|pdf|rtf|odt)$/i.test(title) || title.length > 200;
}

/**
 * A text PDF as elements. Lines are rebuilt from positioned text runs; the body size is the most
 * common font size. The title is the largest text on page 1 (else the metadata title); a heading
 * is a short line in a noticeably larger font or a short section-numbered line ("2.3 Scope"); list
 * items start with a bullet, "(a)" or "1." and absorb their indented continuation lines; tables
 * are aligned columns; paragraphs join lines until a vertical gap, and continue across a page
 * break when the sentence does. Running headers, footers and page numbers are dropped.
 */
export async function parsePdf(bytes: Uint8Array): Promise<{ title: string | null; pageCount: number; elements: ParsedElement[] }> {
  const { pages, metadataTitle } = await readPages(bytes);
  if (pages.every((lines) => lines.length === 0)) throw new UnreadableFileError('no_text', NO_TEXT_MESSAGE);
  const lines = unweave(dropPageFurniture(pages, bodySize(pages.flat())).flat());
  const { title, elements } = buildElements(lines, layoutOf(lines));
  return { title: title ?? metadataTitle, pageCount: pages.length, elements };
}

/** Every page's lines, and the title the file's metadata gives (when it is not a placeholder). */
async function readPages(bytes: Uint8Array): Promise<{ pages: Line[][]; metadataTitle: string | null }> {
  const document = await openPdf(bytes);
  try {
    const pages: Line[][] = [];
    const fonts = new Map<string, boolean>();
    checkPageCount(document.numPages);
    for (let n = 1; n <= document.numPages; n++) pages.push(buildLines(await pageRuns(document, n, fonts), n));
    const metadata = await document.getMetadata().catch(() => null);
    const info = metadata?.info as { Title?: unknown } | undefined;
    const given = typeof info?.Title === 'string' ? collapse(info.Title) : '';
    return { pages, metadataTitle: given && !isJunkTitle(given) ? given : null };
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError('corrupt', CORRUPT_MESSAGE);
  } finally {
    await document.loadingTask.destroy();
  }
}

/** The sizes that tell a document's title and headings from its body text. */
interface Layout {
  body: number;
  titleSize: number;
  /** Whether the title's size is used once, at the top of page 1 (a size that recurs belongs to headings). */
  hasTitleLine: boolean;
  /** The heading sizes, largest (level 1) first, the title's excluded. */
  headingSizes: number[];
  isLarger(line: Line): boolean;
  isShort(line: Line): boolean;
}

function layoutOf(lines: Line[]): Layout {
  const body = bodySize(lines);
  const isLarger = (line: Line) => line.size >= body * 1.15;
  const isShort = (line: Line) => line.text.length <= 120 && line.text.split(' ').length <= 18;
  const firstPage = lines.filter((line) => line.page === 1);
  const titleSize = Math.max(0, ...firstPage.slice(0, 8).map((line) => line.size));
  const titleStart = firstPage.findIndex((line) => line.size === titleSize);
  let titleEnd = titleStart + 1;
  while (firstPage[titleEnd]?.size === titleSize) titleEnd++;
  const hasTitleLine = titleSize >= body * 1.3 && lines.filter((line) => line.size === titleSize).length === titleEnd - titleStart;
  const headingSizes = [
    ...new Set(lines.filter((line) => isLarger(line) && isShort(line) && !(hasTitleLine && line.size === titleSize)).map((l) => l.size)),
  ].sort((p, q) => q - p);
  return { body, titleSize, hasTitleLine, headingSizes, isLarger, isShort };
}

/** The title's lines from `start`: the largest lines at the top of page 1, joined while they stay close. */
function readTitle(lines: readonly Line[], start: number, titleSize: number): { text: string; end: number } {
  let end = start;
  let last = lines[start] as Line;
  let text = last.text;
  while (lines[end + 1]?.page === 1 && lines[end + 1]?.size === titleSize && last.y - (lines[end + 1]?.y ?? 0) <= titleSize * 1.6) {
    last = lines[++end] as Line;
    text = `${text} ${last.text}`;
  }
  return { text: collapse(text), end };
}

/** A line that is a numbered section heading ("2.3 Scope"): short, not ending like a sentence, a capital after the number. */
function numberedHeading(line: Line, isShort: (line: Line) => boolean): RegExpExecArray | null {
  const numbered = NUMBERED_HEADING.exec(line.text);
  if (!numbered || !isShort(line) || line.text.length > 80 || /[.;:,]$/.test(line.text)) return null;
  return /\p{Lu}/u.test(line.text.slice(numbered[0].length - 1, numbered[0].length)) ? numbered : null;
}

/** A short bold line standing alone at body size: a heading below every larger heading. */
function isBoldHeading(line: Line, next: Line | undefined, body: number): boolean {
  return (
    line.bold &&
    !line.labelled &&
    line.size >= body &&
    isShortHeading(line.text) &&
    !(next?.bold === false && next.page === line.page && line.y - next.y <= line.size * 1.25)
  );
}

/** The document's elements from its lines, top to bottom (see parsePdf). */
function buildElements(lines: Line[], layout: Layout): { title: string | null; elements: ParsedElement[] } {
  const { body, titleSize, hasTitleLine, headingSizes, isLarger, isShort } = layout;
  const builder = createElementBuilder();
  let title: string | null = null;
  // The block being gathered from consecutive lines.
  // A paragraph opened by a "Label: value" line is a field: the next field line starts its own.
  let open: {
    type: 'paragraph' | 'list_item' | 'heading';
    text: string;
    page: number;
    last: Line;
    indent: number;
    level: number;
    field?: boolean;
  } | null = null;
  const flush = () => {
    if (!open) return;
    if (open.type === 'heading') builder.heading(open.level, open.text, open.page);
    else builder.add(open.type, open.text, open.page);
    open = null;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as Line;
    const previous: Line | null = open ? (open as { last: Line }).last : null;
    const samePage = previous?.page === line.page;
    const gap = previous && samePage ? previous.y - line.y : 0;
    const tight = previous !== null && samePage && gap > 0 && gap <= Math.max(previous.size, line.size) * 1.5;

    if (title === null && hasTitleLine && line.page === 1 && line.size === titleSize && builder.elements.length === 0) {
      const read = readTitle(lines, i, titleSize);
      i = read.end;
      flush();
      title = read.text;
      builder.title(title, 1);
      continue;
    }

    const table = readTable(lines, i);
    if (table) {
      flush();
      builder.add(
        'table',
        table.rows.map((row) => row.map((cell) => collapse(cell.replace(/\|/g, '/'))).join(' | ')).join('\n'),
        line.page,
      );
      i = table.next - 1;
      continue;
    }

    if (isLarger(line) && isShort(line)) {
      if (open?.type === 'heading' && open.last.size === line.size && tight) {
        open.text = `${open.text} ${line.text}`;
        open.last = line;
        continue;
      }
      flush();
      const numbered = NUMBERED_HEADING.exec(line.text);
      const level = numbered ? sectionDepth(numbered) : headingSizes.indexOf(line.size) + 1 || 1;
      open = { type: 'heading', text: line.text, page: line.page, last: line, indent: line.x, level };
      continue;
    }

    const numbered = numberedHeading(line, isShort);
    if (numbered) {
      flush();
      builder.heading(sectionDepth(numbered), line.text, line.page);
      continue;
    }

    const item = LIST_MARKER.exec(line.text);
    if (!item && isBoldHeading(line, lines[i + 1], body)) {
      flush();
      builder.heading(headingSizes.filter((size) => size > line.size).length + 1, line.text, line.page);
      continue;
    }
    if (item) {
      flush();
      const marker = line.cells[0] && line.cells[0].text.length <= 4 && line.cells.length > 1 ? (line.cells[1]?.x ?? line.x) : line.x;
      open = { type: 'list_item', text: item[1] ?? '', page: line.page, last: line, indent: marker, level: 0 };
      continue;
    }

    if (open?.type === 'list_item' && tight && line.size === open.last.size && line.x > open.last.x - 2 && line.x >= open.indent - 2) {
      open.text = joinLines(open.text, line.text);
      open.last = line;
      continue;
    }
    if (
      open?.type === 'paragraph' &&
      line.size === open.last.size &&
      (tight || (!samePage && !/[.!?:;]["')\]]?$/.test(open.text))) &&
      !(opensField(open.text, line.text) && (open.field || isFieldLine(lines[i + 1]?.text ?? '')))
    ) {
      open.text = joinLines(open.text, line.text);
      open.last = line;
      continue;
    }
    flush();
    open = { type: 'paragraph', text: line.text, page: line.page, last: line, indent: line.x, level: 0, field: isFieldLine(line.text) };
  }
  flush();
  return { title, elements: builder.elements };
}
