import { type ReactNode, useEffect, useState } from 'react';
import { cn } from '../../lib/cn';

export interface TableScrollProps {
  /** What the table holds, as its caption says it: the scroller's name when it takes focus. */
  label: string;
  /**
   * `group` (the default) inside a titled panel, which is already a landmark, often of the same
   * name; `region` where the table stands alone in running text (a chat answer, the reader).
   */
  role?: 'group' | 'region';
  className?: string;
  children: ReactNode;
}

const SCROLLER_CLASS = 'focus-ring overflow-x-auto rounded-[inherit]';

interface Overflow {
  left: boolean;
  right: boolean;
}

/**
 * Whether the element given to `ref` has columns out of sight to its left and right, kept up to
 * date as it scrolls and as it or its content resizes.
 */
export function useHorizontalOverflow(): [ref: (element: HTMLElement | null) => void, overflow: Overflow] {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [overflow, setOverflow] = useState<Overflow>({ left: false, right: false });

  useEffect(() => {
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setOverflow((previous) => (previous.left === left && previous.right === right ? previous : { left, right }));
    };
    element.addEventListener('scroll', measure, { passive: true });
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return () => element.removeEventListener('scroll', measure);
    }
    // The observer's first call comes once the browser has laid the page out for its next frame.
    // Measuring here, straight after React's commit, made the browser lay out the whole page at
    // once for each table mounted (the dashboard's users table and time-saved table, a chat
    // answer's tables), inside the task that rendered them.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [element]);

  return [setElement, overflow];
}

/** The line under a table that says it scrolls, while some of its columns are out of sight. */
/** `className` places it: under a table by default. */
export function ScrollHint({ overflow, className = 'mt-1' }: { overflow: Overflow; className?: string }) {
  // Screen readers move through the cells whatever the width: the hint is for eyes.
  if (!overflow.left && !overflow.right) return null;
  return (
    <p aria-hidden="true" className={cn('text-slate-600 text-xs', className)}>
      Scroll sideways to see every column.
    </p>
  );
}

/**
 * The horizontal scroller around a table wider than a phone screen. It takes keyboard focus (arrow
 * keys then scroll it) and is named, so nobody needs a pointer to read the last columns. Phones
 * draw no scroll bar until one scrolls, so while columns are out of sight a shadow marks the edge
 * they are behind and a line under the table says it scrolls.
 */
export function TableScroll({ label, role = 'group', className, children }: TableScrollProps) {
  const [setElement, overflow] = useHorizontalOverflow();

  return (
    <div>
      <div className={cn('relative', className)}>
        {role === 'region' ? (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a table wider than a phone screen
          <section ref={setElement} tabIndex={0} aria-label={label} className={SCROLLER_CLASS}>
            {children}
          </section>
        ) : (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this only scrolls a table
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a table wider than a phone screen
          <div ref={setElement} role="group" tabIndex={0} aria-label={label} className={SCROLLER_CLASS}>
            {children}
          </div>
        )}
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-y-0 left-0 w-5 rounded-l-[inherit] bg-linear-to-r from-slate-900/15 to-transparent transition-opacity',
            overflow.left ? 'opacity-100' : 'opacity-0',
          )}
        />
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-y-0 right-0 w-5 rounded-r-[inherit] bg-linear-to-l from-slate-900/15 to-transparent transition-opacity',
            overflow.right ? 'opacity-100' : 'opacity-0',
          )}
        />
      </div>
      <ScrollHint overflow={overflow} />
    </div>
  );
}
