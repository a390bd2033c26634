import { useEffect, useReducer } from 'react';
import { pageShown } from '../lib/page-shown';

/**
 * A module fetched on first need: `load()` fetches it once (again after a failure); `current` holds
 * it once there; `preloadWhenIdle()` fetches it once the browser is idle after the first page has
 * shown: one wait however many components ask (a table's 25 row menus, an answer's citation
 * markers), standing when they unmount, since the page wants the module, not one of them; asked
 * again after a failed load.
 */
export interface LazyModule<T> {
  readonly current: T | undefined;
  load: () => Promise<T>;
  preloadWhenIdle: () => Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  let preloading: Promise<T> | undefined;
  const lazy: LazyModule<T> = {
    get current() {
      return loaded;
    },
    preloadWhenIdle() {
      preloading ??= new Promise<void>((resolve) => whenIdle(resolve))
        .then(() => lazy.load())
        .catch((error: unknown) => {
          preloading = undefined;
          throw error;
        });
      return preloading;
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

/** Runs `task` once the browser is idle, or after a short delay where it cannot tell. */
function onIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(task, NO_IDLE_CALLBACK_DELAY_MS);
}

/**
 * Runs `task` when the browser is idle after the first page has shown: the browser is idle while
 * it waits for the session and the page's code, and a fetch started then would compete with them.
 */
function whenIdle(task: () => void): void {
  void pageShown.then(() => onIdle(task));
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
    (needed ? module.load() : module.preloadWhenIdle()).then(
      () => {
        if (mounted) rerender();
      },
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [module, needed, preload, loaded]);
  return module.current;
}

/** Fetches the module once the browser is idle, for a component that renders its user only later. */
export function usePreloadWhenIdle(module: LazyModule<unknown>): void {
  useEffect(() => {
    module.preloadWhenIdle().catch(() => {});
  }, [module]);
}
