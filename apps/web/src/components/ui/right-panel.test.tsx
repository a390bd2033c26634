import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '../../lib/ui-store';
import { RightPanel } from './right-panel';
import { RightPanelProvider, useRightPanel } from './right-panel-context';

function OpenButton() {
  const { open } = useRightPanel();
  return (
    <button type="button" onClick={() => open()}>
      Open panel
    </button>
  );
}

beforeEach(() => {
  useUiStore.setState({ sidebars: { chat: false } });
});

describe('right-hand panel', () => {
  it('useRightPanel throws a clear error outside its provider', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<OpenButton />)).toThrow(/useRightPanel must be used within a RightPanelProvider/);
    quiet.mockRestore();
  });

  it('opens 80 units wide, titled Onboarding by default, and closes', async () => {
    const user = userEvent.setup();
    render(
      <RightPanelProvider>
        <OpenButton />
        <RightPanel>
          <p>Panel content</p>
        </RightPanel>
      </RightPanelProvider>,
    );
    expect(screen.queryByText('Panel content')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open panel' }));
    const panel = screen.getByRole('complementary', { name: 'Onboarding' });
    expect(panel.className).toContain('w-80');
    expect(useUiStore.getState().sidebars['right-panel']).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Close Onboarding' }));
    expect(screen.queryByText('Panel content')).toBeNull();
  });
});
