import { valueTicks } from './chart-scale';
import { formatNumber } from './format';
import { useElementWidth } from './use-element-width';

export interface Column {
  label: string;
  value: number;
}

const HEIGHT = 220;
const MARGIN = { top: 20, right: 8, bottom: 28, left: 40 };

/** A few categories as columns from a 0 baseline, each with its value above it. */
export function ColumnChart({ columns }: { columns: readonly Column[] }) {
  const [ref, width] = useElementWidth<HTMLDivElement>(480);
  const ticks = valueTicks(Math.max(0, ...columns.map((column) => column.value)));
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = plotWidth / Math.max(1, columns.length);
  const barWidth = Math.min(64, slot * 0.6);
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;

  return (
    <div ref={ref} className="w-full">
      <svg width={width} height={HEIGHT} className="block text-slate-500" role="presentation" data-chart="">
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={MARGIN.left} x2={width - MARGIN.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-current text-[11px] tabular-nums">
              {tick}
            </text>
          </g>
        ))}
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
    </div>
  );
}
