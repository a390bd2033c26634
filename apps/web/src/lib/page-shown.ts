/**
 * Settles once the first page (not the loading screen) has rendered. Work that can wait — the
 * overlays' code, the analytics recorder — starts after it, so that on a slow connection it does
 * not compete with the page's own code and data for the first paint.
 */
/** A screen that is not a page (an error, access denied) still lets the waiting work start, after this long. */
const AT_THE_LATEST_MS = 10_000;

let settle: () => void = () => {};
export const pageShown = new Promise<void>((resolve) => {
  settle = resolve;
  setTimeout(resolve, AT_THE_LATEST_MS);
});

/** Called when a page's content has been committed (a later call does nothing). */
export function markPageShown(): void {
  settle();
}
