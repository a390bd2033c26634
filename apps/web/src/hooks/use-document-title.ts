import { pageTitle } from '@verity/shared';
import { useEffect, useLayoutEffect } from 'react';

/**
 * The browser tab's title for the route, from its row of the ROUTES table. The router sets it
 * around every page (a layout effect, so it runs before the page's own effects). The server's
 * index.html for a route already carries it (web-app-pages.ts), and is then left alone: setting
 * the title costs the page's first render a few milliseconds even when nothing changes.
 */
export function useRouteTitle(title: string): void {
  useLayoutEffect(() => {
    const wanted = pageTitle(title);
    if (document.title !== wanted) document.title = wanted;
  }, [title]);
}

/**
 * A page's own title, when it says more than its route's ("HTM 06-01 Electrical services — Verity"
 * in the reader, a conversation's title in Chat). Nothing (undefined) while it is not known: the
 * route's title stays. Called without a title, it only declares that the route's title is right.
 */
export function useDocumentTitle(title?: string | null): void {
  useEffect(() => {
    if (!title?.trim()) return;
    const previous = document.title;
    const mine = pageTitle(title);
    document.title = mine;
    // Back to the route's title when this one goes (a new chat after a conversation), unless
    // another page has set its own since (leaving for another route).
    return () => {
      if (document.title === mine) document.title = previous;
    };
  }, [title]);
}
