import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnreadBadge } from './unread-badge';

describe('UnreadBadge', () => {
  it('shows the count up to 99', () => {
    render(<UnreadBadge count={99} />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('99');
  });

  it('shows 99+ above 99', () => {
    render(<UnreadBadge count={100} />);
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
  });

  it('shows nothing when nothing is unread', () => {
    render(<UnreadBadge count={0} />);
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
