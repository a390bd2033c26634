import { z } from 'zod';
import { FEATURE_FLAGS, FLAG_SCOPES } from '../flags.ts';
import { ROLES } from '../roles.ts';
import { microsoftTenantIdSchema } from './sso.ts';

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

const organisationName = z
  .string()
  .trim()
  .min(2, 'An organisation name has at least 2 characters')
  .max(200, 'An organisation name has at most 200 characters');

/** An organisation as the admin area lists it: its state, its approved domains and how many use Verity. */
export const adminOrganisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** False once deactivated: its members cannot sign in, and its data is kept. */
  active: z.boolean(),
  deactivated_at: z.string().nullable(),
  created_at: z.string(),
  /** Enabled accounts. */
  members: z.number().int().min(0),
  /** Members who signed in during the last 30 days. */
  active_members: z.number().int().min(0),
  domains: z.array(z.string()),
  /** The Microsoft Entra tenants whose people sign in with Microsoft into this organisation. */
  microsoft_tenants: z.array(z.string()),
});
export type AdminOrganisation = z.infer<typeof adminOrganisationSchema>;

/** GET /api/admin/organisations: every organisation, by name. */
export const adminOrganisationsResponseSchema = z.object({ organisations: z.array(adminOrganisationSchema) });
export type AdminOrganisationsResponse = z.infer<typeof adminOrganisationsResponseSchema>;

/** POST /api/admin/organisations: a new, empty organisation (its first member is then invited). */
export const createOrganisationSchema = z.strictObject({ name: organisationName });
export type CreateOrganisationInput = z.infer<typeof createOrganisationSchema>;

/** POST /api/admin/organisations/{id}: rename it, or deactivate (active: false) or reactivate it. */
export const updateOrganisationSchema = z
  .strictObject({ name: organisationName.optional(), active: z.boolean().optional() })
  .refine((input) => input.name !== undefined || input.active !== undefined, { message: 'Give a new name, active, or both' });
export type UpdateOrganisationInput = z.infer<typeof updateOrganisationSchema>;

export const organisationParamsSchema = z.object({ organisationId: z.string().trim().min(1).max(64) });

/** POST /api/admin/organisations/{id}/delete: the organisation's name, typed, to confirm. */
export const deleteOrganisationSchema = z.strictObject({
  name: z.string().trim().min(1, 'Type the organisation’s name to confirm').max(200),
});
export type DeleteOrganisationInput = z.infer<typeof deleteOrganisationSchema>;
export const deleteOrganisationResponseSchema = z.object({ message: z.string(), rows: z.number().int().min(0) });
export type DeleteOrganisationResponse = z.infer<typeof deleteOrganisationResponseSchema>;

/** POST /api/admin/organisations/{id}/microsoft-tenants: people of this tenant sign in with Microsoft into the organisation. */
export const addMicrosoftTenantSchema = z.strictObject({ tenant_id: microsoftTenantIdSchema });
export type AddMicrosoftTenantInput = z.infer<typeof addMicrosoftTenantSchema>;

export const microsoftTenantParamsSchema = organisationParamsSchema.extend({ tenantId: microsoftTenantIdSchema });

/** An audit-log filter, newest first; `before` is the previous page's next_before. */
export const auditQuerySchema = z.strictObject({
  kind: z
    .string()
    .regex(/^[a-z_]+\.[a-z_]+$/, 'An event kind is written area.what, such as auth.signed_in')
    .optional(),
  organisation_id: z.string().trim().min(1).max(64).optional(),
  /** Part of the actor's e-mail address or name. */
  actor: z.string().trim().min(1).max(200).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  before: z
    .string()
    .regex(/^[0-9A-Za-z_-]{1,100}$/, 'before is the next_before of the previous page')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/**
 * The kinds an administrator's audit log lists: changes to accounts, access, sharing, deletions,
 * the library, organisations and settings. The others are use of the product (questions, reads,
 * page views), which the dashboard and reports count; every kind is one or the other (the server
 * checks each is an event kind, and the admin area names each).
 */
export const AUDIT_KINDS = [
  'auth.signed_in',
  'auth.account_created',
  'auth.password_reset',
  'auth.email_verified',
  'auth.verification_resent',
  'auth.sso_linked',
  'auth.forum_signed_on',
  'account.password_changed',
  'account.roles_changed',
  'account.deactivated',
  'account.reactivated',
  'account.signed_out_everywhere',
  'account.work_handed_over',
  'account.profile_updated',
  'account.photo_set',
  'account.photo_removed',
  'invitations.created',
  'invitations.resent',
  'invitations.revoked',
  'invitations.accepted',
  'join.requested',
  'join.approved',
  'join.declined',
  'join.organisation_started',
  'join.left',
  'join.domain_requested',
  'join.domain_refused',
  'chat.conversation_deleted',
  'chat.conversation_shared',
  'chat.conversation_unshared',
  'write.document_deleted',
  'documents.ingested',
  'documents.updated',
  'documents.superseded',
  'documents.reindexed',
  'documents.deleted',
  'jobs.retried',
  'tutorials.created',
  'tutorials.updated',
  'tutorials.reordered',
  'organisations.created',
  'organisations.renamed',
  'organisations.deactivated',
  'organisations.reactivated',
  'organisations.domain_approved',
  'organisations.tenant_added',
  'organisations.tenant_removed',
  'organisations.deleted',
  'flags.changed',
  'mail.outbox_read',
  'notifications.broadcast',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** One entry of the audit log: who did what, when, from which address, on which record. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Null for the system, the command line or the ingestion API, and once the account is deleted. */
  actor: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  ip: z.string().nullable(),
  /** The record it happened to; `label` names a person or an organisation (null for other records, or once deleted). */
  subject: z.object({ type: z.string(), id: z.string(), label: z.string().nullable() }).nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as before for the next (older) page; null on the last page. */
  next_before: z.string().nullable(),
  /** The kinds the log lists, for the filter. */
  kinds: z.array(z.string()),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;

/** A person as the admin area lists them. */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  job_title: z.string(),
  roles: z.array(z.enum(ROLES)),
  organisation: z.object({ id: z.string(), name: z.string() }),
  email_verified: z.boolean(),
  /** False once deactivated: they cannot sign in; their work is kept. */
  active: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USERS_PAGE_SIZE = 50;

/** GET /api/admin/users: people by name, searched by name or e-mail, in one organisation or all. */
export const adminUsersQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional(),
  organisation_id: z.string().trim().min(1).max(64).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUsersResponseSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/**
 * A person's roles as a whole: a guest has no other role, and a champion or an administrator is
 * also a standard user (the tools they lead or run are standard ones).
 */
export const accountRolesSchema = z
  .array(z.enum(ROLES))
  .min(1, 'Give at least one role')
  .max(ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'A role is given once')
  .refine((roles) => !roles.includes('guest') || roles.length === 1, 'A guest has no other role')
  .refine((roles) => roles.includes('guest') || roles.includes('standard'), 'A champion or an administrator is also a standard user');

/** POST /api/admin/users/{id}: change the roles, or deactivate (active: false) or reactivate the person. */
export const updateAdminUserSchema = z
  .strictObject({ roles: accountRolesSchema.optional(), active: z.boolean().optional() })
  .refine((input) => input.roles !== undefined || input.active !== undefined, { message: 'Give roles, active, or both' });
export type UpdateAdminUserInput = z.infer<typeof updateAdminUserSchema>;

export const adminUserParamsSchema = z.object({ userId: z.string().trim().min(1).max(64) });

/** POST /api/admin/users/{id}/resend-verification: whether a new link went (one per 5 minutes at most). */
export const resendVerificationResponseSchema = z.object({ sent: z.boolean(), message: z.string() });

/** GET /api/admin/status: how this installation is doing. */
export const systemStatusSchema = z.object({
  version: z.string(),
  database: z.object({
    kind: z.enum(['embedded', 'postgresql']),
    /** The database's size on disk, when it can say. */
    size_bytes: z.number().int().min(0).nullable(),
    server_version: z.string(),
    migrations_applied: z.number().int().min(0),
    migrations_shipped: z.number().int().min(0),
  }),
  ai: z.object({
    /** False: the built-in engines answer, write and review offline. */
    configured: z.boolean(),
    /** What chat answers with, as the chat page names it. */
    engine: z.string(),
    model: z.string().nullable(),
    embeddings_model: z.string().nullable(),
  }),
  email: z.object({
    /** smtp: delivered through SMTP_URL; outbox: kept here for an administrator to pass on. */
    transport: z.enum(['smtp', 'outbox']),
    last_sent_at: z.string().nullable(),
    failed_last_day: z.number().int().min(0),
    in_outbox: z.number().int().min(0),
  }),
  jobs: z.object({
    queued: z.number().int().min(0),
    running: z.number().int().min(0),
    failed: z.number().int().min(0),
    succeeded_last_day: z.number().int().min(0),
    recent_failures: z.array(
      z.object({ id: z.string(), kind: z.string(), error: z.string().nullable(), attempts: z.number().int(), failed_at: z.string() }),
    ),
  }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

/** Whether a service answered a check just now: null when there is none to reach. */
export const reachabilitySchema = z.object({ reachable: z.boolean().nullable(), detail: z.string(), ms: z.number().int().min(0) });
export type Reachability = z.infer<typeof reachabilitySchema>;

/** POST /api/admin/status/check: the AI provider and the SMTP server, each tried now. */
export const connectionCheckSchema = z.object({ ai: reachabilitySchema, email: reachabilitySchema });
export type ConnectionCheck = z.infer<typeof connectionCheckSchema>;

export const OUTBOX_PAGE_SIZE = 50;

/** One e-mail as the outbox lists it: never its text. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  created_at: z.string(),
  transport: z.enum(['smtp', 'outbox']),
  sent_at: z.string().nullable(),
  failed: z.boolean(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

export const outboxResponseSchema = z.object({
  messages: z.array(outboxMessageSchema),
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  page_size: z.number().int().min(1),
});
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

export const outboxMessageParamsSchema = z.object({ messageId: z.string().trim().min(1).max(64) });

/** GET /api/admin/outbox/{id}: a message kept in the outbox, with its text, to pass on by hand. */
export const outboxMessageTextSchema = outboxMessageSchema.extend({ text: z.string() });
export type OutboxMessageText = z.infer<typeof outboxMessageTextSchema>;

export const BROADCAST_AUDIENCES = ['everyone', 'organisation', 'role'] as const;

/** POST /api/admin/broadcast: a notification to everyone, one organisation's members, or everyone holding a role. */
export const broadcastSchema = z
  .strictObject({
    title: z.string().trim().min(3, 'A title has at least 3 characters').max(120, 'A title has at most 120 characters'),
    message: z.string().trim().min(3, 'A message has at least 3 characters').max(1000, 'A message has at most 1,000 characters'),
    audience: z.enum(BROADCAST_AUDIENCES),
    organisation_id: z.string().trim().min(1).max(64).optional(),
    role: z.enum(ROLES).optional(),
  })
  .refine((input) => (input.audience === 'organisation') === (input.organisation_id !== undefined), {
    message: 'A broadcast to an organisation names it, and only that one does',
    path: ['organisation_id'],
  })
  .refine((input) => (input.audience === 'role') === (input.role !== undefined), {
    message: 'A broadcast to a role names it, and only that one does',
    path: ['role'],
  });
export type BroadcastInput = z.infer<typeof broadcastSchema>;

export const broadcastResponseSchema = z.object({ recipients: z.number().int().min(0), message: z.string() });
