import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { buildCitation } from './test-messages';

// The test setup loads the tooltip's code up front; this file starts a fresh module graph with
// that code held back, so that it arrives while the marker is being pressed.
it('a click on a marker is not lost when the tooltip code arrives between press and release', async () => {
  vi.resetModules();
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  vi.doMock('./citation-tooltip', async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  const { CitationMarker } = await import('./citation-marker');
  const onOpen = vi.fn();
  render(<CitationMarker citation={buildCitation({})} onOpen={onOpen} />);

  const user = userEvent.setup();
  const pressed = screen.getByRole('button', { name: /^Source 1: / });
  await user.hover(pressed);
  await user.pointer({ keys: '[MouseLeft>]', target: pressed });
  await act(async () => {
    arrive();
    await arrived;
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  await user.pointer({ keys: '[/MouseLeft]', target: screen.getByRole('button', { name: /^Source 1: / }) });

  expect(onOpen).toHaveBeenCalledWith(1);
  // Once released, the marker is the tooltip's: the preview shows while it is pointed at.
  expect(await screen.findByRole('tooltip')).toBeTruthy();
});
