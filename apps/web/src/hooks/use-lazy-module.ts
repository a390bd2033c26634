import { useEffect, useReducer } from 'react';
import { pageShown } from '../lib/page-shown';

/**
 * A module fetched on first need: `load()` fetches it once (again after a failure); `current` holds
 * it once there; `preloadWhenIdle()` asks for it once the browser is idle after the first page has
 * shown, however many components ask.
 */
export interface LazyModule<T> {
  readonly current: T | undefined;
  load: () => Promise<T>;
  preloadWhenIdle: () => void;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  let preloading = false;
  const lazy: LazyModule<T> = {
    get current() {
      return loaded;
    },
    preloadWhenIdle() {
      if (preloading || loaded) return;
      preloading = true;
      whenIdle(() => {
        lazy.load().catch(() => {});
      });
    },
    load() {
      pending ??= importer().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
  };
  return lazy;
}

const IDLE_TIMEOUT_MS = 5000;
const NO_IDLE_CALLBACK_DELAY_MS = 2000;

/** Runs `task` once the browser is idle (or after a short delay where it cannot tell); returns a cancel function. */
function onIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(task, NO_IDLE_CALLBACK_DELAY_MS);
  return () => clearTimeout(timer);
}

/**
 * Runs `task` when the browser is idle after the first page has shown: the browser is idle while
 * it waits for the session and the page's code, and a fetch started then would compete with them.
 */
function whenIdle(task: () => void): () => void {
  let cancel: (() => void) | undefined;
  let cancelled = false;
  void pageShown.then(() => {
    if (!cancelled) cancel = onIdle(task);
  });
  return () => {
    cancelled = true;
    cancel?.();
  };
}

/**
 * The module once loaded, rendering again when it arrives: fetched at once while `needed`, and
 * otherwise (unless `preload` is false) once the browser is idle after the first page has shown, so that it is
 * usually there before it is needed without weighing on the page's first load. Unlike
 * React.lazy, a module already loaded renders at once, and a failed load (say, offline) shows
 * nothing and is tried again the next time it is needed.
 */
export function useLazyModule<T>(module: LazyModule<T>, needed: boolean, preload = true): T | undefined {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const loaded = module.current !== undefined;
  useEffect(() => {
    if (loaded || (!needed && !preload)) return;
    let mounted = true;
    const load = () => {
      module.load().then(
        () => {
          if (mounted) rerender();
        },
        () => {},
      );
    };
    const cancel = needed ? undefined : whenIdle(load);
    if (needed) load();
    return () => {
      mounted = false;
      cancel?.();
    };
  }, [module, needed, preload, loaded]);
  return module.current;
}

/**
 * Fetches the module once the browser is idle, for a component that renders its user only later.
 * One request for a module however many components ask (a table's 25 row menus), and it stands
 * when they unmount: the module is wanted by the page, not by one of them.
 */
export function usePreloadWhenIdle(module: LazyModule<unknown>): void {
  useEffect(() => module.preloadWhenIdle(), [module]);
}
