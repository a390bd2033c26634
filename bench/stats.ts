import { item } from '../apps/server/src/modules/documents/compare.ts';

/** One line of a benchmark table: percentiles in milliseconds and, when it has one, the ratio to its baseline. */
export interface Row {
  name: string;
  n: number;
  p50: number;
  p95: number;
  /** p50 and p95 divided by the baseline's, measured in the same run. */
  ratio?: { p50: number; p95: number };
}

export async function timeIt(run: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/** The value at quantile q (0..1) of the samples, nearest rank. */
export function percentile(samples: readonly number[], q: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(q * sorted.length));
  return sorted[rank - 1] ?? Number.NaN;
}

export function summarise(name: string, samples: readonly number[], baseline?: Row): Row {
  const p50 = percentile(samples, 0.5);
  const p95 = percentile(samples, 0.95);
  return { name, n: samples.length, p50, p95, ...(baseline ? { ratio: { p50: p50 / baseline.p50, p95: p95 / baseline.p95 } } : {}) };
}

function format(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}

export function printTable(title: string, rows: readonly Row[]): void {
  const lines = [
    ['benchmark', 'n', 'p50 ms', 'p95 ms', 'ratio p50', 'ratio p95'],
    ...rows.map((row) => [
      row.name,
      String(row.n),
      format(row.p50),
      format(row.p95),
      row.ratio ? `${format(row.ratio.p50)}×` : 'baseline',
      row.ratio ? `${format(row.ratio.p95)}×` : '',
    ]),
  ];
  const widths = item(lines, 0).map((_, column) => Math.max(...lines.map((line) => item(line, column).length)));
  console.log(`\n${title}`);
  for (const [index, line] of lines.entries()) {
    console.log(
      line.map((cell, column) => (column === 0 ? cell.padEnd(item(widths, column)) : cell.padStart(item(widths, column)))).join('  '),
    );
    if (index === 0) console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  }
}
