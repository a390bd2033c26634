import { describe, expect, test } from 'vitest';
import { canAccessRoute, findRoute, isPublicRoute, ROUTES, shouldLeaveGuestOnlyRoute } from './routes.ts';

const access = (path: string, roles: string[]) => {
  const route = findRoute(path);
  if (!route) throw new Error(`no route for ${path}`);
  return canAccessRoute(route, roles);
};

describe('route access table', () => {
  test('standard-only routes', () => {
    for (const path of [
      '/tutorials',
      '/wiki',
      '/write',
      '/write/abc',
      '/review',
      '/data-library',
      '/chat',
      '/landing',
      '/reporting',
      '/reporting/workforce-performance',
    ]) {
      expect(access(path, ['standard']), path).toBe(true);
      expect(access(path, ['guest']), path).toBe(false);
      expect(access(path, ['champion']), path).toBe(false);
    }
  });

  test('guest-or-standard routes', () => {
    for (const path of [
      '/home',
      '/profile',
      '/profile/update-password',
      '/profile/help-support',
      '/chat/s1',
      '/review/r1',
      '/wiki/HTM-06-01.pdf',
      '/tutorials/getting-started',
    ]) {
      expect(access(path, ['guest']), path).toBe(true);
      expect(access(path, ['standard']), path).toBe(true);
      expect(access(path, ['verity_admin']), path).toBe(false);
    }
  });

  test('admin and dashboard also need standard, from their parent', () => {
    expect(access('/admin', ['verity_admin', 'standard'])).toBe(true);
    expect(access('/admin', ['verity_admin'])).toBe(false);
    expect(access('/admin', ['standard'])).toBe(false);
    expect(access('/dashboard', ['champion', 'standard'])).toBe(true);
    expect(access('/dashboard', ['champion'])).toBe(false);
    expect(access('/dashboard', ['standard', 'guest'])).toBe(false);
  });

  test('flags, layouts and public routes', () => {
    expect(findRoute('/reporting')?.flag).toBe('workforce-reports');
    expect(findRoute('/reporting/workforce-performance')?.flag).toBe('workforce-reports');
    expect(findRoute('/data-library')?.flag).toBe('data-library');
    expect(findRoute('/chat')?.layout).toBe('fixed');
    expect(findRoute('/chat/123')?.layout).toBe('fixed');
    expect(findRoute('/wiki')?.layout).toBe('scrolling');
    const publicPaths = ROUTES.filter(isPublicRoute).map((r) => r.path);
    expect(publicPaths).toEqual([
      '/auth/login',
      '/auth/register',
      '/auth/forgot-password',
      '/auth/action-handler',
      '/auth/complete-profile',
      '/auth/login-sso',
      '/auth/register-forum',
      '/microsoft-auth-callback',
      '/join',
    ]);
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(findRoute('/chat/')?.path).toBe('/chat');
  });

  test('guest-only pages send signed-in users home, except login with both sso and sig', () => {
    const login = findRoute('/auth/login');
    const register = findRoute('/auth/register');
    const handler = findRoute('/auth/action-handler');
    if (!login || !register || !handler) throw new Error('missing routes');
    expect(shouldLeaveGuestOnlyRoute(login, '')).toBe(true);
    expect(shouldLeaveGuestOnlyRoute(login, '?sso=abc')).toBe(true);
    expect(shouldLeaveGuestOnlyRoute(login, '?sso=abc&sig=def')).toBe(false);
    expect(shouldLeaveGuestOnlyRoute(register, '?sso=abc&sig=def')).toBe(true);
    expect(shouldLeaveGuestOnlyRoute(handler, '')).toBe(false);
    // An invitation link opened in a signed-in browser still shows its page.
    expect(findRoute('/auth/complete-profile')?.guestOnly).toBeUndefined();
  });
});
