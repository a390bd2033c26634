import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface GridTableProps<Cell> {
  /** The header row's cells, one per column; none for a table without a header row. */
  header: readonly Cell[];
  /** The body rows, each a cell per column. */
  rows: readonly (readonly Cell[])[];
  /** What a cell shows: plain text, marked text or an answer's inline nodes. */
  render: (cell: Cell) => ReactNode;
  /** Smaller type and padding, for a table in a narrow column (compare's two sides). */
  compact?: boolean;
  /** Classes on the table: its type, a minimum width, how it prints. */
  className?: string;
  /** Classes on every body row. */
  rowClassName?: string;
}

/**
 * A document's table, a header row and body rows, drawn the same way wherever the app shows one:
 * the reader, a review's policy and compare's two sides. The scroller around it (TableScroll, or
 * the caller's own) is the caller's, as is what a cell holds. A chat answer's table, which aligns
 * its columns and streams in, keeps its own.
 */
export function GridTable<Cell>({ header, rows, render, compact = false, className, rowClassName }: GridTableProps<Cell>) {
  const padding = compact ? 'px-2 py-1.5' : 'px-3 py-2';
  return (
    <table className={cn('w-full border-collapse text-left', className)}>
      {header.length > 0 && (
        <thead className="bg-slate-50">
          <tr>
            {header.map((cell, column) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their place
                key={column}
                scope="col"
                className={cn('border-slate-200 border-b align-bottom font-semibold text-slate-900', padding)}
              >
                {render(cell)}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their position
          <tr key={index} className={cn('border-slate-100 border-b last:border-b-0', rowClassName)}>
            {row.map((cell, column) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity beyond their place
                key={column}
                className={cn('align-top text-slate-700', padding)}
              >
                {render(cell)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
