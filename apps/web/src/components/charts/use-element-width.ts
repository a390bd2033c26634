import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, followed as it resizes, so a chart draws at its real size (its text
 * stays legible on a phone instead of shrinking with a scaled picture). `fallback` before the
 * first measurement and where ResizeObserver is missing.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
