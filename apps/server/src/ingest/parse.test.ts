import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { buildDocx, buildPdf, type SampleBlock } from '../test/sample-files.ts';
import type { ParsedElement } from './markdown.ts';
import { type ParsedDocument, parseFile, UnreadableFileError } from './parse.ts';

const TYPES = new Set(['title', 'heading', 'paragraph', 'list_item', 'table']);

// A word that is a roman numeral ("iv", "xi") alone on a page's edge line is read as its page number.
const word = fc.stringMatching(/^[a-z]{2,9}$/).filter((w) => !/^[ivxlc]+$/.test(w));
const words = (min: number, max: number) => fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(' '));
const block: fc.Arbitrary<SampleBlock> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('heading' as const),
      text: words(1, 5),
      level: fc.constantFrom(1 as const, 2 as const, 3 as const),
    }),
  },
  { weight: 4, arbitrary: fc.record({ type: fc.constant('paragraph' as const), text: words(1, 60) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('list_item' as const), text: words(1, 25), ordered: fc.boolean() }) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 2, max: 3 }).chain((columns) =>
      fc.record({
        type: fc.constant('table' as const),
        rows: fc.array(fc.array(words(1, 2), { minLength: columns, maxLength: columns }), { minLength: 2, maxLength: 4 }),
      }),
    ),
  },
);
const sampleDocument = fc.record({
  title: fc.option(words(1, 6), { nil: undefined }),
  pages: fc.array(fc.array(block, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 3 }),
});

const blockWords = (blocks: SampleBlock[]) =>
  blocks.flatMap((b) => (b.type === 'table' ? b.rows.flat().join(' ') : b.text).split(' ').filter(Boolean));
const wordsOf = (elements: ParsedElement[]) =>
  elements.flatMap((e) =>
    e.text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean),
  );

/** Whether `needle` appears in `haystack` in order (other words may come between). */
function inOrder(needle: string[], haystack: string[]): boolean {
  let at = 0;
  for (const item of haystack) if (item === needle[at]) at++;
  return at === needle.length;
}

function expectWellFormed(parsed: ParsedDocument, expectedWords: string[]) {
  const headingsSeen = new Set<string>();
  for (const element of parsed.elements) {
    expect(TYPES.has(element.type)).toBe(true);
    expect(element.text.trim().length).toBeGreaterThan(0);
    expect(element.page).toBeGreaterThanOrEqual(1);
    expect(element.page).toBeLessThanOrEqual(parsed.pageCount);
    for (const name of element.headingPath) expect(headingsSeen.has(name)).toBe(true);
    if (element.type === 'heading') headingsSeen.add(element.text);
  }
  expect(inOrder(expectedWords, wordsOf(parsed.elements))).toBe(true);
}

const toBlocks = (sample: { title?: string; pages: SampleBlock[][] }): SampleBlock[][] =>
  sample.pages.map((blocks, index) => (index === 0 && sample.title ? [{ type: 'title', text: sample.title }, ...blocks] : blocks));

const markdown = (blocks: SampleBlock[]) =>
  blocks
    .map((b) => {
      switch (b.type) {
        case 'title':
          return `# ${b.text}`;
        case 'heading':
          return `${'#'.repeat((b.level ?? 1) + 1)} ${b.text}`;
        case 'paragraph':
          return b.text;
        case 'list_item':
          return b.ordered ? `1. ${b.text}` : `- ${b.text}`;
        default:
          return [
            `| ${b.rows[0]?.join(' | ')} |`,
            `|${b.rows[0]?.map(() => '---').join('|')}|`,
            ...b.rows.slice(1).map((r) => `| ${r.join(' | ')} |`),
          ].join('\n');
      }
    })
    .join('\n\n');

const html = (blocks: SampleBlock[]) =>
  `<!DOCTYPE html><html><body>${blocks
    .map((b) => {
      switch (b.type) {
        case 'title':
          return `<h1>${b.text}</h1>`;
        case 'heading':
          return `<h${(b.level ?? 1) + 1}>${b.text}</h${(b.level ?? 1) + 1}>`;
        case 'paragraph':
          return `<p>${b.text}</p>`;
        case 'list_item':
          return `<ul><li>${b.text}</li></ul>`;
        default:
          return `<table>${b.rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
      }
    })
    .join('\n')}</body></html>`;

const plainText = (blocks: SampleBlock[]) =>
  blocks
    .map((b) => {
      if (b.type === 'heading') return b.text.toUpperCase();
      if (b.type === 'list_item') return `- ${b.text}`;
      if (b.type === 'table') return b.rows.map((r) => r.join('   ')).join('\n');
      return b.text;
    })
    .join('\n\n');

const encode = (text: string) => new TextEncoder().encode(text);

async function parseTwice(bytes: Uint8Array, filename: string): Promise<ParsedDocument> {
  const first = await parseFile({ bytes, filename });
  expect(await parseFile({ bytes, filename })).toEqual(first);
  return first;
}

describe('parseFile properties', () => {
  test('Markdown, HTML and plain text: well-formed, every word kept in order, deterministic', async () => {
    await fc.assert(
      fc.asyncProperty(sampleDocument, async (sample) => {
        const blocks = toBlocks(sample).flat();
        const expected = blockWords(blocks);
        expectWellFormed(await parseTwice(encode(markdown(blocks)), 'doc.md'), expected);
        expectWellFormed(await parseTwice(encode(html(blocks)), 'doc.html'), expected);
        expectWellFormed(await parseTwice(encode(plainText(blocks)), 'doc.txt'), expected);
      }),
      { numRuns: 60 },
    );
  });

  test('PDF and DOCX: well-formed, every word kept in order, pages within the page count, deterministic', async () => {
    await fc.assert(
      fc.asyncProperty(sampleDocument, fc.boolean(), async (sample, footer) => {
        const pages = toBlocks(sample);
        const expected = blockWords(pages.flat());
        const pdf = await parseTwice(await buildPdf({ pages, footer: footer ? 'Confidential draft' : undefined }), 'doc.pdf');
        expect(pdf.pageCount).toBeGreaterThanOrEqual(pages.length);
        expectWellFormed(pdf, expected);
        expectWellFormed(await parseTwice(await buildDocx({ pages }), 'doc.docx'), expected);
      }),
      { numRuns: 25 },
    );
  }, 60_000);

  test('arbitrary bytes never throw anything but UnreadableFileError', async () => {
    const pdfHead = await buildPdf({ pages: [[{ type: 'paragraph', text: 'short' }]] });
    const docx = await buildDocx({ pages: [[{ type: 'paragraph', text: 'short' }]] });
    const prefixes = [
      new Uint8Array(),
      encode('%PDF-1.7\n'),
      pdfHead.slice(0, 200),
      Uint8Array.from([0x50, 0x4b, 0x03, 0x04]),
      encode('<html><body>'),
    ];
    const input = fc.oneof(
      fc
        .tuple(fc.constantFrom(...prefixes), fc.uint8Array({ maxLength: 600 }))
        .map(([prefix, rest]) => Uint8Array.from([...prefix, ...rest])),
      // Real files cut short or with bytes overwritten.
      fc
        .tuple(fc.constantFrom(pdfHead, docx), fc.nat(), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }))
        .map(([file, cut, edits]) => {
          const bytes = file.slice(0, Math.max(1, cut % file.length));
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          return bytes;
        }),
    );
    await fc.assert(
      fc.asyncProperty(input, fc.constantFrom('a.pdf', 'a.docx', 'a.md', 'a.txt', 'a'), async (bytes, filename) => {
        try {
          const parsed = await parseFile({ bytes, filename });
          expect(parsed.elements.length).toBeGreaterThan(0);
        } catch (error) {
          expect(error).toBeInstanceOf(UnreadableFileError);
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});

describe('text that is not well formed', () => {
  test('half a surrogate pair in a Word file (`&#xD800;`) becomes U+FFFD, so the database can store what was read', async () => {
    const { buildRawDocx } = await import('../test/hostile-files.ts');
    const parsed = await parseFile({
      bytes: buildRawDocx('<w:p><w:r><w:t>Water at 60 &#xD800;C.</w:t></w:r></w:p>'),
      filename: 'odd.docx',
    });
    expect(parsed.elements.map((element) => element.text)).toEqual(['Water at 60 \uFFFDC.']);
    expect(parsed.elements.every((element) => element.text.isWellFormed())).toBe(true);
  });
});
