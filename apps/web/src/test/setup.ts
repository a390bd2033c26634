import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { multiSelectPopoverModule } from '../components/filters/multi-select';
import { dialogPanelModule, menuButtonModule, modalOverlayModule, toastViewportModule } from '../components/ui/overlay-modules';
import { citationTooltipModule } from '../features/chat/citation-marker';
import { feedbackCommentModule } from '../features/chat/feedback-control';
import { retireApiMocks } from './mock-api';
import { resetStores } from './reset-stores';

// jsdom does not implement scrolling; the shell scrolls to the top on every route change.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// Radix primitives call pointer-capture methods (a toast's swipe) that jsdom lacks.
for (const method of ['hasPointerCapture', 'setPointerCapture', 'releasePointerCapture'] as const) {
  if (!(method in Element.prototype)) {
    Object.defineProperty(Element.prototype, method, { configurable: true, value: () => false });
  }
}

// In the browser the overlays' code (Radix) is fetched while the page is idle, before anyone opens
// one; load it up front here so that a test sees a menu, dialog, popover or tooltip open at once,
// as a user does.
await Promise.all(
  [
    dialogPanelModule,
    menuButtonModule,
    modalOverlayModule,
    toastViewportModule,
    multiSelectPopoverModule,
    citationTooltipModule,
    feedbackCommentModule,
  ].map((module) => module.load()),
);

// Pages and the shell are loaded on demand (React.lazy); the first time a worker imports a page
// it compiles the page's modules, which can take longer than the default second on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// Page tests share a worker's modules (vitest.config.ts): every test starts from the first-load
// state of the global stores, whatever test or file ran before it.
beforeEach(() => {
  resetStores();
});

afterEach(() => {
  cleanup();
  retireApiMocks();
});
