import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom does not implement scrolling; the shell scrolls to the top on every route change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Pages and the shell are loaded on demand (React.lazy); the first time a worker imports a page
// it compiles the page's modules, which can take longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
