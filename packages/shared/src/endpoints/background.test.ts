import { describe, expect, test } from 'vitest';
import { ENDPOINTS } from './index.ts';

describe('background calls', () => {
  // SPEC §7: the notifications list is a background call and the profile fetch runs with its
  // errors suppressed. Every other call may raise the global error dialog (a 401, a 5xx, no
  // response), so its Request ID and Contact Support reach the user — except the writing
  // assistant's and the review assistant's job polling and the writing autosave, which show their
  // own state on the page ("Offline — will retry", a failed job's reason) and would otherwise raise
  // a dialog every half second, and the analytics batch, which nobody is waiting for.
  test('only the calls the specification names, and the page-managed polling and autosave, are background', () => {
    const background = ENDPOINTS.filter((endpoint) => endpoint.background === true).map((endpoint) => endpoint.id);
    expect(background.sort()).toEqual([
      'account.info',
      'analytics.record',
      'notifications.list',
      'review.job',
      'write.job',
      'write.saveContent',
    ]);
  });

  test('the library, chat and sign-out calls raise the dialog', () => {
    for (const id of [
      'documents.document',
      'documents.search',
      'documents.compare',
      'documents.filterData',
      'chat.getSession',
      'auth.signout',
    ]) {
      const endpoint = ENDPOINTS.find((candidate) => candidate.id === id);
      expect(endpoint, id).toBeDefined();
      expect(endpoint?.background ?? false, id).toBe(false);
    }
  });
});
