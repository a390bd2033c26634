import type { AuditEntry, AuditKind } from '@verity/shared';
import { onFirstUse } from '../../lib/on-first-use';

/** What each kind of audit entry means, in words (every kind the log lists has one; a kind from a newer server shows as written). */
const KIND_LABELS: Record<AuditKind, string> = {
  'auth.signed_in': 'Signed in',
  'auth.account_created': 'Account created',
  'auth.password_reset': 'Password reset',
  'auth.email_verified': 'E-mail address verified',
  'account.password_changed': 'Password changed',
  'account.profile_updated': 'Profile updated',
  'account.photo_set': 'Profile photo set',
  'account.photo_removed': 'Profile photo removed',
  'account.roles_changed': 'Roles changed',
  'account.deactivated': 'Account deactivated',
  'account.reactivated': 'Account reactivated',
  'account.signed_out_everywhere': 'Signed out everywhere',
  'account.work_handed_over': 'Work handed over',
  'auth.verification_resent': 'Verification link sent again',
  'auth.sso_linked': 'Microsoft account linked',
  'auth.forum_signed_on': 'Signed in to the forum',
  'invitations.created': 'Invitation created',
  'invitations.resent': 'Invitation sent again',
  'invitations.revoked': 'Invitation withdrawn',
  'invitations.accepted': 'Invitation accepted',
  'join.requested': 'Asked to join',
  'join.approved': 'Request to join approved',
  'join.declined': 'Request to join declined',
  'join.organisation_started': 'Own organisation started',
  'join.left': 'Request to join withdrawn',
  'join.domain_requested': 'E-mail domain requested',
  'join.domain_refused': 'E-mail domain request refused',
  'chat.conversation_deleted': 'Conversation deleted',
  'chat.conversation_shared': 'Conversation shared',
  'chat.conversation_unshared': 'Conversation made private',
  'write.document_deleted': 'Written document deleted',
  'documents.ingested': 'Library document added',
  'documents.updated': 'Library document details changed',
  'documents.superseded': 'Library document marked superseded',
  'documents.reindexed': 'Library document re-indexed',
  'documents.deleted': 'Library document deleted',
  'jobs.retried': 'Ingestion retried',
  'tutorials.created': 'Tutorial created',
  'tutorials.updated': 'Tutorial changed',
  'tutorials.reordered': 'Tutorials reordered',
  'organisations.created': 'Organisation created',
  'organisations.renamed': 'Organisation renamed',
  'organisations.deactivated': 'Organisation deactivated',
  'organisations.reactivated': 'Organisation reactivated',
  'organisations.domain_approved': 'E-mail domain approved',
  'organisations.tenant_added': 'Microsoft tenant linked',
  'organisations.tenant_removed': 'Microsoft tenant unlinked',
  'organisations.deleted': 'Organisation deleted',
  'flags.changed': 'Feature flag changed',
  'mail.outbox_read': 'Outbox e-mail read',
  'notifications.broadcast': 'Notification broadcast',
};

export function auditKindLabel(kind: string): string {
  return (KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

const RECORD_TYPES: Record<string, string> = {
  user: 'Person',
  organisation: 'Organisation',
  chat_session: 'Conversation',
  document: 'Library document',
  write_document: 'Written document',
  review: 'Review',
  tutorial: 'Tutorial',
};

/** The record an entry is about: the person's or organisation's name, else the kind of record. */
export function auditRecord(entry: Pick<AuditEntry, 'subject'>): string {
  if (!entry.subject) return '—';
  return entry.subject.label ?? RECORD_TYPES[entry.subject.type] ?? entry.subject.type.replaceAll('_', ' ');
}

const VIA: Record<string, string> = {
  admin: 'in the admin area',
  command_line: 'at the command line',
  demo_seed: 'by the demo seed',
  sign_up: 'by signing up',
  create_admin: 'by create-admin',
  microsoft: 'at the first Microsoft sign-in',
  forum: 'as a forum-only account',
};

/** What a handover moved, in the singular and plural. */
const HANDED_OVER: Record<string, [string, string]> = {
  write_documents: ['written document', 'written documents'],
  reviews: ['review', 'reviews'],
  library_documents: ['data-library document', 'data-library documents'],
};

/** One field of an entry in words, or null to leave it out. */
function detail(key: string, value: unknown, data: Record<string, unknown>): string | null {
  switch (key) {
    case 'name':
      return `“${String(value)}”`;
    case 'flag':
      return String(value);
    case 'scope':
      if (value === 'role') return `for the ${String(data.role ?? '').replaceAll('_', ' ')} role`;
      return value === 'global' ? 'for everyone' : 'for one organisation';
    case 'role':
      // A flag's role is said with its scope; an approval's is the role given.
      return data.scope === undefined ? `as ${String(value).replaceAll('_', ' ')}` : null;
    case 'roles':
      return Array.isArray(value) ? `as ${value.map((role) => String(role).replaceAll('_', ' ')).join(' + ')}` : null;
    case 'organisation_created':
      return value === true ? 'with a new organisation' : null;
    case 'enabled':
      return value === true ? 'turned on' : value === false ? 'turned off' : 'setting cleared';
    case 'via':
      return VIA[String(value)] ?? `through ${String(value).replaceAll('_', ' ')}`;
    case 'kind':
      return value === 'link' ? 'as a link' : value === 'email' ? 'by e-mail' : String(value);
    case 'method':
      return value === 'password' ? 'with a password' : value === 'microsoft' ? 'with Microsoft' : `with ${String(value)}`;
    case 'provider':
      return value === 'microsoft' ? 'Microsoft' : String(value);
    case 'require_activation':
      return value === true ? 'the forum asks to confirm the address' : null;
    case 'members':
      return typeof value === 'number' ? `${value} ${value === 1 ? 'member' : 'members'}` : null;
    case 'rows':
      return typeof value === 'number' ? `${value.toLocaleString('en-GB')} records removed` : null;
    case 'tenant_id':
      return `tenant ${String(value)}`;
    case 'fields':
      return Array.isArray(value) ? `changed ${value.map((field) => String(field).replaceAll('_', ' ')).join(', ')}` : null;
    case 'told':
      return typeof value === 'number' ? `${value} ${value === 1 ? 'person' : 'people'} told` : null;
    case 'status':
      return value === 'pending' ? 'while waiting for approval' : value === 'declined' ? 'after being declined' : String(value);
    case 'published':
      return value === true ? 'published' : 'not published';
    case 'count':
      return typeof value === 'number' ? `${value} ${value === 1 ? 'tutorial' : 'tutorials'}` : null;
    case 'write_documents':
    case 'reviews':
    case 'library_documents': {
      if (typeof value !== 'number' || value === 0) return null;
      const [one, many] = HANDED_OVER[key] ?? [key, key];
      return `${value} ${value === 1 ? one : many}`;
    }
    case 'superseded_by':
    case 'job_kind':
    case 'to_user_id':
      return null;
    case 'email_verified':
      return value === true ? 'address verified too' : null;
    default:
      if (value === null || value === undefined || typeof value === 'object') return null;
      return `${key.replaceAll('_', ' ')}: ${String(value)}`;
  }
}

/** The entry's own fields as a short line: "workforce-reports · for one organisation · turned off · in the admin area". */
export function auditDetails(entry: Pick<AuditEntry, 'data'>): string {
  return Object.entries(entry.data)
    .map(([key, value]) => detail(key, value, entry.data))
    .filter((text): text is string => text !== null)
    .join(' · ');
}

const WHEN = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Europe/London',
    }),
);

/** When, in UK time as the audit log's date filters count days: "27/11/2026, 09:15". */
export function auditTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : WHEN().format(time);
}
