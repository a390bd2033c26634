import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A text PDF from a list of blocks, page by page: what the app serves as a sample policy, the
 * reports it exports and what the tests parse. The standard fonts encode WinAnsi (Latin-1 plus
 * typographic quotes and dashes): any other character (a name in another script) is drawn as "?".
 * Table cells are drawn on one line each, cut with an ellipsis at their column's width.
 */
/** The blocks of text a document (a sample file, a policy) is made of; a report adds charts (PdfBlock). */
export type PdfTextBlock =
  | { type: 'title'; text: string }
  | { type: 'heading'; text: string; level?: 1 | 2 | 3 }
  | { type: 'paragraph'; text: string }
  | { type: 'list_item'; text: string; ordered?: boolean }
  | { type: 'table'; rows: string[][] };

export type PdfBlock =
  | PdfTextBlock
  /** Columns of values over time (a report's adoption), with a label under some of them and the largest value named. */
  | { type: 'chart'; caption: string; points: { label: string; value: number }[] };

export interface PdfDocument {
  /** Blocks of each page, in order; a PDF also breaks a page by itself when one runs full. */
  pages: PdfBlock[][];
  /** The document-information title. */
  metadataTitle?: string;
  /** A line printed at the foot of every page next to the bare page number. */
  footer?: string;
}

export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BOTTOM = 72;
const BODY_SIZE = 11;
const SIZES = { title: 24, 1: 16, 2: 14, 3: 13 } as const;

/** Space between a table's columns. */
const CELL_GAP = 10;

/**
 * Each column's width: what its widest cell needs when the table fits, with the room left shared
 * out; otherwise the narrow columns keep their width and the wide ones share the rest equally, so
 * only the longest texts are cut.
 */
function columnWidths(rows: readonly (readonly string[])[], regular: PDFFont, bold: PDFFont): number[] {
  const columns = Math.max(1, ...rows.map((row) => row.length));
  const natural = Array.from({ length: columns }, (_, column) =>
    Math.max(
      CELL_GAP * 2,
      ...rows.map((row, index) => (index === 0 ? bold : regular).widthOfTextAtSize(row[column] ?? '', BODY_SIZE) + CELL_GAP),
    ),
  );
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= TEXT_WIDTH) return natural.map((width) => width + (TEXT_WIDTH - total) / columns);
  const widths = [...natural];
  let open = natural.map((_, column) => column);
  let room = TEXT_WIDTH;
  // Water-filling: a column narrower than an equal share of the room left keeps its own width.
  for (;;) {
    const share = room / open.length;
    const narrow = open.filter((column) => (natural[column] ?? 0) <= share);
    if (narrow.length === 0) {
      for (const column of open) widths[column] = share;
      return widths;
    }
    for (const column of narrow) room -= natural[column] ?? 0;
    open = open.filter((column) => !narrow.includes(column));
    if (open.length === 0) return widths;
  }
}

/** The height a table of this many rows takes on the page. */
const tableHeight = (rows: number) => BODY_SIZE * (0.4 + 1.5 * rows);

/** Greedy word wrap by the font's real glyph widths. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A text PDF laid out like a typical policy document: Helvetica, a 24 pt bold title, bold
 * headings (16/13.5/12 pt), 11 pt body text, `•` or `1.` list markers with hanging indents,
 * tables as left-aligned columns, and the optional footer plus a bare page number on each page.
 * Text must be WinAnsi (Latin-1 plus typographic quotes and dashes): that is what standard fonts encode.
 */
export async function renderPdf(sample: PdfDocument, creator = 'Verity'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setProducer(creator);
  pdf.setCreator(creator);
  if (sample.metadataTitle) pdf.setTitle(sample.metadataTitle);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const drawable = new Set(regular.getCharacterSet());
  const encodable = (text: string) => Array.from(text, (c) => (drawable.has(c.codePointAt(0) ?? 0) ? c : '?')).join('');
  const fitted = (text: string, font: PDFFont, width: number) => {
    if (font.widthOfTextAtSize(text, BODY_SIZE) <= width) return text;
    let cut = text;
    while (cut.length > 1 && font.widthOfTextAtSize(`${cut}\u2026`, BODY_SIZE) > width) cut = cut.slice(0, -1);
    return `${cut.trimEnd()}\u2026`;
  };

  let page: PDFPage = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  let y = PAGE_HEIGHT - MARGIN;
  const newPage = () => {
    page = pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    y = PAGE_HEIGHT - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < BOTTOM) newPage();
  };
  const drawLines = (lines: string[], font: PDFFont, size: number, x: number) => {
    for (const line of lines) {
      ensure(size * 1.3);
      y -= size * 1.3;
      page.drawText(line, { x, y, size, font, color: rgb(0, 0, 0) });
    }
  };

  sample.pages.forEach((raw, pageIndex) => {
    if (pageIndex > 0) newPage();
    const blocks = raw.map((block): PdfBlock => {
      if (block.type === 'table') return { ...block, rows: block.rows.map((row) => row.map(encodable)) };
      if (block.type === 'chart') {
        return { ...block, caption: encodable(block.caption), points: block.points.map((p) => ({ ...p, label: encodable(p.label) })) };
      }
      return { ...block, text: encodable(block.text) };
    });
    let number = 0;
    for (const [index, block] of blocks.entries()) {
      if (block.type !== 'list_item' || !block.ordered) number = 0;
      switch (block.type) {
        case 'title':
          drawLines(wrap(block.text, bold, SIZES.title, TEXT_WIDTH), bold, SIZES.title, MARGIN);
          y -= SIZES.title * 0.6;
          break;
        case 'heading': {
          const size = SIZES[block.level ?? 1];
          // A heading stays with the start of what it heads: three lines, or the whole of a table that fits a page.
          const next = blocks[index + 1];
          const following = next?.type === 'table' ? tableHeight(next.rows.length) : BODY_SIZE * 3;
          ensure(size * 1.9 + (size * 1.9 + following <= PAGE_HEIGHT - MARGIN - BOTTOM ? following : BODY_SIZE * 3));
          y -= size * 0.6;
          drawLines(wrap(block.text, bold, size, TEXT_WIDTH), bold, size, MARGIN);
          y -= size * 0.3;
          break;
        }
        case 'paragraph':
          drawLines(wrap(block.text, regular, BODY_SIZE, TEXT_WIDTH), regular, BODY_SIZE, MARGIN);
          y -= BODY_SIZE * 0.8;
          break;
        case 'list_item': {
          number += 1;
          const marker = block.ordered ? `${number}.` : '\u2022';
          const lines = wrap(block.text, regular, BODY_SIZE, TEXT_WIDTH - 18);
          ensure(BODY_SIZE * 1.3);
          page.drawText(marker, { x: MARGIN + 4, y: y - BODY_SIZE * 1.3, size: BODY_SIZE, font: regular });
          drawLines(lines, regular, BODY_SIZE, MARGIN + 18);
          y -= BODY_SIZE * 0.3;
          break;
        }
        case 'table': {
          const widths = columnWidths(block.rows, regular, bold);
          const lefts = widths.map((_, column) => MARGIN + widths.slice(0, column).reduce((sum, width) => sum + width, 0));
          // A table that fits on a page is not split across two: its header would be lost on the second.
          const height = tableHeight(block.rows.length);
          if (height <= PAGE_HEIGHT - MARGIN - BOTTOM) ensure(height);
          y -= BODY_SIZE * 0.4;
          block.rows.forEach((row, rowIndex) => {
            const font = rowIndex === 0 ? bold : regular;
            ensure(BODY_SIZE * 1.5);
            y -= BODY_SIZE * 1.5;
            row.forEach((cell, column) => {
              page.drawText(fitted(cell, font, (widths[column] ?? 0) - CELL_GAP), { x: lefts[column] ?? MARGIN, y, size: BODY_SIZE, font });
            });
          });
          y -= BODY_SIZE * 1.2;
          break;
        }
        case 'chart': {
          const height = 110;
          const labelSize = 7;
          ensure(height + BODY_SIZE * 4);
          drawLines(wrap(block.caption, bold, BODY_SIZE, TEXT_WIDTH), bold, BODY_SIZE, MARGIN);
          const largest = Math.max(1, ...block.points.map((point) => point.value));
          const top = y - BODY_SIZE * 0.8;
          const base = top - height;
          const slot = TEXT_WIDTH / Math.max(1, block.points.length);
          // A label under every column there is room for: about one per 36 points of width.
          const every = Math.max(1, Math.ceil(36 / slot));
          page.drawLine({
            start: { x: MARGIN, y: base },
            end: { x: MARGIN + TEXT_WIDTH, y: base },
            thickness: 0.5,
            color: rgb(0.6, 0.6, 0.6),
          });
          page.drawText(`${largest}`, { x: MARGIN, y: top + 2, size: labelSize, font: regular, color: rgb(0.35, 0.35, 0.35) });
          block.points.forEach((point, index) => {
            const x = MARGIN + index * slot;
            const barHeight = (point.value / largest) * (height - 12);
            if (barHeight > 0) {
              page.drawRectangle({ x: x + slot * 0.15, y: base, width: slot * 0.7, height: barHeight, color: rgb(0.1, 0.33, 0.4) });
            }
            if (index % every === 0) {
              page.drawText(point.label, {
                x: x + 1,
                y: base - labelSize - 3,
                size: labelSize,
                font: regular,
                color: rgb(0.35, 0.35, 0.35),
              });
            }
          });
          y = base - labelSize - 3 - BODY_SIZE * 1.2;
          break;
        }
      }
    }
  });

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    if (sample.footer) each.drawText(encodable(sample.footer), { x: MARGIN, y: 36, size: 8, font: regular });
    if (sample.footer || pages.length > 1) {
      each.drawText(String(index + 1), { x: PAGE_WIDTH - MARGIN - 10, y: 36, size: 8, font: regular });
    }
  });
  return pdf.save({ useObjectStreams: false });
}
