import { QueryClientProvider } from '@tanstack/react-query';
import type { User } from '@verity/shared';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppRoutes } from '../app/router';
import { ACCESS_TOKEN_STORAGE_KEY } from '../lib/constants';
import { useAuthStore } from '../lib/auth-store';
import { createQueryClient } from '../lib/query-client';
import { createRouterView } from './router-view';

export interface RenderAppOptions {
  /** Signed in as this user (initialised). Omit for an anonymous, initialised visitor. */
  user?: User | null;
  /** Leave the session uninitialised (loading). */
  uninitialised?: boolean;
}

/** The real route table in a memory router at `url`. */
export function renderApp(url: string, { user = null, uninitialised = false }: RenderAppOptions = {}) {
  if (user) localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, 'token-test');
  useAuthStore.setState({ initialised: !uninitialised, authenticated: Boolean(user), user });
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  const { router, Probe } = createRouterView();
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <AppRoutes />
        <Probe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, router, client };
}
