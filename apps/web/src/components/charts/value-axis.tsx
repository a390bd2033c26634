import { valueTicks } from './chart-scale';

/** Where a chart's value axis runs: the plot's top and height within the SVG. */
export interface Plot {
  top: number;
  height: number;
  left: number;
  right: number;
}

/** The value axis from 0 for these values: its ticks, and where a value sits vertically. */
export function valueAxis(values: readonly number[], plot: Plot): { ticks: number[]; y: (value: number) => number } {
  const ticks = valueTicks(Math.max(0, ...values));
  const top = ticks.at(-1) ?? 1;
  return { ticks, y: (value) => plot.top + plot.height - (value / top) * plot.height };
}

/** The horizontal grid lines and their values down the left, behind a chart. */
export function ValueGrid({ ticks, y, plot }: { ticks: readonly number[]; y: (value: number) => number; plot: Plot }) {
  return (
    <>
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={plot.left} x2={plot.right} y1={y(tick)} y2={y(tick)} className="stroke-slate-200" />
          <text x={plot.left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="fill-current text-[11px] tabular-nums">
            {tick}
          </text>
        </g>
      ))}
    </>
  );
}
