import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * The width of an element, followed as it resizes: with `of: 'parent'`, the width of the box the
 * element sits in (the chat's sources measure the row they would dock in). Read as soon as the
 * element is in the page, which makes the browser lay the page out there and then; `fallback`
 * before that and where ResizeObserver is missing.
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

/**
 * The width of an element once the browser has laid it out (a chart's): null until then, and no
 * layout forced to learn it. A page that draws several charts as its figures arrive would otherwise
 * lay itself out once per chart inside the task that draws them. `fallback` where ResizeObserver
 * is missing.
 */
export function useLaidOutWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(() => (typeof ResizeObserver === 'undefined' ? fallback : null));
  useLayoutEffect(() => {
    if (!ref.current || typeof ResizeObserver === 'undefined') return;
    // The observer reports an element when it is first laid out, then at each change of size.
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
