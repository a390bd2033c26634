import {
  ADMIN_USERS_PAGE_SIZE,
  adminOrganisationSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  OUTBOX_PAGE_SIZE,
  outboxMessageParamsSchema,
  outboxMessageTextSchema,
  outboxQuerySchema,
  outboxResponseSchema,
  systemStatusSchema,
  resendVerificationResponseSchema,
  updateAdminUserSchema,
  adminOrganisationsResponseSchema,
  auditQuerySchema,
  auditResponseSchema,
  broadcastResponseSchema,
  broadcastSchema,
  createOrganisationSchema,
  flagSettingsResponseSchema,
  organisationParamsSchema,
  setFlagResponseSchema,
  setFlagSchema,
  updateOrganisationSchema,
} from '../api/admin.ts';
import { messageResponseSchema } from '../api/account.ts';
import { defineEndpoint, file, json, withRoles } from '../contract/endpoint.ts';

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

export const organisations = defineEndpoint({
  id: 'admin.organisations',
  summary: 'Every organisation',
  description:
    'By name, each with whether it is active, its members, those who signed in during the last 30 days and its approved domains.',
  method: 'GET',
  path: '/admin/organisations',
  access: ADMIN,
  status: 200,
  response: json(adminOrganisationsResponseSchema),
});

export const createOrganisation = defineEndpoint({
  id: 'admin.createOrganisation',
  summary: 'Create an organisation',
  description: 'Empty and active. A name another organisation has is 409. Recorded as organisations.created.',
  method: 'POST',
  path: '/admin/organisations',
  access: ADMIN,
  body: createOrganisationSchema,
  status: 201,
  response: json(adminOrganisationSchema),
  errors: [409],
});

export const updateOrganisation = defineEndpoint({
  id: 'admin.updateOrganisation',
  summary: 'Rename, deactivate or reactivate an organisation',
  description:
    'A deactivated organisation keeps its data; its members cannot sign in and their sessions stop working. Unknown 404; a name ' +
    'another organisation has 409. Recorded as organisations.renamed, organisations.deactivated or organisations.reactivated.',
  method: 'POST',
  path: '/admin/organisations/:organisationId',
  access: ADMIN,
  params: organisationParamsSchema,
  body: updateOrganisationSchema,
  status: 200,
  response: json(adminOrganisationSchema),
  errors: [404, 409],
});

export const audit = defineEndpoint({
  id: 'admin.audit',
  summary: 'The audit log',
  description:
    'Changes to accounts, access, sharing, deletions, the library, organisations and settings, newest first, with who made them, ' +
    'when, from which address and on which record; filtered by kind, organisation, actor and London dates, paged by before.',
  method: 'GET',
  path: '/admin/audit',
  access: ADMIN,
  query: auditQuerySchema,
  status: 200,
  response: json(auditResponseSchema),
});

export const auditExport = defineEndpoint({
  id: 'admin.auditExport',
  summary: 'The audit log as CSV',
  description:
    'The same filters, up to 10,000 entries, newest first. Cells that a spreadsheet would read as a formula start with an apostrophe.',
  method: 'GET',
  path: '/admin/audit/export',
  access: ADMIN,
  query: auditQuerySchema,
  status: 200,
  response: file('text/csv', 'audit-log.csv, UTF-8 with a header row.'),
});

export const users = defineEndpoint({
  id: 'admin.users',
  summary: 'People, searched',
  description: `By surname and first name, ${ADMIN_USERS_PAGE_SIZE} a page; q matches part of a name or an e-mail address.`,
  method: 'GET',
  path: '/admin/users',
  access: ADMIN,
  query: adminUsersQuerySchema,
  status: 200,
  response: json(adminUsersResponseSchema),
});

export const updateUser = defineEndpoint({
  id: 'admin.updateUser',
  summary: "Change a person's roles, deactivate or reactivate them",
  description:
    'Deactivating ends their sessions and refuses sign-in; their work is kept. An administrator cannot deactivate themselves or ' +
    'take away their own administrator role (409). Recorded as account.roles_changed, account.deactivated or account.reactivated.',
  method: 'POST',
  path: '/admin/users/:userId',
  access: ADMIN,
  params: adminUserParamsSchema,
  body: updateAdminUserSchema,
  status: 200,
  response: json(adminUserSchema),
  errors: [404, 409],
});

export const signOutUser = defineEndpoint({
  id: 'admin.signOutUser',
  summary: 'Sign a person out everywhere',
  description: 'Ends every session they have. Recorded as account.signed_out_everywhere.',
  method: 'POST',
  path: '/admin/users/:userId/sign-out',
  access: ADMIN,
  params: adminUserParamsSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [404],
});

export const resendVerification = defineEndpoint({
  id: 'admin.resendVerification',
  summary: 'Send a person a new link to verify their address',
  description:
    'One link per 5 minutes at most (sent: false otherwise). An address already verified is 409. Recorded as auth.verification_resent.',
  method: 'POST',
  path: '/admin/users/:userId/resend-verification',
  access: ADMIN,
  params: adminUserParamsSchema,
  status: 200,
  response: json(resendVerificationResponseSchema),
  errors: [404, 409],
});

export const status = defineEndpoint({
  id: 'admin.status',
  summary: 'How this installation is doing',
  description: 'Version; the database (kind, size, migrations); the AI provider; e-mail; the job queue with its recent failures.',
  method: 'GET',
  path: '/admin/status',
  access: ADMIN,
  status: 200,
  response: json(systemStatusSchema),
});

export const outbox = defineEndpoint({
  id: 'admin.outbox',
  summary: 'The e-mails Verity has sent or kept',
  description: `Newest first, ${OUTBOX_PAGE_SIZE} a page: addressee, subject and what became of each, never the text.`,
  method: 'GET',
  path: '/admin/outbox',
  access: ADMIN,
  query: outboxQuerySchema,
  status: 200,
  response: json(outboxResponseSchema),
});

export const outboxMessage = defineEndpoint({
  id: 'admin.outboxMessage',
  summary: 'The text of an e-mail kept in the outbox',
  description:
    'Only for a message never delivered by SMTP (no SMTP_URL), so an administrator can pass its link on; one SMTP delivered is 409. ' +
    'Reading one is recorded as mail.outbox_read.',
  method: 'GET',
  path: '/admin/outbox/:messageId',
  access: ADMIN,
  params: outboxMessageParamsSchema,
  status: 200,
  response: json(outboxMessageTextSchema),
  errors: [404, 409],
});

export const broadcast = defineEndpoint({
  id: 'admin.broadcast',
  summary: 'Send a notification to everyone, an organisation or a role',
  description:
    'To every active member the audience holds, in one write. An unknown organisation is 404. Recorded as notifications.broadcast ' +
    'with the audience and how many it reached.',
  method: 'POST',
  path: '/admin/broadcast',
  access: ADMIN,
  body: broadcastSchema,
  status: 200,
  response: json(broadcastResponseSchema),
  errors: [404],
});
