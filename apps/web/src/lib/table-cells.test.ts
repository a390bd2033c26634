import { describe, expect, it } from 'vitest';
import { tableCells, tableGrid } from './table-cells';

describe('table cells', () => {
  it('keeps each cell’s place in the element text, trimmed, skipping blank rows', () => {
    const text = 'Door | Interval\n\n Ward doors  | 13 months';
    const cells = tableCells(text);
    expect(cells.map((row) => row.map((cell) => text.slice(cell.start, cell.end)))).toEqual([
      ['Door', 'Interval'],
      ['Ward doors', '13 months'],
    ]);
  });

  it('splits on the separator only, so a bar inside a cell stays in it', () => {
    const text = 'Term | Meaning\nA|B | Either';
    expect(tableCells(text)[1]?.map((cell) => text.slice(cell.start, cell.end))).toEqual(['A|B', 'Either']);
  });

  it('pads every row to the widest, the first row being the header', () => {
    expect(tableGrid([['Role', 'Duty'], ['Dutyholder'], ['RP', 'Manages', 'Water']], '')).toEqual({
      header: ['Role', 'Duty', ''],
      body: [
        ['Dutyholder', '', ''],
        ['RP', 'Manages', 'Water'],
      ],
    });
    expect(tableGrid<string>([], '')).toEqual({ header: [], body: [] });
  });
});
