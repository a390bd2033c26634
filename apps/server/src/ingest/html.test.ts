import { describe, expect, test } from 'vitest';
import { buildNestedHtml } from '../test/hostile-files.ts';
import { HTML_MAX_DEPTH, parseHtml } from './html.ts';
import { DEFAULT_PARSE_LIMITS } from './limits.ts';
import { parseFile } from './parse.ts';

const brief = (html: string) => parseHtml(html).elements.map((e) => [e.type, e.text, e.headingPath]);

describe('parseHtml', () => {
  test('the <title> is the title, an <h1> repeating it is not duplicated, headings nest', () => {
    const html = `<!doctype html><html><head><title>Infection &amp; Prevention</title><style>p { color: red }</style></head>
      <body><nav><a href="/">Home</a></nav>
      <h1>Infection &amp; Prevention</h1>
      <p>Hand   hygiene is
         everyone&rsquo;s job.</p>
      <h2>Audits</h2><div>Monthly&nbsp;audits.</div>
      <h3>Scoring</h3><p>Scores<br>out of 100.</p>
      <h2>Training</h2><p>Annual.</p>
      <script>alert('x')</script><footer>© Trust</footer><template><p>hidden</p></template></body></html>`;
    expect(parseHtml(html).title).toBe('Infection & Prevention');
    expect(brief(html)).toEqual([
      ['title', 'Infection & Prevention', []],
      ['paragraph', 'Hand hygiene is everyone’s job.', []],
      ['heading', 'Audits', []],
      ['paragraph', 'Monthly audits.', ['Audits']],
      ['heading', 'Scoring', ['Audits']],
      ['paragraph', 'Scores out of 100.', ['Audits', 'Scoring']],
      ['heading', 'Training', []],
      ['paragraph', 'Annual.', ['Training']],
    ]);
  });

  test('"Label: value" lines broken by hand are one paragraph each; other broken lines read on as one', () => {
    const html = `<body><h1>Radiation Protection Policy</h1>
      <p>Reference: RP-07<br>Policy owner: <b>Medical Director</b><br>Approved by: Quality Committee,<br>4 March 2026<br></p>
      <p>Dear Sir,<br>Please find enclosed the records you asked for.</p>
      <p>Note: the rooms are listed in Appendix A<br>and checked yearly.</p>
      <ul><li>Version: 2<br>Owner: Estates</li></ul></body>`;
    expect(brief(html)).toEqual([
      ['title', 'Radiation Protection Policy', []],
      ['paragraph', 'Reference: RP-07', []],
      ['paragraph', 'Policy owner: Medical Director', []],
      ['paragraph', 'Approved by: Quality Committee, 4 March 2026', []],
      ['paragraph', 'Dear Sir, Please find enclosed the records you asked for.', []],
      ['paragraph', 'Note: the rooms are listed in Appendix A and checked yearly.', []],
      ['list_item', 'Version: 2 Owner: Estates', []],
    ]);
  });

  test('without <title> the first <h1> is the title and later ones are headings', () => {
    expect(brief('<body><h1>Policy</h1><p>Intro.</p><h1>Annex</h1><p>More.</p></body>')).toEqual([
      ['title', 'Policy', []],
      ['paragraph', 'Intro.', []],
      ['heading', 'Annex', []],
      ['paragraph', 'More.', ['Annex']],
    ]);
  });

  test('list items (nested ones their own elements, paragraphs inside an item kept with it) and tables as rows', () => {
    const html = `<ul><li>First <b>bold</b> item</li><li><p>Second</p><p>continued</p><ol><li>Nested</li></ol></li></ul>
      <table><thead><tr><th>Name</th><th>Role</th></tr></thead>
      <tbody><tr><td>Sam</td><td>Fire | safety lead</td></tr><tr><td></td><td></td></tr><tr><td>Jo</td><td><p>Warden</p></td></tr></tbody></table>
      <p>After.</p>`;
    expect(brief(html)).toEqual([
      ['list_item', 'First bold item', []],
      ['list_item', 'Second continued', []],
      ['list_item', 'Nested', []],
      ['table', 'Name | Role\nSam | Fire / safety lead\nJo | Warden', []],
      ['paragraph', 'After.', []],
    ]);
  });

  test('text outside any block element still becomes a paragraph', () => {
    expect(brief('<html><body>Loose text <em>here</em><p>Then a paragraph.</p>trailing</body></html>')).toEqual([
      ['paragraph', 'Loose text here', []],
      ['paragraph', 'Then a paragraph.', []],
      ['paragraph', 'trailing', []],
    ]);
  });

  test('a page whose only content is scripts and navigation is refused as having no text', async () => {
    const bytes = new TextEncoder().encode('<!DOCTYPE html><html><body><nav>Menu</nav><script>var a = 1;</script></body></html>');
    await expect(parseFile({ bytes, filename: 'empty.html' })).rejects.toMatchObject({ name: 'UnreadableFileError', reason: 'no_text' });
  });

  test('with limits, markup nested deeper than HTML_MAX_DEPTH is refused before the tree is built; implied closes do not count', async () => {
    const encode = (html: string) => new TextEncoder().encode(html);
    const started = performance.now();
    await expect(
      parseFile({ bytes: encode(buildNestedHtml(200_000)), filename: 'nested.html', limits: DEFAULT_PARSE_LIMITS }),
    ).rejects.toMatchObject({
      reason: 'too_complex',
      message: expect.stringMatching(/^This file nests its markup more than 1,000 levels deep\./),
    });
    expect(performance.now() - started).toBeLessThan(2000);
    const flat = `<!doctype html><title>Flat</title><body>${'<p>A paragraph '.repeat(HTML_MAX_DEPTH * 2)}<ul>${'<li>An item'.repeat(HTML_MAX_DEPTH * 2)}</ul>`;
    const parsed = await parseFile({ bytes: encode(flat), filename: 'flat.html', limits: DEFAULT_PARSE_LIMITS });
    expect(parsed.elements.length).toBeGreaterThanOrEqual(HTML_MAX_DEPTH * 4);
  });
});
