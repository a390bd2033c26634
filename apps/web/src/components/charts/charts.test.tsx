import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ColumnChart } from './column-chart';
import { LineChart } from './line-chart';

const POINTS = Array.from({ length: 30 }, (_, i) => ({ label: `${i + 1} Nov`, value: (i * 7) % 11 }));
const COLUMNS = [
  { label: 'Chat', value: 215 },
  { label: 'Write', value: 12 },
];

/** A ResizeObserver the test reports sizes through, as the browser does after laying a page out. */
class FakeResizeObserver {
  static instances: FakeResizeObserver[] = [];
  readonly observed: Element[] = [];
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
    FakeResizeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.observed.length = 0;
  }
  report(width: number) {
    const entries = this.observed.map((target) => ({ target, contentRect: { width } }) as unknown as ResizeObserverEntry);
    this.callback(entries, this as unknown as ResizeObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  FakeResizeObserver.instances = [];
});

describe.each([
  ['LineChart', () => <LineChart points={POINTS} />],
  ['ColumnChart', () => <ColumnChart columns={COLUMNS} />],
])('%s', (_, chart) => {
  it('draws at the width the browser laid its box out at, without asking for a layout of its own', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect');
    const { container } = render(chart());
    const box = container.firstElementChild as HTMLElement;
    // The box holds the chart's height until it knows its width; nothing is drawn at a guessed width.
    expect(box.style.height).toBe('220px');
    expect(container.querySelector('svg')).toBeNull();

    act(() => FakeResizeObserver.instances[0]?.report(343.6));
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('343');
    act(() => FakeResizeObserver.instances[0]?.report(720));
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('720');
    expect(measured).not.toHaveBeenCalled();
  });

  it('draws at its usual width where ResizeObserver is missing', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const { container } = render(chart());
    expect(Number(container.querySelector('svg')?.getAttribute('width'))).toBeGreaterThan(0);
  });
});
