export const LOGIN_PATH = '/auth/login';
export const HOME_PATH = '/home';
/** Where a signed-in person without a role waits for their organisation's champion to approve them. */
export const JOIN_PATH = '/join';

/** The login URL the route guard sends an anonymous visitor to, remembering where they were. */
export function loginRedirectPath(pathname: string, search = ''): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}
