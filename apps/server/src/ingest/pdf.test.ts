import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, test } from 'vitest';
import { buildCorruptPdf, buildEncryptedPdf, buildPdf, buildScannedPdf, SAMPLE_DOCUMENT, type SampleBlock } from '../test/sample-files.ts';
import { parseFile, UnreadableFileError } from './parse.ts';
import { extractPdfText, parsePdf } from './pdf.ts';

const brief = (elements: { type: string; text: string; page: number; headingPath: string[] }[]) =>
  elements.map((e) => [e.page, e.type, e.text, e.headingPath.join(' > ')]);

async function refusal(promise: Promise<unknown>): Promise<UnreadableFileError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(UnreadableFileError);
  return error as UnreadableFileError;
}

describe('parsePdf', () => {
  test('title, numbered headings, list items and a table, per page, with the running footer dropped', async () => {
    const parsed = await parsePdf(await buildPdf());
    expect(parsed.title).toBe('Fire Safety Policy');
    expect(parsed.pageCount).toBe(2);
    expect(brief(parsed.elements)).toEqual([
      [1, 'title', 'Fire Safety Policy', ''],
      [1, 'heading', '1. Purpose', ''],
      [
        1,
        'paragraph',
        'This policy sets out how the Trust prevents fire, protects patients, staff and visitors, and meets the Regulatory Reform (Fire Safety) Order 2005 in every building it occupies.',
        '1. Purpose',
      ],
      [1, 'heading', '2. Responsibilities', ''],
      [1, 'paragraph', 'The following people hold duties under this policy:', '2. Responsibilities'],
      [1, 'list_item', 'The Chief Executive is the responsible person.', '2. Responsibilities'],
      [1, 'list_item', 'Fire wardens check escape routes every week.', '2. Responsibilities'],
      [1, 'list_item', 'All staff complete fire training every year.', '2. Responsibilities'],
      [2, 'heading', '3. Fire risk assessment', ''],
      [2, 'paragraph', 'Every building has a written fire risk assessment reviewed at the intervals below.', '3. Fire risk assessment'],
      [
        2,
        'table',
        'Building | Risk level | Review interval\nMain hospital | High | 12 months\nOutpatient clinic | Medium | 24 months',
        '3. Fire risk assessment',
      ],
      [2, 'heading', '3.1 Evacuation', '3. Fire risk assessment'],
      [2, 'list_item', 'Raise the alarm.', '3. Fire risk assessment > 3.1 Evacuation'],
      [2, 'list_item', 'Move patients horizontally to the next compartment.', '3. Fire risk assessment > 3.1 Evacuation'],
      [2, 'list_item', 'Report to the fire officer in charge.', '3. Fire risk assessment > 3.1 Evacuation'],
    ]);
    const all = parsed.elements.map((e) => e.text).join('\n');
    expect(all).not.toContain('Northshire NHS Trust');
  });

  test('unnumbered headings take their level from font size; wrapped lines and list items are joined', async () => {
    const long =
      'Staff must report every near miss through the incident system within one working day so that the patient safety team can look for trends across wards and sites.';
    const blocks: SampleBlock[] = [
      { type: 'heading', text: 'Incident reporting', level: 1 },
      { type: 'paragraph', text: long },
      { type: 'heading', text: 'Who reports', level: 2 },
      { type: 'list_item', text: `${long} This item wraps onto a second line.` },
      { type: 'paragraph', text: 'A closing remark.' },
      { type: 'heading', text: 'Timescales', level: 3 },
      { type: 'paragraph', text: 'Within one day.' },
      { type: 'heading', text: 'Escalation', level: 1 },
      { type: 'paragraph', text: 'Serious incidents go to the board.' },
    ];
    const parsed = await parsePdf(await buildPdf({ pages: [blocks] }));
    expect(parsed.title).toBeNull();
    expect(brief(parsed.elements)).toEqual([
      [1, 'heading', 'Incident reporting', ''],
      [1, 'paragraph', long, 'Incident reporting'],
      [1, 'heading', 'Who reports', 'Incident reporting'],
      [1, 'list_item', `${long} This item wraps onto a second line.`, 'Incident reporting > Who reports'],
      [1, 'paragraph', 'A closing remark.', 'Incident reporting > Who reports'],
      [1, 'heading', 'Timescales', 'Incident reporting > Who reports'],
      [1, 'paragraph', 'Within one day.', 'Incident reporting > Who reports > Timescales'],
      [1, 'heading', 'Escalation', ''],
      [1, 'paragraph', 'Serious incidents go to the board.', 'Escalation'],
    ]);
  });

  test('a paragraph running over a page break continues; bare page numbers are dropped', async () => {
    const filler = Array.from({ length: 28 }, (_, i) => ({ type: 'paragraph', text: `Line ${i + 1} of the register.` }) as SampleBlock);
    const sentence = Array.from({ length: 40 }, () => 'the duty holder keeps records').join(' ');
    const parsed = await parsePdf(await buildPdf({ pages: [[...filler, { type: 'paragraph', text: `${sentence}.` }]] }));
    expect(parsed.pageCount).toBe(2);
    const last = parsed.elements.at(-1);
    expect(last?.text).toBe(`${sentence}.`);
    expect(parsed.elements.some((e) => /^\d+$/.test(e.text))).toBe(false);
  });

  test('a bare roman page number is dropped; a short word made of the same letters is kept', async () => {
    const parsed = await parsePdf(
      await buildPdf({
        pages: [
          [
            { type: 'paragraph', text: 'vl' },
            { type: 'paragraph', text: 'The duty holder keeps records.' },
            { type: 'paragraph', text: 'xiv' },
          ],
        ],
      }),
    );
    expect(parsed.elements.map((e) => e.text)).toEqual(['vl', 'The duty holder keeps records.']);
  });

  test('a short bold line at body size is a heading; a bold line running into its paragraph is not', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const lines: [string, typeof regular, number][] = [
      ['Scope of this policy', bold, 760],
      ['It covers all inpatient wards.', regular, 740],
      ['Important', bold, 700],
      ['text continues straight on the next line.', regular, 687],
    ];
    for (const [text, font, y] of lines) page.drawText(text, { x: 56, y, size: 11, font });
    const parsed = await parsePdf(await pdf.save());
    expect(brief(parsed.elements)).toEqual([
      [1, 'heading', 'Scope of this policy', ''],
      [1, 'paragraph', 'It covers all inpatient wards.', 'Scope of this policy'],
      [1, 'paragraph', 'Important text continues straight on the next line.', 'Scope of this policy'],
    ]);
  });

  test('lines of "Label: value" fields are a paragraph each, and a bold label does not make its line a heading', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const lines: [string, string, number][] = [
      ['Policy number:', 'EST-27', 760],
      ['Version:', '2.0', 747],
      ['Approved by:', 'Estates Governance Group, 9 April 2025, and the', 734],
      ['', 'Board', 721],
      ['Next review:', 'March 2028', 708],
      ['', 'The policy sets out how floors are kept safe.', 680],
      ['', 'Note: the rooms are listed in Appendix A of this policy and', 667],
      ['', 'Appendix B: the checks made each year.', 654],
    ];
    for (const [label, value, y] of lines) {
      if (label) page.drawText(label, { x: 56, y, size: 11, font: bold });
      const x = label ? 56 + bold.widthOfTextAtSize(`${label} `, 11) : 56;
      page.drawText(value, { x, y, size: 11, font: regular });
    }
    const parsed = await parsePdf(await pdf.save());
    expect(brief(parsed.elements)).toEqual([
      [1, 'paragraph', 'Policy number: EST-27', ''],
      [1, 'paragraph', 'Version: 2.0', ''],
      [1, 'paragraph', 'Approved by: Estates Governance Group, 9 April 2025, and the Board', ''],
      [1, 'paragraph', 'Next review: March 2028', ''],
      [1, 'paragraph', 'The policy sets out how floors are kept safe.', ''],
      [1, 'paragraph', 'Note: the rooms are listed in Appendix A of this policy and Appendix B: the checks made each year.', ''],
    ]);
  });

  test('a table cell centred beside a cell of two lines reads as its row’s cell, not inside the other’s text', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const at = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 9, font });
    at('Terms used in this policy are defined below for every reader.', 56, 760);
    at('Term', 60, 730);
    at('Meaning', 185, 730);
    // Each term sits half a line below its meaning's first line: centred on the cell's two lines.
    at('A premixed medical gas of nitrous oxide and oxygen, supplied in', 185, 708.2);
    at('Entonox', 60, 703);
    at('cylinders and by pipeline.', 185, 697.8);
    at('Workplace exposure limit: the most of a substance in the air that', 185, 676.3);
    at('WEL', 60, 671.1);
    at('staff may breathe over a reference period.', 185, 665.9);
    // Lines of one column half a line apart are never one line.
    at('A note set close under the table', 56, 640);
    at('and its second line close under it.', 56, 635);
    const parsed = await parsePdf(await pdf.save());
    expect(parsed.elements.find((element) => element.type === 'table')?.text).toBe(
      'Term | Meaning\nEntonox | A premixed medical gas of nitrous oxide and oxygen, supplied in cylinders and by pipeline.\nWEL | Workplace exposure limit: the most of a substance in the air that staff may breathe over a reference period.',
    );
    expect(parsed.elements.at(-1)?.text).toBe('A note set close under the table and its second line close under it.');
  });

  test('two tables side by side whose rows do not share baselines read as two tables, left then right', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const at = (text: string, x: number, y: number) => page.drawText(text, { x, y, size: 8.5, font });
    at('Document control', 60, 760);
    // The version history's rows sit half a row below the control table's (its title row is taller).
    const control = [
      ['Reference', 'QC-CP-14'],
      ['Owner', 'Director of Care and Quality'],
      ['Approved by', 'Quality Committee'],
      ['Review date', '30 June 2028'],
    ];
    const history = [
      ['Version', 'Date', 'Changes'],
      ['1.0', 'April 2021', 'First issue'],
      ['2.0', 'June 2026', 'Full review'],
    ];
    control.forEach(([label = '', value = ''], row) => {
      at(label, 60, 740 - 21 * row);
      at(value, 152, 740 - 21 * row);
    });
    at('Version history', 300, 729.5);
    history.forEach((cells, row) => {
      cells.forEach((cell, column) => {
        at(cell, 300 + 60 * column, 708.5 - 21 * row);
      });
    });
    const parsed = await parsePdf(await pdf.save());
    expect(parsed.elements.filter((element) => element.type === 'table').map((element) => element.text)).toEqual([
      'Reference | QC-CP-14\nOwner | Director of Care and Quality\nApproved by | Quality Committee\nReview date | 30 June 2028',
      'Version | Date | Changes\n1.0 | April 2021 | First issue\n2.0 | June 2026 | Full review',
    ]);
  });

  test('line-end hyphens are undone, real hyphens kept, and a vertical gap starts a new paragraph', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const lines: [string, number][] = [
      ['The responsible per-', 760],
      ['son keeps a well-', 746],
      ['Maintained log.', 732],
      ['A new paragraph after a gap.', 700],
    ];
    for (const [text, y] of lines) page.drawText(text, { x: 56, y, size: 11, font });
    expect(brief((await parsePdf(await pdf.save())).elements)).toEqual([
      [1, 'paragraph', 'The responsible person keeps a well- Maintained log.', ''],
      [1, 'paragraph', 'A new paragraph after a gap.', ''],
    ]);
  });

  test('the largest text at the top of page 1 is the title only when no heading shares its size', async () => {
    const parsed = await parsePdf(
      await buildPdf({
        pages: [
          [
            { type: 'heading', text: 'Only heading', level: 1 },
            { type: 'paragraph', text: 'Body text here.' },
          ],
        ],
      }),
    );
    expect(parsed.title).toBe('Only heading');
    expect(brief(parsed.elements)).toEqual([
      [1, 'title', 'Only heading', ''],
      [1, 'paragraph', 'Body text here.', ''],
    ]);
  });

  test('the metadata title is used when no line stands out as a title', async () => {
    const parsed = await parsePdf(
      await buildPdf({ metadataTitle: 'Water Safety Plan', pages: [[{ type: 'paragraph', text: 'Flush outlets weekly.' }]] }),
    );
    expect(parsed.title).toBe('Water Safety Plan');
    expect(brief(parsed.elements)).toEqual([[1, 'paragraph', 'Flush outlets weekly.', '']]);
  });

  test('a password-protected PDF is refused as encrypted', async () => {
    const error = await refusal(parseFile({ bytes: buildEncryptedPdf(), filename: 'minutes.pdf' }));
    expect(error.reason).toBe('encrypted');
    expect(error.message).toMatch(/^This PDF is password-protected\./);
  });

  test('a damaged PDF is refused as corrupt', async () => {
    const error = await refusal(parseFile({ bytes: await buildCorruptPdf(), filename: 'broken.pdf' }));
    expect(error.reason).toBe('corrupt');
    const truncated = (await buildPdf()).slice(0, 400);
    expect((await refusal(parseFile({ bytes: truncated, filename: 'cut.pdf' }))).reason).toMatch(/^(corrupt|no_text)$/);
  });

  test('a PDF without a text layer is refused as needing OCR', async () => {
    const error = await refusal(parseFile({ bytes: await buildScannedPdf(2), filename: 'scan.pdf' }));
    expect(error.reason).toBe('no_text');
    expect(error.message).toMatch(/no text layer.*OCR/);
  });

  test('extractPdfText returns the raw text of every page', async () => {
    const extracted = await extractPdfText(await buildPdf());
    expect(extracted.pageCount).toBe(2);
    expect(extracted.pages[0]).toContain('Fire Safety Policy');
    expect(extracted.pages[1]).toContain('Outpatient clinic');
  });

  test('parses well over 20 text pages per second', async () => {
    const page = SAMPLE_DOCUMENT.pages.flat();
    const bytes = await buildPdf({ footer: 'Benchmark footer', pages: Array.from({ length: 40 }, () => page) });
    const started = performance.now();
    const parsed = await parsePdf(bytes);
    const seconds = (performance.now() - started) / 1000;
    expect(parsed.pageCount).toBe(40);
    expect(parsed.pageCount / seconds).toBeGreaterThan(20);
  });
});
