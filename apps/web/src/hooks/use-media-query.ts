import { useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a media query, followed as the window is resized or the phone turned.
 * Null where the browser cannot say (no matchMedia, as in the unit tests' jsdom), so a caller can
 * render for both and leave the choice to CSS.
 */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : null),
  );
}
