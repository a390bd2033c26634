export const DEFAULT_AFTER_LOGIN_PATH = '/home';

/**
 * Where to go after signing in. Only a path on this site is followed: it must start with one
 * '/' (not '//' or '/\', which browsers read as another host) and carry no scheme or control
 * characters, so a crafted ?redirect= cannot send a user to a look-alike site.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  if (!value) return DEFAULT_AFTER_LOGIN_PATH;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_AFTER_LOGIN_PATH;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return DEFAULT_AFTER_LOGIN_PATH;
  const base = 'https://verity.invalid';
  try {
    const url = new URL(value, base);
    if (url.origin !== base) return DEFAULT_AFTER_LOGIN_PATH;
    if (url.pathname.startsWith('/auth/')) return DEFAULT_AFTER_LOGIN_PATH;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return DEFAULT_AFTER_LOGIN_PATH;
  }
}
