import {
  AlignmentType,
  BorderStyle,
  Document,
  ExternalHyperlink,
  Footer,
  Header,
  HeadingLevel,
  Packer,
  PageBreak,
  PageNumber,
  Paragraph,
  ShadingType,
  Tab,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import type { Block, DocumentModel, Field, Inlines, ListBlock, QuoteBlock, TableBlock } from './model.ts';
import { cleanText } from './text.ts';

const QUOTE_STYLE = 'SourceQuote';
const DETAIL_STYLE = 'RecordDetail';
const ACCENT = '005EB8';
const MUTED = '4C6272';
const HEADER_FILL = 'E8EDEE';
/** 2 cm on every side, in twentieths of a point. */
const MARGIN = 1134;
/** The text width of an A4 page (docx's default size) inside those margins. */
const TEXT_WIDTH = 11906 - 2 * MARGIN;
/** One list level's indent and the hanging part that holds a number. */
const LIST_INDENT = 567;
const NUMBER_HANG = 425;
/** Word's list levels. */
const LIST_LEVEL_MAX = 8;

const HEADING_LEVELS = {
  1: HeadingLevel.HEADING_1,
  2: HeadingLevel.HEADING_2,
  3: HeadingLevel.HEADING_3,
  4: HeadingLevel.HEADING_4,
} as const;

type Run = TextRun | ExternalHyperlink;
type BlockContent = Paragraph | Table;

/** How the pieces of a paragraph look beyond their own formatting (a note's muted italics). */
interface RunLook {
  bold?: boolean;
  italics?: boolean;
  color?: string;
}

/** The document as a .docx file: Verity's house style, A4, the header and footer on every page. */
export async function renderDocx(model: DocumentModel): Promise<Buffer> {
  const title = cleanText(model.title);
  const children: BlockContent[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: runs(title) }),
    ...fieldParagraphs(model.metadata ?? []),
    ...model.blocks.flatMap(blockContent),
  ];
  const document = new Document({
    title,
    subject: optionalText(model.subject),
    creator: cleanText(model.creator),
    description: optionalText(model.description),
    styles: {
      default: {
        document: { run: { font: 'Arial', size: 22 }, paragraph: { spacing: { after: 120 } } },
        title: { run: { font: 'Arial', size: 40, bold: true, color: ACCENT }, paragraph: { spacing: { after: 240 } } },
        heading1: {
          run: { font: 'Arial', size: 30, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 360, after: 120 }, keepNext: true },
        },
        heading2: { run: { font: 'Arial', size: 26, bold: true }, paragraph: { spacing: { before: 240, after: 120 }, keepNext: true } },
        heading3: { run: { font: 'Arial', size: 24, bold: true }, paragraph: { spacing: { before: 200, after: 80 }, keepNext: true } },
        heading4: { run: { font: 'Arial', size: 22, bold: true }, paragraph: { spacing: { before: 160, after: 80 }, keepNext: true } },
      },
      paragraphStyles: [
        {
          id: QUOTE_STYLE,
          name: 'Source quote',
          basedOn: 'Normal',
          next: 'Normal',
          run: { color: '212B32' },
          paragraph: {
            indent: { left: 567, right: 284 },
            spacing: { before: 60, after: 120 },
            border: { left: { style: BorderStyle.SINGLE, size: 18, color: ACCENT, space: 8 } },
          },
        },
        {
          id: DETAIL_STYLE,
          name: 'Record detail',
          basedOn: 'Normal',
          next: 'Normal',
          run: { size: 20, color: MUTED },
          paragraph: { spacing: { after: 60 } },
        },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN } } },
        ...(model.header === undefined ? {} : { headers: { default: pageHeader(model.header) } }),
        ...(model.footer === undefined ? {} : { footers: { default: pageFooter(model.footer) } }),
        children,
      },
    ],
  });
  return Packer.toBuffer(document);
}

function optionalText(text: string | undefined): string | undefined {
  return text === undefined ? undefined : cleanText(text);
}

function pageHeader(text: string): Header {
  return new Header({
    children: [
      new Paragraph({ alignment: AlignmentType.RIGHT, children: [new TextRun({ text: cleanText(text), size: 16, color: MUTED })] }),
    ],
  });
}

/** "Page n of N" as fields Word fills in, so the numbers stay right however the text reflows. */
function pageFooter(footer: NonNullable<DocumentModel['footer']>): Footer {
  const text = footer.text === undefined ? '' : cleanText(footer.text);
  const parts = footer.pageNumbers
    ? ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES, ...(text ? [` · ${text}`] : [])]
    : [text];
  return new Footer({
    children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ size: 16, color: MUTED, children: parts })] })],
  });
}

function blockContent(block: Block): BlockContent[] {
  switch (block.kind) {
    case 'heading':
      return [new Paragraph({ heading: HEADING_LEVELS[block.level], children: runs(block.content) })];
    case 'paragraph': {
      const look = block.style === 'note' ? { italics: true, color: MUTED } : {};
      return [
        new Paragraph({
          ...(block.style === 'detail' ? { style: DETAIL_STYLE } : {}),
          ...(block.keepWithNext ? { keepNext: true } : {}),
          children: runs(block.content, look),
        }),
      ];
    }
    case 'fields':
      return fieldParagraphs(block.fields);
    case 'list':
      return listParagraphs(block);
    case 'table':
      return tableContent(block);
    case 'quote':
      return quoteParagraphs(block);
    case 'page-break':
      return [new Paragraph({ children: [new PageBreak()] })];
  }
}

function fieldParagraphs(fields: readonly Field[]): Paragraph[] {
  return fields.map(
    (field) =>
      new Paragraph({
        style: DETAIL_STYLE,
        children: [new TextRun({ text: `${cleanText(field.label)}: `, bold: true }), ...runs(field.value)],
      }),
  );
}

/**
 * Bullets are Word's own; numbers are written out with a hanging indent, so an item keeps the
 * number its source gave it (a duty referred to as "3." reads the same in the file).
 */
function listParagraphs(list: ListBlock): Paragraph[] {
  const counters: number[] = [];
  return list.items.map((item) => {
    const level = Math.max(0, Math.min(LIST_LEVEL_MAX, Math.floor(item.level ?? 0)));
    if (!list.ordered) return new Paragraph({ bullet: { level }, children: runs(item.content) });
    counters.length = level + 1;
    const given = item.number === undefined ? Number.NaN : Number.parseInt(item.number, 10);
    counters[level] = Number.isNaN(given) ? (counters[level] ?? 0) + 1 : given;
    return new Paragraph({
      indent: { left: LIST_INDENT * (level + 1), hanging: NUMBER_HANG },
      children: [
        new TextRun(`${cleanText(item.number ?? String(counters[level]))}.`),
        new TextRun({ children: [new Tab()] }),
        ...runs(item.content),
      ],
    });
  });
}

/** The most columns a table keeps in a Word file: more cannot be read on an A4 page. */
export const TABLE_MAX_COLUMNS = 20;
/** The most cells (rows × the columns kept) a table keeps, so its rendering is bounded whatever was saved. */
export const TABLE_MAX_CELLS = 10_000;

/**
 * Rows are padded to the widest (at most TABLE_MAX_COLUMNS) so every column lines up, and a table
 * is cut at TABLE_MAX_CELLS, with a line under it saying what was left out: the work is bounded by
 * the cells kept, never by the widest row times every row. A table with no rows is left out.
 */
function tableContent(table: TableBlock): BlockContent[] {
  const all = table.header ? [table.header, ...table.rows] : table.rows;
  let widest = 0;
  for (const cells of all) widest = Math.max(widest, cells.length);
  if (widest === 0) return [];
  const columns = Math.min(widest, TABLE_MAX_COLUMNS);
  const rows = all.slice(0, Math.max(1, Math.floor(TABLE_MAX_CELLS / columns)));
  const width = Math.floor(TEXT_WIDTH / columns);
  const row = (cells: readonly Inlines[], header: boolean) =>
    new TableRow({
      // Only ever set, never turned off: some readers (mammoth) take any mark as a header row.
      ...(header ? { tableHeader: true } : {}),
      cantSplit: true,
      children: Array.from(
        { length: columns },
        (_, index) =>
          new TableCell({
            width: { size: width, type: WidthType.DXA },
            ...(header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: HEADER_FILL } } : {}),
            children: [new Paragraph({ children: runs(cells[index] ?? '', header ? { bold: true } : {}) })],
          }),
      ),
    });
  const content: BlockContent[] = [
    new Table({
      width: { size: width * columns, type: WidthType.DXA },
      columnWidths: Array.from({ length: columns }, () => width),
      rows: rows.map((cells, index) => row(cells, table.header !== undefined && index === 0)),
    }),
  ];
  if (columns < widest || rows.length < all.length) {
    const count = (n: number) => n.toLocaleString('en-GB');
    content.push(
      new Paragraph({
        style: DETAIL_STYLE,
        children: runs(
          `Table shortened for this file: it has ${count(all.length)} rows and up to ${count(widest)} columns; the first ${count(rows.length)} rows and ${count(columns)} columns are shown.`,
        ),
      }),
    );
  }
  return content;
}

/** The passage in the quote style, its lines kept; then its source in the detail style. */
function quoteParagraphs(quote: QuoteBlock): Paragraph[] {
  const text = cleanText(quote.text).trim();
  const passage = text.length === 0 ? [] : text.split(/\n\s*\n/).map((part) => part.trim());
  return [
    ...passage.map((part) => new Paragraph({ style: QUOTE_STYLE, children: runs(part) })),
    ...(quote.source === undefined ? [] : [new Paragraph({ style: DETAIL_STYLE, children: runs(quote.source) })]),
  ];
}

/** The pieces as Word runs: a new line inside a text becomes a line break, a link a hyperlink. */
function runs(content: Inlines, look: RunLook = {}): Run[] {
  const pieces = typeof content === 'string' ? [content] : content;
  return pieces.flatMap((piece): Run[] => {
    const span = typeof piece === 'string' ? { text: piece } : piece;
    const format = {
      ...look,
      ...(span.href === undefined ? {} : { style: 'Hyperlink' }),
      ...(span.bold ? { bold: true } : {}),
      ...(span.italic ? { italics: true } : {}),
    };
    const lines = cleanText(span.text)
      .split('\n')
      .map((line, index) => new TextRun({ text: line, ...(index > 0 ? { break: 1 } : {}), ...format }));
    return span.href === undefined ? lines : [new ExternalHyperlink({ link: cleanText(span.href), children: lines })];
  });
}
