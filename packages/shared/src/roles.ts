export const ROLES = ['standard', 'guest', 'champion', 'verity_admin'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when the user holds at least one of the accepted roles. */
export function hasAnyRole(accountRoles: readonly string[], accepted: readonly Role[]): boolean {
  return accepted.some((role) => accountRoles.includes(role));
}

/**
 * The role a champion gives: one word for the sets of SPEC's account_roles a member may hold in
 * an organisation. A champion also holds `standard` (the dashboard's parent route requires it); a
 * `verity_admin` role is the administrators' to give or take, and is kept as it is.
 */
export const MEMBER_ROLES = ['guest', 'standard', 'champion'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The account_roles each member role stands for (verity_admin aside). */
export const MEMBER_ROLE_SETS: Readonly<Record<MemberRole, readonly ('guest' | 'standard' | 'champion')[]>> = {
  guest: ['guest'],
  standard: ['standard'],
  champion: ['champion', 'standard'],
};

/** The member role a set of account_roles amounts to: champion over standard over guest. */
export function memberRoleOf(accountRoles: readonly string[]): MemberRole {
  if (accountRoles.includes('champion')) return 'champion';
  if (accountRoles.includes('standard')) return 'standard';
  return 'guest';
}
