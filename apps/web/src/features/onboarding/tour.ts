import type { TourStop } from './guide';

/**
 * Tours over the real page, drawn by driver.js (loaded only when a tour starts). Each stop points
 * at the element carrying its `data-tour` attribute; a stop whose element is missing or hidden
 * (a panel closed, the phone layout) is left out, and a tour with nothing to show ends at once as
 * finished — never an error. The tour is keyboard operable: arrow keys move, Escape leaves, Tab
 * stays within the popover.
 */

/** Targets are names such as "chat-question"; nothing else reaches a selector. */
const TARGET_NAME = /^[a-z0-9-]+$/;

/** The first visible element marked with the target, or null. */
export function findTourTarget(target: string, root: ParentNode = document): Element | null {
  if (!TARGET_NAME.test(target)) return null;
  for (const element of root.querySelectorAll(`[data-tour="${target}"]`)) {
    if (element.getClientRects().length > 0) return element;
  }
  return null;
}

/** The stops that can be shown now, each with its element. */
export function presentStops(stops: readonly TourStop[], root: ParentNode = document): { stop: TourStop; element: Element }[] {
  return stops.flatMap((stop) => {
    const element = findTourTarget(stop.target, root);
    return element ? [{ stop, element }] : [];
  });
}

/**
 * Show the tour; `onEnd(finished)` is called once when it closes: finished when the last stop
 * was reached (or there was nothing to show), not when the person left part-way.
 */
export async function runTour(stops: readonly TourStop[], onEnd: (finished: boolean) => void): Promise<void> {
  const present = presentStops(stops);
  if (present.length === 0) {
    onEnd(true);
    return;
  }
  const [{ driver }] = await Promise.all([import('driver.js'), import('driver.js/dist/driver.css'), import('./tour.css')]);
  let ended = false;
  const tour = driver({
    steps: present.map(({ stop, element }) => ({ element, popover: { title: stop.title, description: stop.description } })),
    animate: !window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    showProgress: true,
    progressText: '{{current}} of {{total}}',
    nextBtnText: 'Next',
    prevBtnText: 'Back',
    doneBtnText: 'Done',
    allowKeyboardControl: true,
    popoverClass: 'verity-tour',
    // Every way out (Done, the close button, Escape, a click outside) comes here first; the tour
    // is finished when the person was on its last stop.
    onDestroyStarted: (_element, _step, { driver: active }) => {
      const finished = !active.hasNextStep();
      active.destroy();
      if (ended) return;
      ended = true;
      onEnd(finished);
    },
  });
  tour.drive();
}
