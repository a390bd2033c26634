import { describe, expect, test } from 'vitest';
import { parseMarkdown, stripInline } from './markdown.ts';

const brief = (markdown: string) => parseMarkdown(markdown).map((e) => [e.type, e.text, e.headingPath]);

describe('parseMarkdown', () => {
  test('title, headings, paragraphs and their heading paths', () => {
    const elements = parseMarkdown(
      [
        '# HTM 06-01 Electrical services',
        '',
        'Intro line one',
        'continues here.',
        '',
        '## Purpose and scope',
        '',
        'Scope text.',
        '',
        '### Part A – design',
        'Design text.',
        '#### Detail',
        'Deep text.',
        '## Legal status',
        'Guidance, not law.',
      ].join('\n'),
    );
    expect(elements.map((e) => [e.type, e.text, e.headingPath])).toEqual([
      ['title', 'HTM 06-01 Electrical services', []],
      ['paragraph', 'Intro line one continues here.', []],
      ['heading', 'Purpose and scope', []],
      ['paragraph', 'Scope text.', ['Purpose and scope']],
      ['heading', 'Part A – design', ['Purpose and scope']],
      ['paragraph', 'Design text.', ['Purpose and scope', 'Part A – design']],
      ['heading', 'Detail', ['Purpose and scope', 'Part A – design']],
      ['paragraph', 'Deep text.', ['Purpose and scope', 'Part A – design', 'Detail']],
      ['heading', 'Legal status', []],
      ['paragraph', 'Guidance, not law.', ['Legal status']],
    ]);
    expect(elements.every((e) => e.page === 1)).toBe(true);
  });

  test('one element per list item of every marker, continuation lines joined', () => {
    expect(
      brief(
        [
          '## Duties',
          '- **Dash item** with',
          '  a continuation line.',
          '* Star item',
          '+ Plus item',
          '1. First numbered',
          '2. Second numbered',
          'lazy continuation',
          '10) Tenth',
        ].join('\n'),
      ),
    ).toEqual([
      ['heading', 'Duties', []],
      ['list_item', 'Dash item with a continuation line.', ['Duties']],
      ['list_item', 'Star item', ['Duties']],
      ['list_item', 'Plus item', ['Duties']],
      ['list_item', 'First numbered', ['Duties']],
      ['list_item', 'Second numbered lazy continuation', ['Duties']],
      ['list_item', 'Tenth', ['Duties']],
    ]);
  });

  test('nested list items are their own elements; an indented paragraph after a blank line stays with its item', () => {
    expect(
      brief(
        ['- Outer', '  - Inner one', '    wrapped', '  - Inner two', '', '    Second paragraph of inner two.', '', 'After the list.'].join(
          '\n',
        ),
      ),
    ).toEqual([
      ['list_item', 'Outer', []],
      ['list_item', 'Inner one wrapped', []],
      ['list_item', 'Inner two Second paragraph of inner two.', []],
      ['paragraph', 'After the list.', []],
    ]);
  });

  test('blank lines, rules and extra whitespace make no elements', () => {
    expect(brief('\n\n\n# Title\n\n\n---\n\n   \nText   with   spaces\n\n\n')).toEqual([
      ['title', 'Title', []],
      ['paragraph', 'Text with spaces', []],
    ]);
  });

  test('a table is one element of rows; the separator row is dropped; a table at the end without trailing newline', () => {
    expect(
      brief('## Groups\n\nIntro.\n\n| Group | Meaning |\n|:---|---:|\n| **0** | No applied parts |\n| 2 | Life `critical` \\| cardiac |'),
    ).toEqual([
      ['heading', 'Groups', []],
      ['paragraph', 'Intro.', ['Groups']],
      ['table', 'Group | Meaning\n0 | No applied parts\n2 | Life critical | cardiac', ['Groups']],
    ]);
  });

  test('a table between paragraphs ends at the first non-table line', () => {
    expect(brief('Before.\n| a | b |\n| --- | --- |\n| 1 | 2 |\nAfter.')).toEqual([
      ['paragraph', 'Before.', []],
      ['table', 'a | b\n1 | 2', []],
      ['paragraph', 'After.', []],
    ]);
  });

  test('no trailing newline keeps the last paragraph and list item', () => {
    expect(brief('Para')).toEqual([['paragraph', 'Para', []]]);
    expect(brief('- last item')).toEqual([['list_item', 'last item', []]]);
    expect(brief('')).toEqual([]);
  });

  test('block quotes read as paragraphs; CRLF line endings', () => {
    expect(brief('# T\r\n\r\n> **Status: superseded.** Replaced\r\n> by the 2017 edition.\r\n')).toEqual([
      ['title', 'T', []],
      ['paragraph', 'Status: superseded. Replaced by the 2017 edition.', []],
    ]);
  });

  test('a second top-level title resets the heading path', () => {
    expect(brief('# One\n## A\ntext\n# Two\ntext two')).toEqual([
      ['title', 'One', []],
      ['heading', 'A', []],
      ['paragraph', 'text', ['A']],
      ['title', 'Two', []],
      ['paragraph', 'text two', []],
    ]);
  });
});

describe('stripInline', () => {
  test.each([
    ['**bold** and *em* and __strong__ and _under_', 'bold and em and strong and under'],
    ['`BS 7671` section', 'BS 7671 section'],
    ['see [the HSE page](https://hse.gov.uk) now', 'see the HSE page now'],
    ['snake_case_name stays', 'snake_case_name stays'],
    ['2 * 3 * 4', '2 * 3 * 4'],
    ['escaped \\*star\\*', 'escaped *star*'],
  ])('%s', (input, expected) => {
    expect(stripInline(input)).toBe(expected);
  });

  // Each case is 200,000 characters of unmatched or repeated markers. Spans read to the end of
  // the text from every opener take minutes (past the test's time-out); bounded spans take a
  // fraction of a second.
  test.each([
    ['bold openers', '**a '.repeat(50_000)],
    ['link openers', '['.repeat(200_000)],
    ['half links', '[a]('.repeat(50_000)],
    ['image openers', '!['.repeat(100_000)],
  ])('a paragraph of %s is read in linear time', (_name, text) => {
    expect(stripInline(text).length).toBeGreaterThan(0);
  });

  test('bold spans across a long sentence are still removed', () => {
    const sentence = `**${'Water systems are monitored monthly. '.repeat(20).trim()}**`;
    expect(stripInline(sentence)).toBe('Water systems are monitored monthly. '.repeat(20).trim());
  });
});
