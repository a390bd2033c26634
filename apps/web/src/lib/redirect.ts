export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/home';

/** The login URL the route guard sends an anonymous visitor to, remembering where they were. */
export function loginRedirectPath(pathname: string, search = ''): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}
