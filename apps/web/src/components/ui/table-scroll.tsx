import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface TableScrollProps {
  /** What the table holds, as its caption says it: the scroller's name when it takes focus. */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * The horizontal scroller around a table wider than a phone screen, inside a titled panel. It
 * takes keyboard focus (arrow keys then scroll it) and is named, so nobody needs a pointer to read
 * the last columns. A group rather than a region: the panel around it is already a landmark, often
 * of the same name (the reader's tables, with no panel, are regions of their own).
 */
export function TableScroll({ label, className, children }: TableScrollProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset is for form controls; this only scrolls a table
    // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll a table wider than a phone screen
    <div role="group" tabIndex={0} aria-label={label} className={cn('focus-ring overflow-x-auto', className)}>
      {children}
    </div>
  );
}
