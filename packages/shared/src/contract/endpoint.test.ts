import { describe, expect, test } from 'vitest';
import { INGESTION_TOKEN, PUBLIC, rolesAllow, SIGNED_IN, withRoles } from './endpoint.ts';

describe('rolesAllow: the access rule as the server checks it and the web asks it', () => {
  test('public and any signed-in user pass whatever the roles; the ingestion token is never a user', () => {
    expect(rolesAllow(PUBLIC, [])).toBe(true);
    expect(rolesAllow(SIGNED_IN, ['guest'])).toBe(true);
    expect(rolesAllow(INGESTION_TOKEN, ['standard', 'champion', 'verity_admin'])).toBe(false);
  });

  test('a role rule passes a user holding one of its roles, and no one else', () => {
    const rule = withRoles('standard', 'champion');
    expect(rolesAllow(rule, ['champion'])).toBe(true);
    expect(rolesAllow(rule, ['guest'])).toBe(false);
    expect(rolesAllow(rule, [])).toBe(false);
  });
});
