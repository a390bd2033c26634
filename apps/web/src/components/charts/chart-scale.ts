/** Axis arithmetic for the charts. */

/** The smallest "round" step (1, 2 or 5 × 10ⁿ) that splits `max` into at most `ticks` parts. */
function niceStep(max: number, ticks: number): number {
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw);
  return Math.max(1, step ?? 10 * magnitude);
}

/** The value axis from 0: its ticks, the last at or above `max` (at least 0 and 1). */
export function valueTicks(max: number, ticks = 4): number[] {
  const step = niceStep(Math.max(max, ticks), ticks);
  const top = Math.ceil(Math.max(max, 1) / step) * step;
  const values: number[] = [];
  for (let value = 0; value <= top; value += step) values.push(value);
  return values;
}

/** Which of `count` points get a label on the time axis: first, last and evenly between. */
export function labelIndexes(count: number, labels: number): number[] {
  if (count <= labels) return Array.from({ length: count }, (_, i) => i);
  const indexes = new Set<number>();
  for (let i = 0; i < labels; i += 1) indexes.add(Math.round((i * (count - 1)) / (labels - 1)));
  return [...indexes];
}
