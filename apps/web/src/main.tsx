import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes, preloadStartPage } from './app/router';
import './index.css';
import { useAuthStore } from './lib/auth-store';
import { pageShown } from './lib/page-shown';

const container = document.getElementById('root');
if (!container) throw new Error('Verity could not start: the #root element is missing from index.html.');

// Start restoring the session before the first render so the guard's spinner is brief, and fetch
// the page's code meanwhile.
void useAuthStore.getState().initialise();
preloadStartPage(window.location.pathname);

// The app's analytics events go to the server in background batches for as long as the page lives.
// Loaded once the first page has shown (events tracked meanwhile wait in the analytics queue).
void pageShown.then(() => import('./lib/analytics-recorder')).then(({ startAnalyticsRecorder }) => startAnalyticsRecorder());

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
