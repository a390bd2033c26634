import { defineConfig, devices } from '@playwright/test';
import { disabledFeaturesSwitch } from './e2e/support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3199);

/** Browser tests drive the production build in Debian's Chromium; nothing is downloaded. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/.artifacts/results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    screenshot: 'only-on-failure',
    // In CI a failed test runs again (retries: 1) with a trace; recording one for every test, to
    // keep it only when the test fails, was about an eighth of the suite's time (2026-11-29).
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        ...disabledFeaturesSwitch(),
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } }, testIgnore: /mobile\.spec\.ts/ },
    // The phone's own behaviour, and axe on every page and dialog as a phone shows them.
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' }, testMatch: /(mobile|accessibility)\.spec\.ts/ },
  ],
});
