import { test as base, expect } from '@playwright/test';

export { expect };

/** The cookie the consent banner writes when the user picks 'Essential only'. */
export const CONSENT_COOKIE = 'verity_consent';

interface Options {
  /**
   * Start every page with the consent banner already answered ('Essential only'), so it never
   * covers what a test clicks. Tests about the banner itself turn this off.
   */
  consentAnswered: boolean;
}

export const test = base.extend<Options>({
  consentAnswered: [true, { option: true }],
  context: async ({ context, consentAnswered, baseURL }, use) => {
    if (consentAnswered) {
      await context.addCookies([{ name: CONSENT_COOKIE, value: 'dismissed', url: baseURL ?? 'http://127.0.0.1:3199' }]);
    }
    await use(context);
  },
});
