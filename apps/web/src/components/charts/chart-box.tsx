import type { ReactNode } from 'react';
import { useLaidOutWidth } from '../../hooks/use-element-width';

/**
 * A chart's box at the page's width: its height held, and the chart drawn once the browser has
 * laid the box out and said how wide it is (`useLaidOutWidth`), at that width.
 */
export function ChartBox({
  height,
  fallbackWidth,
  children,
}: {
  height: number;
  fallbackWidth: number;
  children: (width: number) => ReactNode;
}) {
  const [ref, width] = useLaidOutWidth<HTMLDivElement>(fallbackWidth);
  return (
    <div ref={ref} className="w-full" style={{ height }}>
      {width !== null && children(width)}
    </div>
  );
}
