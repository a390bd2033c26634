import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, followed as it resizes: a chart draws at its real size (its text stays
 * legible on a phone instead of shrinking with a scaled picture); with `of: 'parent'`, the width of
 * the box the element sits in (the chat's sources measure the row they would dock in).
 * `fallback` before the first measurement and where ResizeObserver is missing.
 */
export function useElementWidth<T extends HTMLElement>(fallback: number, of: 'self' | 'parent' = 'self'): [RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = of === 'parent' ? ref.current?.parentElement : ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [of]);
  return [ref, width];
}
