export const ROLES = ['standard', 'guest', 'champion', 'verity_admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when the user holds at least one of the accepted roles. */
export function hasAnyRole(accountRoles: readonly string[], accepted: readonly Role[]): boolean {
  return accepted.some((role) => accountRoles.includes(role));
}
