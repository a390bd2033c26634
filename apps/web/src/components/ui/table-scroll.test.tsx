import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TableScroll } from './table-scroll';

/** jsdom lays nothing out: the scroller's widths are set by hand. */
function setWidths(element: HTMLElement, widths: { client: number; scroll: number; left?: number }) {
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: widths.client });
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: widths.scroll });
  element.scrollLeft = widths.left ?? 0;
  fireEvent.scroll(element);
}

const HINT = 'Scroll sideways to see every column.';

describe('TableScroll', () => {
  afterEach(cleanup);

  it('is a named, focusable group by default, and a region when asked', () => {
    render(
      <>
        <TableScroll label="Minutes saved per task">
          <table />
        </TableScroll>
        <TableScroll label="Table: Role, Duties" role="region">
          <table />
        </TableScroll>
      </>,
    );
    expect(screen.getByRole('group', { name: 'Minutes saved per task' }).getAttribute('tabindex')).toBe('0');
    expect(screen.getByRole('region', { name: 'Table: Role, Duties' }).getAttribute('tabindex')).toBe('0');
  });

  it('says it scrolls, and shadows the edge columns are behind, only while some are out of sight', () => {
    render(
      <TableScroll label="Table: Role, Duties, Interval" role="region">
        <table />
      </TableScroll>,
    );
    const scroller = screen.getByRole('region', { name: 'Table: Role, Duties, Interval' });
    expect(screen.queryByText(HINT)).toBeNull();

    setWidths(scroller, { client: 300, scroll: 500 });
    expect(screen.getByText(HINT)).toBeTruthy();
    const [left, right] = [...(scroller.parentElement?.querySelectorAll('[aria-hidden="true"]') ?? [])];
    expect(left?.className).toContain('opacity-0');
    expect(right?.className).toContain('opacity-100');

    setWidths(scroller, { client: 300, scroll: 500, left: 200 });
    expect(left?.className).toContain('opacity-100');
    expect(right?.className).toContain('opacity-0');

    setWidths(scroller, { client: 500, scroll: 500 });
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
