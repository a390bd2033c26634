import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactElement, type ReactNode, StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/** Shows where the app navigated to, so tests can assert on it. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export interface RenderRouteOptions {
  /** The route pattern the element is mounted on. */
  path: string;
  /** The URL the test starts at. */
  url?: string;
  strict?: boolean;
  /** Nested <Route>s, for a layout element that renders an <Outlet />. */
  children?: ReactNode;
  /** Query results already in the cache, so the page does not fetch them (e.g. the app config). */
  queryData?: ReadonlyArray<readonly [QueryKey, unknown]>;
}

/**
 * Render one page (without the app's route table) at a URL with a fresh query client; every
 * other path shows the location probe. For the whole app use renderApp (render-app.tsx).
 */
export function renderRoute(element: ReactElement, { path, url = path, strict = false, children, queryData = [] }: RenderRouteOptions) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  for (const [key, data] of queryData) queryClient.setQueryData(key, data);
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={element}>
            {children}
          </Route>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}
