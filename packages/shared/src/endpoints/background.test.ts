import { describe, expect, test } from 'vitest';
import { ENDPOINTS } from './index.ts';

describe('background calls', () => {
  // SPEC §7: the notifications list is a background call and the profile fetch runs with its
  // errors suppressed. Every other call may raise the global error dialog (a 401, a 5xx, no
  // response), so its Request ID and Contact Support reach the user — except the writing
  // assistant's and the review assistant's job polling and the writing autosave, which show their
  // own state on the page ("Offline — will retry", a failed job's reason) and would otherwise raise
  // a dialog every half second, and the analytics batch, which nobody is waiting for. Panels that
  // appear only when there is something to show, and say so themselves when they cannot load,
  // are background too: the register page's check of an address's domain as it is typed, the
  // waiting page's poll of a request to join, the dashboard's requests to join and its domain
  // panel, the admin area's domain requests, and a guest's note of who their champion is.
  test('only the calls the specification names, the page-managed polling and autosave, and self-reporting panels are background', () => {
    const background = ENDPOINTS.filter((endpoint) => endpoint.background === true).map((endpoint) => endpoint.id);
    expect(background.sort()).toEqual([
      'account.info',
      'analytics.record',
      'join.domain',
      'join.domainRequests',
      'join.ownDomain',
      'join.requests',
      'join.status',
      'members.champions',
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
