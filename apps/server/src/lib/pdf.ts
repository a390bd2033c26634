import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/**
 * A text PDF from a list of blocks, page by page: what the app serves as a sample policy and what
 * the tests parse. Text must be WinAnsi (Latin-1 plus typographic quotes and dashes), the
 * encoding of the standard fonts; table cells are drawn on one line each, so keep them short.
 */
export type PdfBlock =
  | { type: 'title'; text: string }
  | { type: 'heading'; text: string; level?: 1 | 2 | 3 }
  | { type: 'paragraph'; text: string }
  | { type: 'list_item'; text: string; ordered?: boolean }
  | { type: 'table'; rows: string[][] };

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

  sample.pages.forEach((blocks, pageIndex) => {
    if (pageIndex > 0) newPage();
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
          const columns = Math.max(1, ...block.rows.map((row) => row.length));
          const columnWidth = TEXT_WIDTH / columns;
          // A table that fits on a page is not split across two: its header would be lost on the second.
          const height = tableHeight(block.rows.length);
          if (height <= PAGE_HEIGHT - MARGIN - BOTTOM) ensure(height);
          y -= BODY_SIZE * 0.4;
          block.rows.forEach((row, rowIndex) => {
            const font = rowIndex === 0 ? bold : regular;
            ensure(BODY_SIZE * 1.5);
            y -= BODY_SIZE * 1.5;
            row.forEach((cell, column) => {
              page.drawText(cell, { x: MARGIN + column * columnWidth, y, size: BODY_SIZE, font });
            });
          });
          y -= BODY_SIZE * 1.2;
          break;
        }
      }
    }
  });

  const pages = pdf.getPages();
  pages.forEach((each, index) => {
    if (sample.footer) each.drawText(sample.footer, { x: MARGIN, y: 36, size: 8, font: regular });
    if (sample.footer || pages.length > 1) {
      each.drawText(String(index + 1), { x: PAGE_WIDTH - MARGIN - 10, y: 36, size: 8, font: regular });
    }
  });
  return pdf.save({ useObjectStreams: false });
}
