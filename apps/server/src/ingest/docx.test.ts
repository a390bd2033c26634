import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import { describe, expect, test } from 'vitest';
import { buildDocx, buildPdf, buildZip } from '../test/sample-files.ts';
import { parseDocx } from './docx.ts';
import { parseFile, UnreadableFileError } from './parse.ts';
import { parsePdf } from './pdf.ts';

const brief = (elements: { type: string; text: string; headingPath: string[] }[]) => elements.map((e) => [e.type, e.text, e.headingPath]);

describe('parseDocx', () => {
  test('Title and Heading styles, bulleted and numbered lists and a table read as the same elements as the PDF', async () => {
    const docx = await parseDocx(await buildDocx());
    const pdf = await parsePdf(await buildPdf());
    expect(docx.title).toBe('Fire Safety Policy');
    expect(brief(docx.elements)).toEqual(brief(pdf.elements));
    expect(docx.elements.every((element) => element.page === 1)).toBe(true);
    expect(docx.elements.find((element) => element.type === 'table')?.text).toBe(
      'Building | Risk level | Review interval\nMain hospital | High | 12 months\nOutpatient clinic | Medium | 24 months',
    );
  });

  test('a document without a Title style has no title; Heading 1 stays a heading', async () => {
    const parsed = await parseFile({
      bytes: await buildDocx({
        pages: [
          [
            { type: 'heading', text: 'Scope', level: 1 },
            { type: 'paragraph', text: 'Applies to all sites.' },
            { type: 'heading', text: 'Exclusions', level: 2 },
            { type: 'list_item', text: 'Leased premises', ordered: true },
          ],
        ],
      }),
      filename: 'scope.docx',
    });
    expect(parsed).toMatchObject({ format: 'docx', title: null, pageCount: 1 });
    expect(brief(parsed.elements)).toEqual([
      ['heading', 'Scope', []],
      ['paragraph', 'Applies to all sites.', ['Scope']],
      ['heading', 'Exclusions', ['Scope']],
      ['list_item', 'Leased premises', ['Scope', 'Exclusions']],
    ]);
  });

  test('without a Title style, a heading over the whole document after the organisation line is its title', async () => {
    const policy = (first: string) =>
      buildDocx({
        pages: [
          [
            { type: 'paragraph', text: 'Tarnfield Community Health NHS Trust' },
            { type: 'heading', text: first, level: 1 },
            { type: 'paragraph', text: 'Reference: TCH-CL-118' },
            { type: 'heading', text: '1. Purpose', level: 2 },
            { type: 'paragraph', text: 'Protects staff.' },
            { type: 'heading', text: '2. Scope', level: 2 },
            { type: 'paragraph', text: 'All X-ray rooms.' },
          ],
        ],
      });
    const parsed = await parseFile({ bytes: await policy('Radiation Protection Policy'), filename: 'rp.docx' });
    expect(parsed.title).toBe('Radiation Protection Policy');
    expect(parsed.elements[1]).toMatchObject({ type: 'heading', text: 'Radiation Protection Policy' });
    // A numbered section is never the title, even when it heads everything after it.
    expect((await parseFile({ bytes: await policy('1. Radiation protection'), filename: 'rp.docx' })).title).toBeNull();
    // Nor is a heading that later elements do not sit under.
    const sections = await buildDocx({
      pages: [
        [
          { type: 'heading', text: 'Purpose and scope', level: 1 },
          { type: 'paragraph', text: 'Protects staff.' },
          { type: 'heading', text: 'Duties', level: 1 },
          { type: 'heading', text: 'Managers', level: 2 },
          { type: 'heading', text: 'Staff', level: 2 },
        ],
      ],
    });
    expect((await parseFile({ bytes: sections, filename: 'rp.docx' })).title).toBeNull();
  });

  test("short paragraphs all in bold are headings, at their section number's depth; the front page line naming the policy is its title", async () => {
    const bold = (text: string) => new Paragraph({ children: [new TextRun({ text, bold: true })] });
    const plain = (text: string) => new Paragraph({ children: [new TextRun(text)] });
    const document = new Document({
      sections: [
        {
          children: [
            bold('Heronsgate Lodge Nursing Home'),
            plain('Water Safety and Legionella Control Policy'),
            plain('Version: 4.0'),
            bold('1. Why we have this policy'),
            plain('Legionella bacteria grow in warm water.'),
            bold('1.1 Temperatures'),
            new Paragraph({ children: [new TextRun({ text: 'Hot water ', bold: true }), new TextRun('is stored at 60 °C.')] }),
            bold('Do not run a bath without checking it first.'),
            bold('Appendix 1. Contacts'),
            plain('The contractor answers at any hour.'),
          ],
        },
      ],
    });
    const parsed = await parseFile({ bytes: new Uint8Array(await Packer.toBuffer(document)), filename: 'water.docx' });
    expect(parsed.title).toBe('Water Safety and Legionella Control Policy');
    expect(brief(parsed.elements)).toEqual([
      ['heading', 'Heronsgate Lodge Nursing Home', []],
      ['paragraph', 'Water Safety and Legionella Control Policy', ['Heronsgate Lodge Nursing Home']],
      ['paragraph', 'Version: 4.0', ['Heronsgate Lodge Nursing Home']],
      ['heading', '1. Why we have this policy', []],
      ['paragraph', 'Legionella bacteria grow in warm water.', ['1. Why we have this policy']],
      ['heading', '1.1 Temperatures', ['1. Why we have this policy']],
      // Bold in part, or a sentence in bold, is no heading.
      ['paragraph', 'Hot water is stored at 60 °C.', ['1. Why we have this policy', '1.1 Temperatures']],
      ['paragraph', 'Do not run a bath without checking it first.', ['1. Why we have this policy', '1.1 Temperatures']],
      ['heading', 'Appendix 1. Contacts', []],
      ['paragraph', 'The contractor answers at any hour.', ['Appendix 1. Contacts']],
    ]);
  });

  test("a table's first row is its header when Word marks it so or sets it all in bold; else the table has none", async () => {
    const row = (cells: string[], options: { header?: boolean; bold?: boolean } = {}) =>
      new TableRow({
        ...(options.header ? { tableHeader: true } : {}),
        children: cells.map(
          (text) => new TableCell({ children: [new Paragraph({ children: [new TextRun({ text, bold: options.bold === true })] })] }),
        ),
      });
    const tables = [
      new Table({ rows: [row(['Term', 'Meaning'], { header: true }), row(['Dead', 'Isolated and proved dead'])] }),
      new Table({ rows: [row(['Outlet', 'Interval'], { bold: true }), row(['Sentinel', 'Monthly'])] }),
      new Table({ rows: [row(['Policy number', 'FD-07']), row(['Version', '3.0'])] }),
    ];
    const children = tables.flatMap((table) => [table, new Paragraph('Between tables.')]);
    const parsed = await parseFile({
      bytes: new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] }))),
      filename: 'tables.docx',
    });
    expect(parsed.elements.filter((element) => element.type === 'table').map((element) => element.headerless ?? false)).toEqual([
      false,
      false,
      true,
    ]);
  });

  test('a ZIP that claims to be Word but holds a broken document is refused as corrupt', async () => {
    const broken = buildZip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document><w:body><w:p>' });
    const error = await parseFile({ bytes: broken, filename: 'broken.docx' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as UnreadableFileError).reason).toBe('corrupt');
  });

  test('a Word document with no text is refused', async () => {
    const error = await parseFile({ bytes: await buildDocx({ pages: [[]] }), filename: 'empty.docx' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnreadableFileError);
    expect((error as UnreadableFileError).reason).toBe('no_text');
  });
});
