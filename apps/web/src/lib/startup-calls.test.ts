import { accountEndpoints, platformEndpoints } from '@verity/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { setAccessToken } from './session-storage';
import { STARTUP_ROUTES, startupApi } from './startup-calls';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('startup calls', () => {
  it('name each route as the contract declares it (path, method, body and quiet failures)', () => {
    const descriptors = { accountInfo: accountEndpoints.info, appConfig: platformEndpoints.appConfig, flags: platformEndpoints.flags };
    expect(Object.keys(STARTUP_ROUTES).sort()).toEqual(Object.keys(descriptors).sort());
    for (const [name, descriptor] of Object.entries(descriptors)) {
      const route: Record<string, unknown> = STARTUP_ROUTES[name as keyof typeof STARTUP_ROUTES];
      expect({ name, ...route }).toEqual({
        name,
        method: descriptor.method,
        path: descriptor.path,
        ...('background' in descriptor ? { background: descriptor.background } : {}),
      });
      expect('body' in descriptor).toBe(false);
    }
  });

  it('send the session and answer what the server sent', async () => {
    const user = buildTestUser();
    const calls = mockApi({ 'GET /api/account/info': user });
    setAccessToken('token-1');
    await expect(startupApi('accountInfo')).resolves.toEqual(user);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.headers.get('auth-token')).toBe('token-1');
  });
});
