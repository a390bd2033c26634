import { labelIndexes, valueTicks } from './chart-scale';
import { useElementWidth } from './use-element-width';

export interface LinePoint {
  label: string;
  value: number;
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 40 };

/** A daily series as a line over a shaded area, with a value axis from 0 and a few day labels. */
export function LineChart({ points }: { points: readonly LinePoint[] }) {
  const [ref, width] = useElementWidth<HTMLDivElement>(640);
  const ticks = valueTicks(Math.max(0, ...points.map((point) => point.value)));
  const top = ticks.at(-1) ?? 1;
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = (i: number) => MARGIN.left + (points.length <= 1 ? plotWidth / 2 : (i * plotWidth) / (points.length - 1));
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const line = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(point.value).toFixed(1)}`).join('');
  const area = points.length > 0 ? `${line}L${x(points.length - 1).toFixed(1)},${y(0)}L${x(0).toFixed(1)},${y(0)}Z` : '';
  const labelled = labelIndexes(points.length, width < 480 ? 3 : 6);

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
        <path d={area} className="fill-brand-100" />
        <path d={line} fill="none" strokeWidth={2} strokeLinejoin="round" className="stroke-brand-700" />
        {points.length <= 31 &&
          points.map((point, i) => <circle key={point.label} cx={x(i)} cy={y(point.value)} r={2.5} className="fill-brand-700" />)}
        {labelled.map((i) => (
          <text
            key={i}
            x={x(i)}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
            className="fill-current text-[11px]"
          >
            {points[i]?.label}
          </text>
        ))}
      </svg>
    </div>
  );
}
