import type { Role } from '@verity/shared';

/** Each role as the admin area names it. */
export const ROLE_NAMES: Record<Role, string> = {
  standard: 'Standard',
  guest: 'Guest',
  champion: 'Champion',
  verity_admin: 'Administrator',
};
