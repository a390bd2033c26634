import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CitationMarker } from './citation-marker';
import { CitationTooltip } from './citation-tooltip';
import { buildCitation } from './test-messages';

const citation = buildCitation({ quote: 'Fixed installations should be inspected and tested at least every five years.' });

function renderMarker() {
  const onOpen = vi.fn();
  render(
    <p>
      Inspect them <CitationMarker citation={citation} onOpen={onOpen} />.<button type="button">Elsewhere</button>
    </p>,
  );
  return { onOpen, marker: screen.getByRole('button', { name: /^Source 1: / }) };
}

describe('CitationMarker', () => {
  it('previews the source and its passage while pointed at', async () => {
    const user = userEvent.setup();
    const { marker } = renderMarker();
    expect(screen.queryByRole('tooltip')).toBeNull();

    await user.hover(marker);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain('Source 1');
    expect(tooltip.textContent).toContain('at least every five years');
    expect(marker.getAttribute('aria-describedby')).toBeTruthy();

    await user.unhover(marker);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
    expect(marker.getAttribute('aria-describedby')).toBeNull();
  });

  it('previews on keyboard focus, describes the marker with it, and Escape or Tab hides it', async () => {
    const user = userEvent.setup();
    const { marker } = renderMarker();
    await user.tab();
    expect(document.activeElement).toBe(marker);
    const tooltip = screen.getByRole('tooltip');
    expect(marker.getAttribute('aria-describedby')).toBe(tooltip.id);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(document.activeElement).toBe(marker);

    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens the sources at its citation on click or Enter, closing the preview', async () => {
    const user = userEvent.setup();
    const { marker, onOpen } = renderMarker();
    await user.click(marker);
    expect(onOpen).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('tooltip')).toBeNull();

    marker.focus();
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('marks a superseded source and an attached file in the preview', async () => {
    const user = userEvent.setup();
    render(
      <>
        <CitationMarker citation={buildCitation({ n: 1, status: 'superseded' })} onOpen={() => {}} />
        <CitationMarker citation={buildCitation({ n: 2, source: 'attachment', title: 'Water policy.txt' })} onOpen={() => {}} />
      </>,
    );
    await user.tab();
    expect(screen.getByRole('tooltip').textContent).toContain('Superseded');
    await user.tab();
    expect(screen.getByRole('tooltip').textContent).toContain('Your attached file');
  });
});

describe('CitationTooltip taking over from the light marker', () => {
  it('takes the focus the light marker had, showing the preview', () => {
    render(<CitationTooltip citation={citation} onOpen={() => {}} initialUse="focus" />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Source 1: / }));
    expect(screen.getByRole('tooltip').textContent).toContain('at least every five years');
  });

  it('shows the preview at once when the light marker was pointed at', () => {
    render(<CitationTooltip citation={citation} onOpen={() => {}} initialUse="hover" />);
    expect(screen.getByRole('tooltip')).toBeTruthy();
    expect(document.activeElement).toBe(document.body);
  });
});
