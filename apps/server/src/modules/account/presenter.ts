import { isOnboardingModuleKey, isRole } from '@verity/shared';
import { photoUrl, type UserRow } from '../../core/identity/accounts.ts';
import type { CachedAccount } from '../../core/identity/cache.ts';

/** The one shape in which a user leaves the server (account/info and every account mutation), less the flags evaluated for them. */
export function presentAccount(row: UserRow, organisation: { id: string; name: string }): CachedAccount {
  return {
    user_id: row.id,
    external_id: row.externalId,
    firstname: row.firstname,
    surname: row.surname,
    email: row.email,
    job_title: row.jobTitle,
    // Roles are free text in the database; only known ones reach the client's route guards.
    account_roles: row.roles.filter(isRole),
    onboarding_complete: row.onboardingComplete,
    onboarding_modules: row.onboardingModules.filter(isOnboardingModuleKey),
    email_verified: row.emailVerifiedAt !== null,
    photoURL: row.photoId ? photoUrl(row.photoId) : null,
    organisation: { id: organisation.id, name: organisation.name },
  };
}
