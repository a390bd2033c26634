import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type LazyModule, lazyModule, useLazyModule } from './use-lazy-module';

interface Greeting {
  text: string;
}

function Show({ module, needed }: { module: LazyModule<Greeting>; needed: boolean }) {
  const loaded = useLazyModule(module, needed, false);
  return <p>{loaded ? loaded.text : 'nothing yet'}</p>;
}

describe('lazyModule', () => {
  it('imports once, however often it is asked for, and holds the module once there', async () => {
    const importer = vi.fn(async () => ({ text: 'hello' }));
    const module = lazyModule(importer);
    expect(module.current).toBeUndefined();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(module.current).toBe(first);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed import', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ text: 'back' });
    const module = lazyModule<Greeting>(importer);
    await expect(module.load()).rejects.toThrow('offline');
    await expect(module.load()).resolves.toEqual({ text: 'back' });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('useLazyModule', () => {
  it('loads only when needed, then renders with the module', async () => {
    let resolve: (module: Greeting) => void = () => {};
    const importer = vi.fn(() => new Promise<Greeting>((done) => (resolve = done)));
    const module = lazyModule(importer);
    const { rerender } = render(<Show module={module} needed={false} />);
    expect(importer).not.toHaveBeenCalled();

    rerender(<Show module={module} needed />);
    expect(importer).toHaveBeenCalledOnce();
    expect(screen.getByText('nothing yet')).toBeTruthy();
    await act(async () => resolve({ text: 'hello' }));
    expect(screen.getByText('hello')).toBeTruthy();
  });

  it('renders a module already loaded at once', async () => {
    const module = lazyModule(async () => ({ text: 'ready' }));
    await module.load();
    render(<Show module={module} needed={false} />);
    expect(screen.getByText('ready')).toBeTruthy();
  });

  it('shows nothing when the load fails, and tries again when needed again', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ text: 'back' });
    const module = lazyModule<Greeting>(importer);
    const { rerender } = render(<Show module={module} needed />);
    await act(async () => {});
    expect(screen.getByText('nothing yet')).toBeTruthy();

    rerender(<Show module={module} needed={false} />);
    rerender(<Show module={module} needed />);
    expect(await screen.findByText('back')).toBeTruthy();
  });
});

/** A fresh copy of the module and of the first page's signal (none shown yet), under fake timers. */
async function freshPreloading(
  run: (fresh: {
    lazy: typeof import('./use-lazy-module');
    markPageShown: () => void;
    importer: () => Promise<Greeting>;
    module: LazyModule<Greeting>;
  }) => Promise<void>,
) {
  vi.useFakeTimers();
  vi.resetModules();
  try {
    const lazy = await import('./use-lazy-module');
    const { markPageShown } = await import('../lib/page-shown');
    const importer = vi.fn(async () => ({ text: 'preloaded' }));
    await run({ lazy, markPageShown, importer, module: lazy.lazyModule(importer) });
  } finally {
    vi.useRealTimers();
  }
}

describe('preloading when idle', () => {
  it('waits for the first page to show, then fetches when the browser is idle', () =>
    freshPreloading(async ({ lazy, markPageShown, importer, module }) => {
      function Preload() {
        const loaded = lazy.useLazyModule(module, false);
        return <p>{loaded ? loaded.text : 'nothing yet'}</p>;
      }
      render(<Preload />);
      // Idle, but no page has shown yet: the session and the page's code come first.
      await act(async () => vi.advanceTimersByTime(5_000));
      expect(importer).not.toHaveBeenCalled();

      await act(async () => markPageShown());
      await act(async () => vi.advanceTimersByTime(5_000));
      expect(importer).toHaveBeenCalledOnce();
      expect(screen.getByText('preloaded')).toBeTruthy();
    }));

  it('asks for a module once when many components want it preloaded, and keeps asking after they unmount', () =>
    freshPreloading(async ({ lazy, markPageShown, importer, module }) => {
      const waits = vi.spyOn(globalThis, 'setTimeout');
      function Row() {
        lazy.usePreloadWhenIdle(module);
        return <p>row</p>;
      }
      const rows = Array.from({ length: 25 }, (_, i) => `row ${i}`);
      const { unmount } = render(
        <>
          {rows.map((row) => (
            <Row key={row} />
          ))}
        </>,
      );
      unmount();
      await act(async () => markPageShown());
      // One idle wait for the 25 rows (jsdom has no requestIdleCallback, so it is a timer).
      expect(waits.mock.calls.filter(([, delay]) => delay === 2000)).toHaveLength(1);
      await act(async () => vi.advanceTimersByTime(2_000));
      expect(importer).toHaveBeenCalledOnce();
    }));

  it('shares that one wait with components that render the module once it is there', () =>
    freshPreloading(async ({ lazy, markPageShown, importer, module }) => {
      const waits = vi.spyOn(globalThis, 'setTimeout');
      function Marker() {
        const loaded = lazy.useLazyModule(module, false);
        return <p>{loaded ? loaded.text : 'nothing yet'}</p>;
      }
      render(
        <>
          {['a', 'b', 'c', 'd'].map((key) => (
            <Marker key={key} />
          ))}
        </>,
      );
      await act(async () => markPageShown());
      expect(waits.mock.calls.filter(([, delay]) => delay === 2000)).toHaveLength(1);
      await act(async () => vi.advanceTimersByTime(2_000));
      expect(importer).toHaveBeenCalledOnce();
      expect(screen.getAllByText('preloaded')).toHaveLength(4);
    }));
});
