import { describe, expect, test } from 'vitest';
import { csvCell, csvRow } from './csv.ts';

describe('csv', () => {
  test('quotes cells with commas, quotes or line breaks, and leaves plain ones alone', () => {
    expect(csvRow(['plain', 'a, b', 'say "hi"', 'two\nlines', 3, null])).toBe('plain,"a, b","say ""hi""","two\nlines",3,\r\n');
  });

  test('a cell a spreadsheet would run as a formula is kept as text', () => {
    for (const formula of ['=HYPERLINK("http://evil.example")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith("'")).toBe(true);
    }
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    // A number is a number, negative or not.
    expect(csvCell(-5)).toBe('-5');
  });
});
