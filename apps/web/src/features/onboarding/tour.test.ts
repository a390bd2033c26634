import { afterEach, describe, expect, it, vi } from 'vitest';
import { findTourTarget, presentStops, runTour } from './tour';

afterEach(() => {
  document.body.innerHTML = '';
});

/** jsdom lays nothing out, so visibility is given per element. */
function place(target: string, visible: boolean): HTMLElement {
  const element = document.createElement('div');
  element.dataset.tour = target;
  element.getClientRects = () => (visible ? [{} as DOMRect] : []) as unknown as DOMRectList;
  document.body.append(element);
  return element;
}

describe('tour targets', () => {
  it('finds the first visible element carrying the target', () => {
    place('nav-main', false);
    const shown = place('nav-main', true);
    expect(findTourTarget('nav-main')).toBe(shown);
    expect(findTourTarget('missing')).toBeNull();
  });

  it('leaves out stops whose target is missing or hidden', () => {
    place('chat-question', true);
    place('chat-attach', false);
    const stops = presentStops([
      { target: 'chat-question', title: 'Ask', description: '' },
      { target: 'chat-attach', title: 'Attach', description: '' },
      { target: 'chat-history', title: 'History', description: '' },
    ]);
    expect(stops.map(({ stop }) => stop.title)).toEqual(['Ask']);
  });

  it('a tour with nothing to show ends at once as finished, with no error', async () => {
    const onEnd = vi.fn();
    await runTour([{ target: 'nowhere', title: 'Nothing', description: '' }], onEnd);
    expect(onEnd).toHaveBeenCalledWith(true);
  });
});
