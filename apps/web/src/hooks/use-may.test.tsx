import { chatEndpoints } from '@verity/shared';
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../lib/auth-store';
import { buildTestUser } from '../test/fixtures';
import { useMayCall, useMayOpen } from './use-may';

afterEach(() => {
  useAuthStore.setState({ user: null });
});

describe('what the signed-in user may open and call', () => {
  it('a standard user may open the wiki and call the chat; a guest neither', () => {
    useAuthStore.setState({ user: buildTestUser({ account_roles: ['standard'] }) });
    expect(renderHook(() => useMayOpen('/wiki')).result.current).toBe(true);
    expect(renderHook(() => useMayCall(chatEndpoints.listSessions)).result.current).toBe(true);
    useAuthStore.setState({ user: buildTestUser({ account_roles: ['guest'] }) });
    expect(renderHook(() => useMayOpen('/wiki')).result.current).toBe(false);
    expect(renderHook(() => useMayCall(chatEndpoints.listSessions)).result.current).toBe(false);
  });

  it('a page that does not exist may not be opened', () => {
    useAuthStore.setState({ user: buildTestUser({ account_roles: ['standard'] }) });
    expect(renderHook(() => useMayOpen('/no-such-page')).result.current).toBe(false);
  });
});
