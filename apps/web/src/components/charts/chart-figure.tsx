import { Table2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn';

export interface ChartRow {
  label: string;
  value: number;
}

export interface ChartFigureProps {
  /** What the chart shows, said in words (also the table's caption). */
  summary: string;
  /** The table's column headings. */
  columns: readonly [string, string];
  rows: readonly ChartRow[];
  /** The picture; hidden from assistive technology, which reads the table. */
  children: ReactNode;
  formatValue?: (value: number) => string;
}

/**
 * A chart and its text alternative: the same figures as a table, read by screen readers at all
 * times and shown to everyone with "Show as table".
 */
export function ChartFigure({ summary, columns, rows, children, formatValue = String }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const tableId = useId();
  return (
    <figure className="m-0 min-w-0">
      <figcaption className="sr-only">{summary}</figcaption>
      {!asTable && <div aria-hidden="true">{children}</div>}
      <div id={tableId} className={cn(asTable ? 'max-h-80 overflow-auto rounded-md border border-slate-200' : 'sr-only')}>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{summary}</caption>
          <thead className="sticky top-0 bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {columns[0]}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {columns[1]}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label} className="border-slate-100 border-t">
                <th scope="row" className="px-3 py-1.5 font-normal text-slate-800">
                  {row.label}
                </th>
                <td className="px-3 py-1.5 text-right text-slate-900 tabular-nums">{formatValue(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        aria-pressed={asTable}
        aria-controls={tableId}
        onClick={() => setAsTable((shown) => !shown)}
        className="focus-ring mt-2 inline-flex items-center gap-1.5 rounded px-1 text-brand-700 text-xs hover:underline"
      >
        <Table2 aria-hidden="true" className="size-3.5" />
        Show as table
      </button>
    </figure>
  );
}
