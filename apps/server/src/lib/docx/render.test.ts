import { describe, expect, test } from 'vitest';
import { readDocx } from '../../test/docx.ts';
import type { DocumentModel } from './model.ts';
import { renderDocx } from './render.ts';

const LINK = 'https://verity.test/wiki/DOC1?element_ids=E1&element_ids=E2';

const model: DocumentModel = {
  title: 'Water safety group — minutes',
  metadata: [
    { label: 'Organisation', value: 'Test Trust' },
    { label: 'Meeting', value: '3 March 2026' },
  ],
  header: 'Verity minutes · Test Trust',
  footer: { pageNumbers: true, text: 'exported 4 March 2026' },
  creator: 'Verity',
  subject: 'Meeting minutes',
  description: 'Exported by Alex Morgan for Test Trust',
  blocks: [
    { kind: 'heading', level: 1, content: 'Summary' },
    {
      kind: 'paragraph',
      content: ['The group agreed ', { text: 'three', bold: true }, ' actions, ', { text: 'all', italic: true }, ' due in April.'],
    },
    { kind: 'paragraph', content: 'First line\nsecond line' },
    { kind: 'heading', level: 2, content: 'Attendees' },
    { kind: 'list', ordered: false, items: [{ content: 'Alex Morgan' }, { content: 'Deputy for estates', level: 1 }] },
    { kind: 'heading', level: 3, content: 'Decisions' },
    {
      kind: 'list',
      ordered: true,
      items: [
        { content: 'Flush outlets weekly' },
        { content: 'Record temperatures' },
        { content: 'At 60°C or above', level: 1 },
        { content: 'Review the log', number: '7' },
        { content: 'Report to the board' },
      ],
    },
    { kind: 'heading', level: 4, content: 'Actions' },
    {
      kind: 'table',
      header: ['Action', 'Owner', 'Due'],
      rows: [
        ['Flush outlet 7B', 'Estates', '10 March'],
        [
          [
            { text: 'Appoint an ', italic: false },
            { text: 'Authorising Engineer', bold: true },
          ],
          'Alex Morgan',
        ],
      ],
    },
    { kind: 'fields', fields: [{ label: 'Next meeting', value: '7 April 2026' }] },
    { kind: 'paragraph', style: 'detail', keepWithNext: true, content: '[1] HTM 04-01 — Safe water in healthcare premises' },
    {
      kind: 'quote',
      text: 'Outlets used less than once a week\nshould be flushed.\n\nRecords are kept.',
      source: ['Open in Verity: ', { text: LINK, href: LINK }],
    },
    { kind: 'page-break' },
    { kind: 'paragraph', style: 'note', content: 'These minutes are a draft.' },
  ],
};

describe('renderDocx', () => {
  test('every kind of block appears, in order, with its text and structure', async () => {
    const { text, html, parts } = await readDocx(await renderDocx(model));
    const xml = parts.get('word/document.xml') ?? '';

    const inOrder = [
      'Water safety group — minutes',
      'Organisation: Test Trust',
      'Meeting: 3 March 2026',
      'Summary',
      'The group agreed three actions, all due in April.',
      'First line',
      'second line',
      'Attendees',
      'Alex Morgan',
      'Decisions',
      '1.\tFlush outlets weekly',
      '2.\tRecord temperatures',
      '1.\tAt 60°C or above',
      '7.\tReview the log',
      '8.\tReport to the board',
      'Actions',
      'Flush outlet 7B',
      'Next meeting: 7 April 2026',
      '[1] HTM 04-01 — Safe water in healthcare premises',
      'Outlets used less than once a week',
      'should be flushed.',
      'Records are kept.',
      `Open in Verity: ${LINK}`,
      'These minutes are a draft.',
    ];
    let from = -1;
    for (const expected of inOrder) {
      const at = text.indexOf(expected, from + 1);
      expect(at, expected).toBeGreaterThan(from);
      from = at;
    }

    expect(xml).toMatch(/<w:pStyle w:val="Title"\/>/);
    expect(html).toContain('<h1>Summary</h1>');
    expect(html).toContain('<h2>Attendees</h2>');
    expect(html).toContain('<h3>Decisions</h3>');
    expect(html).toContain('<h4>Actions</h4>');
    expect(html).toContain('<strong>three</strong>');
    expect(html).toContain('<em>all</em>');
    expect(html).toContain('<p>First line<br />second line</p>');
    expect(html).toContain('<p>Outlets used less than once a week<br />should be flushed.</p><p>Records are kept.</p>');
    expect(html).toContain('<ul><li>Alex Morgan<ul><li>Deputy for estates</li></ul></li></ul>');
    expect(xml).toMatch(/<w:pStyle w:val="RecordDetail"\/>/);
    expect(xml).toMatch(/<w:pStyle w:val="SourceQuote"\/>/);
    expect(xml).toMatch(/<w:keepNext\/>/);
    expect(xml).toContain('<w:br w:type="page"/>');
    expect(html).toMatch(/<p><em>These minutes are a draft\.<\/em><\/p>$/);
  });

  test('a table keeps its header row, its rows and their cells', async () => {
    const { html, parts } = await readDocx(await renderDocx(model));
    expect(html).toContain(
      '<table><thead><tr><th><p><strong>Action</strong></p></th><th><p><strong>Owner</strong></p></th><th><p><strong>Due</strong></p></th></tr></thead>',
    );
    expect(html).toContain('<tr><td><p>Flush outlet 7B</p></td><td><p>Estates</p></td><td><p>10 March</p></td></tr>');
    // A short row is padded, so its cells stay under their headings.
    expect(html).toContain('<tr><td><p>Appoint an <strong>Authorising Engineer</strong></p></td><td><p>Alex Morgan</p></td><td></td></tr>');
    const xml = parts.get('word/document.xml') ?? '';
    expect(xml.match(/<w:tr>/g)).toHaveLength(3);
    expect(xml.match(/<w:tblHeader\/>/g)).toHaveLength(1);
  });

  test('a link keeps its target', async () => {
    const { html, parts } = await readDocx(await renderDocx(model));
    expect(html).toContain(`<a href="${LINK.replace(/&/g, '&amp;')}">${LINK.replace(/&/g, '&amp;')}</a>`);
    expect(parts.get('word/_rels/document.xml.rels')).toContain(`Target="${LINK.replace(/&/g, '&amp;')}" TargetMode="External"`);
  });

  test('every page has the header and a footer with page number fields; the file has its properties', async () => {
    const { parts } = await readDocx(await renderDocx(model));
    const header = [...parts].find(([name]) => /^word\/header\d*\.xml$/.test(name))?.[1] ?? '';
    const footer = [...parts].find(([name]) => /^word\/footer\d*\.xml$/.test(name))?.[1] ?? '';
    expect(header).toContain('Verity minutes · Test Trust');
    expect(footer).toMatch(/Page .*PAGE.* of .*NUMPAGES.* · exported 4 March 2026/s);
    const core = parts.get('docProps/core.xml') ?? '';
    expect(core).toContain('<dc:title>Water safety group — minutes</dc:title>');
    expect(core).toContain('<dc:creator>Verity</dc:creator>');
    expect(core).toContain('<dc:subject>Meeting minutes</dc:subject>');
    expect(core).toContain('<dc:description>Exported by Alex Morgan for Test Trust</dc:description>');
  });

  test('without a header or footer there is none; a footer may be page numbers alone', async () => {
    const bare = await readDocx(await renderDocx({ title: 'Bare', creator: 'Verity', blocks: [] }));
    expect([...bare.parts.keys()].filter((name) => /^word\/(header|footer)/.test(name))).toEqual([]);
    expect(bare.text.trim()).toBe('Bare');

    const numbered = await readDocx(await renderDocx({ title: 'N', creator: 'Verity', footer: { pageNumbers: true }, blocks: [] }));
    const footer = [...numbered.parts].find(([name]) => /^word\/footer\d*\.xml$/.test(name))?.[1] ?? '';
    expect(footer).toContain('NUMPAGES');
    expect(footer).not.toContain(' · ');
  });

  test('text Word cannot hold is dropped, an empty quote leaves only its source, and an empty table nothing', async () => {
    const file = await renderDocx({
      title: 'Bell\u0007 title',
      creator: 'Verity',
      header: 'Head\u0000er',
      blocks: [
        { kind: 'paragraph', content: 'A\u0001B\r\nC' },
        { kind: 'quote', text: '  \n  ', source: 'From nowhere' },
        { kind: 'table', rows: [] },
      ],
    });
    const { text, html, parts } = await readDocx(file);
    expect(text).toContain('Bell title');
    expect(html).toContain('<p>AB<br />C</p>');
    expect(html).toContain('<p>From nowhere</p>');
    expect(parts.get('word/document.xml')).not.toMatch(/SourceQuote"\/>|<w:tbl>/);
    expect([...parts].find(([name]) => name.startsWith('word/header'))?.[1]).toContain('Header');
  });
});

describe('tables beyond what a page can hold', () => {
  test('one 5,000-cell row and 400 one-cell rows (the 138 KB document that ran the server out of memory) render quickly, cut with a note', async () => {
    const started = performance.now();
    const bytes = await renderDocx({
      title: 'Wide table',
      creator: 'Verity',
      blocks: [
        {
          kind: 'table',
          rows: [Array.from({ length: 5_000 }, (_, i) => `c${i}`), ...Array.from({ length: 400 }, (_, i) => [`r${i}`])],
        },
      ],
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    const { text } = await readDocx(bytes);
    expect(text).toContain('c19');
    expect(text).not.toContain('c20');
    expect(text).toContain('r399');
    expect(text).toContain(
      'Table shortened for this file: it has 401 rows and up to 5,000 columns; the first 401 rows and 20 columns are shown.',
    );
  });

  test('rows beyond the cell budget are left out and said to be', async () => {
    const rows = Array.from({ length: 3_000 }, (_, i) => Array.from({ length: 10 }, (_, j) => `${i}.${j}`));
    const { text } = await readDocx(await renderDocx({ title: 'Long table', creator: 'Verity', blocks: [{ kind: 'table', rows }] }));
    expect(text).toContain('999.9');
    expect(text).not.toContain('1000.0');
    expect(text).toContain('the first 1,000 rows and 10 columns are shown.');
  });
});
