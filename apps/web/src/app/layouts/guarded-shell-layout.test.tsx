import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { RouteAccess } from '@verity/shared';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { setAccessToken } from '../../lib/session-storage';
import { mockApi } from '../../test/mock-api';
import { resetStores } from '../../test/reset-stores';
import { GuardedShellLayout } from './guarded-shell-layout';

function renderAt(path: string, preloadPage: (route: RouteAccess) => void) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<GuardedShellLayout preloadPage={preloadPage} />}>
            <Route path={path} element={<h1>The page</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GuardedShellLayout', () => {
  it('with a stored session, fetches the page’s code while the session is still being restored, and shows nothing yet', async () => {
    setAccessToken('stored-token');
    // No request answers in this test: the session is still being restored.
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    const preloadPage = vi.fn();
    renderAt('/wiki', preloadPage);
    expect(preloadPage).toHaveBeenCalledOnce();
    expect(preloadPage.mock.calls[0]?.[0]).toMatchObject({ path: '/wiki' });
    expect(screen.queryByRole('heading', { name: 'The page' })).toBeNull();
  });

  it('without a stored session fetches nothing ahead', () => {
    mockApi({});
    const preloadPage = vi.fn();
    renderAt('/wiki', preloadPage);
    expect(preloadPage).not.toHaveBeenCalled();
  });
});
