import { formatNumber } from '../../lib/format-number';
import { ChartBox } from './chart-box';
import { ValueGrid, valueAxis } from './value-axis';

export interface Column {
  label: string;
  value: number;
}

const HEIGHT = 220;
const MARGIN = { top: 20, right: 8, bottom: 28, left: 40 };

/** A few categories as columns from a 0 baseline, each with its value above it. */
export function ColumnChart({ columns }: { columns: readonly Column[] }) {
  return (
    <ChartBox height={HEIGHT} fallbackWidth={480}>
      {(width) => <ColumnPlot columns={columns} width={width} />}
    </ChartBox>
  );
}

function ColumnPlot({ columns, width }: { columns: readonly Column[]; width: number }) {
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const plot = { top: MARGIN.top, height: plotHeight, left: MARGIN.left, right: width - MARGIN.right };
  const { ticks, y } = valueAxis(
    columns.map((column) => column.value),
    plot,
  );
  const slot = plotWidth / Math.max(1, columns.length);
  const barWidth = Math.min(64, slot * 0.6);

  return (
    <svg width={width} height={HEIGHT} className="block text-slate-500" role="presentation" data-chart="">
      <ValueGrid ticks={ticks} y={y} plot={plot} />
      {columns.map((column, i) => {
        const centre = MARGIN.left + slot * i + slot / 2;
        return (
          <g key={column.label}>
            <rect
              x={centre - barWidth / 2}
              y={y(column.value)}
              width={barWidth}
              height={Math.max(0, y(0) - y(column.value))}
              rx={3}
              className="fill-brand-600"
            />
            <text x={centre} y={y(column.value) - 6} textAnchor="middle" className="fill-slate-900 font-medium text-[12px] tabular-nums">
              {formatNumber(column.value)}
            </text>
            <text x={centre} y={HEIGHT - 8} textAnchor="middle" className="fill-current text-[12px]">
              {column.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
