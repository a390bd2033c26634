/**
 * A table element's text, as the library, the reviewer and the comparison send it: rows joined by
 * new lines, cells by ' | ', the first row the header unless the element says `header_row: false`. The reader, the review's policy view and the
 * compare view all read it here.
 */

/** A table cell: where its (trimmed) text sits in the element's text. */
export interface CellRange {
  start: number;
  end: number;
}

/** The cells of each non-blank row, keeping each cell's offsets in `text`. */
export function tableCells(text: string): CellRange[][] {
  const rows: CellRange[][] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    if (line.trim() !== '') {
      const cells: CellRange[] = [];
      let cellStart = lineStart;
      for (const cell of line.split(' | ')) {
        const leading = cell.length - cell.trimStart().length;
        cells.push({ start: cellStart + leading, end: cellStart + cell.trimEnd().length });
        cellStart += cell.length + 3;
      }
      rows.push(cells);
    }
    lineStart += line.length + 1;
  }
  return rows;
}

/**
 * The header row and the body rows, every row as wide as the widest (short rows end in empty cells).
 * A table whose file says it has no header row (`header_row: false`) has an empty header.
 */
export function tableGrid<Cell>(rows: readonly Cell[][], empty: Cell, headerRow = true): { header: Cell[]; body: Cell[][] } {
  const width = Math.max(0, ...rows.map((row) => row.length));
  const pad = (row: readonly Cell[]) => (row.length < width ? [...row, ...Array<Cell>(width - row.length).fill(empty)] : [...row]);
  if (!headerRow) return { header: [], body: rows.map(pad) };
  const [header = [], ...body] = rows;
  return { header: pad(header), body: body.map(pad) };
}
