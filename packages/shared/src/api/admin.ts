import { z } from 'zod';
import { FEATURE_FLAGS, FLAG_SCOPES } from '../flags.ts';
import { ROLES } from '../roles.ts';

/** One stored feature-flag setting: for everyone, for a role, or for one organisation. */
export const flagSettingSchema = z.object({
  flag: z.enum(FEATURE_FLAGS),
  scope: z.enum(FLAG_SCOPES),
  role: z.enum(ROLES).nullable(),
  organisation_id: z.string().nullable(),
  enabled: z.boolean(),
});
export type FlagSettingView = z.infer<typeof flagSettingSchema>;

/** GET /api/admin/flags: every stored setting (a flag with none has its shipped default). */
export const flagSettingsResponseSchema = z.object({ settings: z.array(flagSettingSchema) });
export type FlagSettingsResponse = z.infer<typeof flagSettingsResponseSchema>;

/**
 * POST /api/admin/flags: set a flag on or off for a target, or clear the target's setting
 * (enabled: null) so the next one down applies. A role setting names the role, an organisation
 * setting the organisation, and a global one neither.
 */
export const setFlagSchema = z
  .strictObject({
    flag: z.enum(FEATURE_FLAGS),
    scope: z.enum(FLAG_SCOPES),
    role: z.enum(ROLES).optional(),
    organisation_id: z.string().trim().min(1).max(64).optional(),
    enabled: z.boolean().nullable(),
  })
  .refine((input) => (input.scope === 'role') === (input.role !== undefined), {
    message: 'A role setting names its role, and only a role setting does',
    path: ['role'],
  })
  .refine((input) => (input.scope === 'organisation') === (input.organisation_id !== undefined), {
    message: 'An organisation setting names its organisation, and only an organisation setting does',
    path: ['organisation_id'],
  });
export type SetFlagInput = z.infer<typeof setFlagSchema>;

export const setFlagResponseSchema = flagSettingsResponseSchema.extend({ changed: z.boolean() });
export type SetFlagResponse = z.infer<typeof setFlagResponseSchema>;
