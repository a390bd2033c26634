import { flagSettingsResponseSchema, setFlagResponseSchema, setFlagSchema } from '../api/admin.ts';
import { defineEndpoint, json, withRoles } from '../contract/endpoint.ts';

/** Verity's administrators (verity_admin): settings that reach across organisations. Every change is an event. */

const ADMIN = withRoles('verity_admin');

export const flags = defineEndpoint({
  id: 'admin.flags',
  summary: 'Feature-flag settings',
  description: 'Every stored setting: global, per role and per organisation.',
  method: 'GET',
  path: '/admin/flags',
  access: ADMIN,
  status: 200,
  response: json(flagSettingsResponseSchema),
});

export const setFlag = defineEndpoint({
  id: 'admin.setFlag',
  summary: 'Set or clear a feature flag',
  description:
    'For everyone, a role or one organisation; enabled null clears that setting. An unknown organisation is 404. Recorded as flags.changed with the administrator.',
  method: 'POST',
  path: '/admin/flags',
  access: ADMIN,
  body: setFlagSchema,
  status: 200,
  response: json(setFlagResponseSchema),
  errors: [404],
});
