import { describe, expect, test } from 'vitest';
import { parseFile } from './parse.ts';
import { createElementBuilder, fieldBlocks, isFieldLine, parseText } from './text.ts';

const brief = (text: string) => parseText(text).map((e) => [e.type, e.text, e.headingPath]);

describe('parseText', () => {
  test('a short first line is the title; capitals and numbered lines alone in their block are headings', () => {
    const text = [
      'Legionella Control Procedure',
      '',
      'This procedure applies to every',
      'hot and cold water system.',
      '',
      'RESPONSIBILITIES',
      '',
      'The duty holder appoints a responsible person.',
      '',
      '2.1 Monitoring',
      '',
      '- Check temperatures monthly',
      '  at sentinel outlets',
      '• Flush little-used outlets weekly',
      '(a) Record the results',
      '1. Raise defects.',
      '',
      '3. Review',
      '',
      'Annually.',
    ].join('\r\n');
    expect(brief(text)).toEqual([
      ['title', 'Legionella Control Procedure', []],
      ['paragraph', 'This procedure applies to every hot and cold water system.', []],
      ['heading', 'RESPONSIBILITIES', []],
      ['paragraph', 'The duty holder appoints a responsible person.', ['RESPONSIBILITIES']],
      ['heading', '2.1 Monitoring', ['RESPONSIBILITIES']],
      ['list_item', 'Check temperatures monthly at sentinel outlets', ['RESPONSIBILITIES', '2.1 Monitoring']],
      ['list_item', 'Flush little-used outlets weekly', ['RESPONSIBILITIES', '2.1 Monitoring']],
      ['list_item', 'Record the results', ['RESPONSIBILITIES', '2.1 Monitoring']],
      ['list_item', 'Raise defects.', ['RESPONSIBILITIES', '2.1 Monitoring']],
      ['heading', '3. Review', []],
      ['paragraph', 'Annually.', ['3. Review']],
    ]);
    expect(parseText(text).every((element) => element.page === 1)).toBe(true);
  });

  test('a version number followed by a date is a version history row, not a numbered heading', () => {
    const text = ['Water Policy', '', '1.0 May 2021', '', '2.0 12/01/2026', '', '2.1 Scope', '', 'All sites.'].join('\n');
    expect(brief(text)).toEqual([
      ['title', 'Water Policy', []],
      ['paragraph', '1.0 May 2021', []],
      ['paragraph', '2.0 12/01/2026', []],
      ['heading', '2.1 Scope', []],
      ['paragraph', 'All sites.', ['2.1 Scope']],
    ]);
  });

  test('a long first line is a paragraph, not a title', () => {
    const sentence =
      'This is a long opening sentence that runs on well past any sensible length for a title of a document, so it reads as body text.';
    expect(brief(sentence)).toEqual([['paragraph', sentence, []]]);
  });

  test('a numbered list item with a full stop stays a list item even alone in its block', () => {
    expect(brief('Steps\n\n1. Isolate the supply.\n\n2. Drain the tank.')).toEqual([
      ['title', 'Steps', []],
      ['list_item', 'Isolate the supply.', []],
      ['list_item', 'Drain the tank.', []],
    ]);
  });

  test('whitespace-only text is refused as having no text', async () => {
    await expect(parseFile({ bytes: new TextEncoder().encode(' \n\t\n '), filename: 'blank.txt' })).rejects.toMatchObject({
      reason: 'no_text',
      message: 'The file contains no text to ingest.',
    });
  });

  test('an oversized file is refused before it is read', async () => {
    await expect(
      parseFile({ bytes: new Uint8Array(2 * 1024 * 1024 + 1).fill(0x61), filename: 'big.txt', maxBytes: 2 * 1024 * 1024 }),
    ).rejects.toMatchObject({
      reason: 'too_large',
      message: 'This file is larger than the 2 MB limit for documents.',
    });
  });
});

describe('createElementBuilder', () => {
  test('a heading pops headings of its level and deeper; a title resets the path', () => {
    const builder = createElementBuilder();
    builder.heading(1, 'A', 1);
    builder.heading(2, 'A.1', 1);
    builder.heading(3, 'A.1.a', 1);
    builder.heading(2, 'A.2', 2);
    builder.add('paragraph', '  x  ', 2);
    builder.add('paragraph', '   ', 2);
    builder.title('T', 2);
    builder.add('paragraph', 'y', 2);
    expect(builder.elements.map((e) => [e.type, e.text, e.page, e.headingPath])).toEqual([
      ['heading', 'A', 1, []],
      ['heading', 'A.1', 1, ['A']],
      ['heading', 'A.1.a', 1, ['A', 'A.1']],
      ['heading', 'A.2', 2, ['A']],
      ['paragraph', 'x', 2, ['A', 'A.2']],
      ['title', 'T', 2, []],
      ['paragraph', 'y', 2, []],
    ]);
  });
});

describe('fieldBlocks', () => {
  test('a label of one to five words without figures, a colon and a value is a field line', () => {
    expect(['Review date: 31 March 2028', 'Equality impact assessment: done', "Owner's deputy: Jo"].map(isFieldLine)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      [
        'Regulation 12: Safe care',
        'the owner: Jo',
        'Review date:',
        'Date of the next full review of this policy: 2028',
        '1.2 Scope: all',
      ].map(isFieldLine),
    ).toEqual([false, false, false, false, false]);
  });

  test('lines of fields split, a value running onto the next line stays with its field, anything else is one paragraph', () => {
    expect(fieldBlocks(['Version:  3.0 ', '', 'Owner: Head of Estates', 'and Facilities'])).toEqual([
      'Version: 3.0',
      'Owner: Head of Estates and Facilities',
    ]);
    expect(fieldBlocks(['Scores', 'out of 100.'])).toEqual(['Scores out of 100.']);
    expect(fieldBlocks(['Note: rooms are in Appendix A', 'and checked yearly.'])).toEqual([
      'Note: rooms are in Appendix A and checked yearly.',
    ]);
    expect(fieldBlocks(['Chair’s report', 'Version: 3.0', 'Owner: Jo'])).toEqual(['Chair’s report Version: 3.0 Owner: Jo']);
    expect(fieldBlocks(['  '])).toEqual(['']);
  });
});
