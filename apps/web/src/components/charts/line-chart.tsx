import { labelIndexes } from './chart-scale';
import { ChartBox } from './chart-box';
import { ValueGrid, valueAxis } from './value-axis';

export interface LinePoint {
  label: string;
  value: number;
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 12, bottom: 28, left: 40 };

/** A daily series as a line over a shaded area, with a value axis from 0 and a few day labels. */
export function LineChart({ points }: { points: readonly LinePoint[] }) {
  return (
    <ChartBox height={HEIGHT} fallbackWidth={640}>
      {(width) => <LinePlot points={points} width={width} />}
    </ChartBox>
  );
}

function LinePlot({ points, width }: { points: readonly LinePoint[]; width: number }) {
  const plotWidth = Math.max(1, width - MARGIN.left - MARGIN.right);
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const plot = { top: MARGIN.top, height: plotHeight, left: MARGIN.left, right: width - MARGIN.right };
  const { ticks, y } = valueAxis(
    points.map((point) => point.value),
    plot,
  );
  const x = (i: number) => MARGIN.left + (points.length <= 1 ? plotWidth / 2 : (i * plotWidth) / (points.length - 1));
  const line = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(point.value).toFixed(1)}`).join('');
  const area = points.length > 0 ? `${line}L${x(points.length - 1).toFixed(1)},${y(0)}L${x(0).toFixed(1)},${y(0)}Z` : '';
  const labelled = labelIndexes(points.length, width < 480 ? 3 : 6);

  return (
    <svg width={width} height={HEIGHT} className="block text-slate-500" role="presentation" data-chart="">
      <ValueGrid ticks={ticks} y={y} plot={plot} />
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
  );
}
