import { describe, expect, test } from 'vitest';
import { ENDPOINTS } from './index.ts';

describe('background calls', () => {
  // SPEC §7: the notifications list is a background call and the profile fetch runs with its
  // errors suppressed. Every other call may raise the global error dialog (a 401, a 5xx, no
  // response), so its Request ID and Contact Support reach the user.
  test('only the calls the specification names are background', () => {
    const background = ENDPOINTS.filter((endpoint) => endpoint.background === true).map((endpoint) => endpoint.id);
    expect(background.sort()).toEqual(['account.info', 'notifications.list']);
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
