import {
  ADMIN_USERS_PAGE_SIZE,
  deleteOrganisationResponseSchema,
  deleteOrganisationSchema,
  addMicrosoftTenantSchema,
  microsoftTenantParamsSchema,
  adminOrganisationSchema,
  adminUserParamsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  OUTBOX_PAGE_SIZE,
  connectionCheckSchema,
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
import { ingestDocumentFormSchema } from '../api/ingest.ts';
import {
  ADMIN_LIBRARY_JOBS_PAGE_SIZE,
  ADMIN_LIBRARY_PAGE_SIZE,
  adminLibraryDocumentSchema,
  adminLibraryQuerySchema,
  adminLibraryResponseSchema,
  libraryDocumentParamsSchema,
  libraryJobParamsSchema,
  libraryJobSchema,
  libraryJobsQuerySchema,
  libraryJobsResponseSchema,
  reindexDocumentResponseSchema,
  supersedeDocumentResponseSchema,
  supersedeDocumentSchema,
  updateLibraryDocumentSchema,
} from '../api/library.ts';
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

export const deleteOrganisation = defineEndpoint({
  id: 'admin.deleteOrganisation',
  summary: 'Delete a deactivated organisation and everything that is its',
  description:
    'Removes every row of every table that carries its id (found from the database’s own foreign keys), everything of its ' +
    'members by their cascades, the jobs that name it or them and the e-mails kept for them, in one transaction. Active 409 ' +
    '(deactivate it first); a name that is not its name exactly 422; unknown 404. ' +
    'Recorded as organisations.deleted (its name and how many records went, not its id).',
  method: 'POST',
  path: '/admin/organisations/:organisationId/delete',
  access: ADMIN,
  params: organisationParamsSchema,
  body: deleteOrganisationSchema,
  status: 200,
  response: json(deleteOrganisationResponseSchema),
  errors: [404, 409],
});

export const addMicrosoftTenant = defineEndpoint({
  id: 'admin.addMicrosoftTenant',
  summary: 'Link a Microsoft Entra tenant to an organisation',
  description:
    'People who sign in with Microsoft from this tenant join or find their account in this organisation. Adding a tenant the ' +
    'organisation already has changes nothing. Unknown organisation 404; a tenant linked to another organisation 409. ' +
    'Recorded as organisations.tenant_added.',
  method: 'POST',
  path: '/admin/organisations/:organisationId/microsoft-tenants',
  access: ADMIN,
  params: organisationParamsSchema,
  body: addMicrosoftTenantSchema,
  status: 200,
  response: json(adminOrganisationSchema),
  errors: [404, 409],
});

export const removeMicrosoftTenant = defineEndpoint({
  id: 'admin.removeMicrosoftTenant',
  summary: 'Unlink a Microsoft Entra tenant from an organisation',
  description:
    "Its people can no longer sign in with Microsoft (their accounts and passwords are kept). A tenant that is not this organisation's 404. " +
    'Recorded as organisations.tenant_removed.',
  method: 'DELETE',
  path: '/admin/organisations/:organisationId/microsoft-tenants/:tenantId',
  access: ADMIN,
  params: microsoftTenantParamsSchema,
  status: 200,
  response: json(adminOrganisationSchema),
  errors: [404],
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

export const library = defineEndpoint({
  id: 'admin.library',
  summary: 'The shared regulatory library',
  description: `Its documents by code (editions of one code newest first), ${ADMIN_LIBRARY_PAGE_SIZE} a page, searched by code, title or file name and filtered by status.`,
  method: 'GET',
  path: '/admin/library',
  access: ADMIN,
  query: adminLibraryQuerySchema,
  status: 200,
  response: json(adminLibraryResponseSchema),
});

export const uploadLibraryDocument = defineEndpoint({
  id: 'admin.uploadLibraryDocument',
  summary: 'Add a document to the shared library',
  description:
    'The ingestion form (a PDF, Word, HTML, Markdown or text file with its details and tags), read through the same checks and job as ' +
    'the ingestion API; answered at once with the job to poll. The stored document is recorded as documents.ingested by the administrator.',
  method: 'POST',
  path: '/admin/library/documents',
  access: ADMIN,
  body: ingestDocumentFormSchema,
  bodyEncoding: 'multipart',
  status: 202,
  response: json(libraryJobSchema),
  errors: [413, 422],
});

export const updateLibraryDocument = defineEndpoint({
  id: 'admin.updateLibraryDocument',
  summary: "Change a library document's details",
  description:
    'Code, title, edition, status (superseded needs the code that replaced it), tags (category, domain, subdomain) or issuer. ' +
    'A change that alters nothing records nothing; otherwise documents.updated names the fields changed.',
  method: 'POST',
  path: '/admin/library/:documentId',
  access: ADMIN,
  params: libraryDocumentParamsSchema,
  body: updateLibraryDocumentSchema,
  status: 200,
  response: json(adminLibraryDocumentSchema),
  errors: [404],
});

export const supersedeLibraryDocument = defineEndpoint({
  id: 'admin.supersedeLibraryDocument',
  summary: 'Mark a library document superseded by another',
  description:
    'Sets the link both ways (this one superseded by the other’s code; the other lists this code as replaced) and tells everyone who relies ' +
    'on this document, once, through the superseded-regulation radar. Recorded as documents.superseded with how many were told.',
  method: 'POST',
  path: '/admin/library/:documentId/supersede',
  access: ADMIN,
  params: libraryDocumentParamsSchema,
  body: supersedeDocumentSchema,
  status: 200,
  response: json(supersedeDocumentResponseSchema),
  errors: [404, 409],
});

export const reindexLibraryDocument = defineEndpoint({
  id: 'admin.reindexLibraryDocument',
  summary: "Rebuild a library document's search index",
  description: 'Its search postings rebuilt from its text and, with semantic search configured, its vectors queued to be computed again.',
  method: 'POST',
  path: '/admin/library/:documentId/reindex',
  access: ADMIN,
  params: libraryDocumentParamsSchema,
  status: 200,
  response: json(reindexDocumentResponseSchema),
  errors: [404],
});

export const deleteLibraryDocument = defineEndpoint({
  id: 'admin.deleteLibraryDocument',
  summary: 'Delete a document from the shared library',
  description:
    'The document, its passages and favourites go; conversations that cited it keep their text. A seed document is refused (409): it ' +
    'would return at the next start, so mark it superseded instead. Recorded as documents.deleted with its code and title.',
  method: 'DELETE',
  path: '/admin/library/:documentId',
  access: ADMIN,
  params: libraryDocumentParamsSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [404, 409],
});

export const libraryJobs = defineEndpoint({
  id: 'admin.libraryJobs',
  summary: 'Ingestion jobs',
  description: `Every ingestion (admin uploads and the ingestion API), newest first, ${ADMIN_LIBRARY_JOBS_PAGE_SIZE} a page, with progress, errors and whether a failed one can be retried.`,
  method: 'GET',
  path: '/admin/library/jobs',
  access: ADMIN,
  query: libraryJobsQuerySchema,
  status: 200,
  response: json(libraryJobsResponseSchema),
});

export const libraryJob = defineEndpoint({
  id: 'admin.libraryJob',
  summary: 'One ingestion job',
  description: 'Polled while an upload is processed.',
  method: 'GET',
  path: '/admin/library/jobs/:jobId',
  access: ADMIN,
  params: libraryJobParamsSchema,
  status: 200,
  response: json(libraryJobSchema),
  errors: [404],
});

export const retryLibraryJob = defineEndpoint({
  id: 'admin.retryLibraryJob',
  summary: 'Retry a failed ingestion',
  description:
    'Queues it again from its first attempt while its file is kept (7 days after it failed); otherwise 409 asks for the file again. Recorded as jobs.retried.',
  method: 'POST',
  path: '/admin/library/jobs/:jobId/retry',
  access: ADMIN,
  params: libraryJobParamsSchema,
  status: 200,
  response: json(libraryJobSchema),
  errors: [404, 409],
});

export const checkConnections = defineEndpoint({
  id: 'admin.checkConnections',
  summary: 'Try the AI provider and the SMTP server now',
  description:
    'A few-token completion (and an embedding, with semantic search) from the configured provider, and an SMTP connection with sign-in, ' +
    'in parallel, each given 15 seconds and never retried. A failure names the kind of failure and the HTTP status, never a secret.',
  method: 'POST',
  path: '/admin/status/check',
  access: ADMIN,
  status: 200,
  response: json(connectionCheckSchema),
});
