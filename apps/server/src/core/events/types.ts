import {
  ANALYTICS_PATH_MAX_LENGTH,
  AUDIT_KINDS as AUDIT_KIND_NAMES,
  type AuditKind,
  FEATURE_FLAGS,
  FLAG_SCOPES,
  NAVIGATION_EVENTS,
  ONBOARDING_MODULE_KEYS,
  ROLES,
  writeKindSchema,
} from '@verity/shared';
import { z } from 'zod';

/**
 * The kinds of event, each with its own subject and data. Every data schema is strict: a field
 * not declared here is refused when the event is written, so a secret, a question or a passage
 * of a document cannot slip into the events table through a spread object. Data keys are
 * snake_case, as in the API, because an audit log will hand them to the browser unchanged.
 */

/** The tools whose use the dashboard counts as tasks by tool: chat, write, review and wiki search. */
export const USAGE_TOOLS = ['chat', 'write', 'review', 'wiki'] as const;
export type UsageTool = (typeof USAGE_TOOLS)[number];

const userSubject = z.strictObject({ type: z.literal('user'), id: z.string().min(1) });
const chatSessionSubject = z.strictObject({ type: z.literal('chat_session'), id: z.string().min(1) });
const documentSubject = z.strictObject({ type: z.literal('document'), id: z.string().min(1) });
const writeDocumentSubject = z.strictObject({ type: z.literal('write_document'), id: z.string().min(1) });
const reviewSubject = z.strictObject({ type: z.literal('review'), id: z.string().min(1) });
const organisationSubject = z.strictObject({ type: z.literal('organisation'), id: z.string().min(1) });
const tutorialSubject = z.strictObject({ type: z.literal('tutorial'), id: z.string().min(1) });
const noData = z.strictObject({});

export const SUBJECT_TYPES = ['user', 'chat_session', 'document', 'write_document', 'review', 'organisation', 'tutorial'] as const;
export type EventSubjectType = (typeof SUBJECT_TYPES)[number];

/** A question answered in chat. The documents it used are the event's document columns, not data. */
const chatQuestionAsked = z.strictObject({
  kind: z.literal('chat.question_asked'),
  // Null only on events recorded before events named their conversation.
  subject: chatSessionSubject.nullable(),
  data: noData,
});

const chatConversationDeleted = z.strictObject({
  kind: z.literal('chat.conversation_deleted'),
  subject: chatSessionSubject,
  // Not the title: it is made from the first question.
  data: noData,
});

/** The owner shared the conversation read-only with their organisation (only when it was private). */
const chatConversationShared = z.strictObject({
  kind: z.literal('chat.conversation_shared'),
  subject: chatSessionSubject,
  data: noData,
});

/** The owner stopped sharing it (only when it was shared). */
const chatConversationUnshared = z.strictObject({
  kind: z.literal('chat.conversation_unshared'),
  subject: chatSessionSubject,
  data: noData,
});

const signedIn = z.strictObject({
  kind: z.literal('auth.signed_in'),
  subject: userSubject,
  data: z.strictObject({ method: z.enum(['password', 'microsoft']) }),
});

const accountCreated = z.strictObject({
  kind: z.literal('auth.account_created'),
  subject: userSubject,
  data: z.strictObject({
    /** Self sign-up, `npm run create-admin` on the server, the first Microsoft sign-in, or a forum-only account. */
    via: z.enum(['sign_up', 'create_admin', 'microsoft', 'forum']),
    roles: z.array(z.enum(ROLES)),
    organisation_created: z.boolean(),
  }),
});

/** A Microsoft account was linked to an existing Verity account (by its verified e-mail address) at its first Microsoft sign-in. */
const ssoLinked = z.strictObject({
  kind: z.literal('auth.sso_linked'),
  subject: userSubject,
  data: z.strictObject({ provider: z.literal('microsoft') }),
});

/** The user was signed in to the community forum (a DiscourseConnect answer); whether the forum was told to ask for activation. */
const forumSignedOn = z.strictObject({
  kind: z.literal('auth.forum_signed_on'),
  subject: userSubject,
  data: z.strictObject({ require_activation: z.boolean() }),
});

const passwordReset = z.strictObject({
  kind: z.literal('auth.password_reset'),
  subject: userSubject,
  /** Whether following the link also verified the address (it proves the mailbox). */
  data: z.strictObject({ email_verified: z.boolean() }),
});

const emailVerified = z.strictObject({
  kind: z.literal('auth.email_verified'),
  subject: userSubject,
  data: noData,
});

/** A champion invited a person (the subject, a pending user) into their organisation. */
const invitationCreated = z.strictObject({
  kind: z.literal('invitations.created'),
  subject: userSubject,
  data: z.strictObject({ kind: z.enum(['email', 'link']) }),
});

/** A new link was e-mailed for a pending invitation: by a champion, or asked for by the invited person after it expired. */
const invitationResent = z.strictObject({
  kind: z.literal('invitations.resent'),
  subject: userSubject,
  data: z.strictObject({ by: z.enum(['champion', 'invitee']) }),
});

/**
 * A champion withdrew a pending invitation (modules/members): its pending account is gone and its
 * link says so. The subject is the id the champion was answered (the pending user's, or a held
 * invitation's own).
 */
const invitationRevoked = z.strictObject({
  kind: z.literal('invitations.revoked'),
  subject: userSubject,
  data: z.strictObject({ kind: z.enum(['email', 'link']) }),
});

/** The invited person completed their profile and signed in for the first time. */
const invitationAccepted = z.strictObject({
  kind: z.literal('invitations.accepted'),
  subject: userSubject,
  data: z.strictObject({ kind: z.enum(['email', 'link']) }),
});

const passwordChanged = z.strictObject({
  kind: z.literal('account.password_changed'),
  subject: userSubject,
  data: noData,
});

export const PROFILE_FIELDS = ['firstname', 'surname', 'job_title'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

const profileUpdated = z.strictObject({
  kind: z.literal('account.profile_updated'),
  subject: userSubject,
  /** The names of the fields that changed; their values are on the user. */
  data: z.strictObject({ fields: z.array(z.enum(PROFILE_FIELDS)).min(1) }),
});

const onboardingProgressed = z.strictObject({
  kind: z.literal('account.onboarding_progressed'),
  subject: userSubject,
  /** The modules newly completed (none on a restart), and whether every module is now done. */
  data: z.strictObject({
    completed: z.array(z.enum(ONBOARDING_MODULE_KEYS)),
    restarted: z.boolean(),
    onboarding_complete: z.boolean(),
  }),
});

const photoSet = z.strictObject({
  kind: z.literal('account.photo_set'),
  subject: userSubject,
  // Never the photo id: it is the secret that lets anyone holding it load the photo.
  data: z.strictObject({
    content_type: z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']),
    size: z.number().int().nonnegative(),
  }),
});

const photoRemoved = z.strictObject({
  kind: z.literal('account.photo_removed'),
  subject: userSubject,
  data: noData,
});

const documentIngested = z.strictObject({
  kind: z.literal('documents.ingested'),
  subject: documentSubject,
  data: z.discriminatedUnion('via', [
    z.strictObject({ via: z.literal('api'), job_id: z.string().min(1), filename: z.string() }),
    z.strictObject({ via: z.literal('cli'), filename: z.string() }),
  ]),
});

/** An administrator changed a library document's details: which fields (the values are the document's own). */
const documentUpdated = z.strictObject({
  kind: z.literal('documents.updated'),
  subject: documentSubject,
  data: z.strictObject({
    fields: z.array(z.enum(['code', 'title', 'edition', 'status', 'superseded_by', 'category', 'domain', 'subdomain', 'issuer'])).min(1),
  }),
});

/**
 * An administrator marked a document superseded by another (the link set both ways): the
 * replacement and how many people the radar told.
 */
const documentSuperseded = z.strictObject({
  kind: z.literal('documents.superseded'),
  subject: documentSubject,
  data: z.strictObject({ superseded_by: z.string().min(1), told: z.number().int().min(0) }),
});

/** An administrator rebuilt a document's search postings (and, with semantic search, its vectors). */
const documentReindexed = z.strictObject({ kind: z.literal('documents.reindexed'), subject: documentSubject, data: noData });

/** An administrator deleted a document; its code and title, since the record is gone. */
const documentDeleted = z.strictObject({
  kind: z.literal('documents.deleted'),
  subject: documentSubject,
  data: z.strictObject({ code: z.string().max(200), title: z.string().max(600) }),
});

/** An administrator wrote a new tutorial: its address. */
const tutorialCreated = z.strictObject({
  kind: z.literal('tutorials.created'),
  subject: tutorialSubject,
  data: z.strictObject({ slug: z.string().min(1).max(80) }),
});

/** An administrator changed a tutorial: which fields, and whether it is now published. */
const tutorialUpdated = z.strictObject({
  kind: z.literal('tutorials.updated'),
  subject: tutorialSubject,
  data: z.strictObject({
    fields: z.array(z.enum(['slug', 'title', 'summary', 'body', 'video_url', 'published'])).min(1),
    published: z.boolean(),
  }),
});

/** An administrator put the tutorials in a new order. */
const tutorialsReordered = z.strictObject({
  kind: z.literal('tutorials.reordered'),
  subject: z.null(),
  data: z.strictObject({ count: z.number().int().min(1) }),
});

/** An administrator queued a failed job again. */
const jobRetried = z.strictObject({
  kind: z.literal('jobs.retried'),
  subject: z.null(),
  data: z.strictObject({ job_id: z.string().min(1), job_kind: z.string().min(1) }),
});

const favouriteSet = z.strictObject({
  kind: z.literal('documents.favourite_set'),
  subject: documentSubject,
  /** True when the document became a favourite, false when it stopped being one. */
  data: z.strictObject({ like: z.boolean() }),
});

/**
 * A signed-in user opened a document in the reader (GET of a document by id or by file name).
 * Home lists a user's recently opened documents from these.
 */
/**
 * A search of the library in the wiki (a use of the tool; the first page of a search only, never its
 * words): how many documents matched and whether filters narrowed it. The documents on the first
 * page are the event's document columns, so the dashboard sees which subdomains searches touched.
 */
const documentsSearched = z.strictObject({
  kind: z.literal('documents.searched'),
  subject: userSubject,
  data: z.strictObject({ results: z.number().int().nonnegative(), filtered: z.boolean() }),
});

const documentOpened = z.strictObject({
  kind: z.literal('documents.opened'),
  subject: documentSubject,
  data: noData,
});

const count = z.number().int().nonnegative();

/**
 * The writing assistant wrote a document from a transcript (a use of the tool). Counts only, never
 * the title, names or text; the library documents it refers to are the event's document columns.
 */
const writeGenerated = z.strictObject({
  kind: z.literal('write.generated'),
  subject: writeDocumentSubject,
  data: z.strictObject({
    kind: writeKindSchema,
    /** 'builtin' or 'provider:{provider}:{model}'. */
    engine: z.string().min(1),
    lines: count,
    attendees: count,
    decisions: count,
    actions: count,
    references: count,
  }),
});

/** The author downloaded the document as Word. */
const writeExported = z.strictObject({
  kind: z.literal('write.exported'),
  subject: writeDocumentSubject,
  data: z.strictObject({ kind: writeKindSchema }),
});

const writeDocumentDeleted = z.strictObject({
  kind: z.literal('write.document_deleted'),
  subject: writeDocumentSubject,
  // Not the title: it is often the meeting's name.
  data: noData,
});

/**
 * The review assistant reviewed a policy (a use of the tool). Counts only, never the title, the
 * file name or the policy's text; the library documents its findings cite are the event's document columns.
 */
const reviewCompleted = z.strictObject({
  kind: z.literal('review.completed'),
  subject: reviewSubject,
  data: z.strictObject({
    /** 'builtin' for the built-in reviewer. */
    engine: z.string().min(1),
    /** The policy's format as read (pdf, docx, markdown, text). */
    format: z.string().min(1),
    elements: count,
    pages: count,
    findings: count,
    /** Whether it reviews a new version of an earlier review. */
    version: z.boolean(),
  }),
});

/** Someone downloaded a review as Word for the governance committee (not a use of the tool: the review was). */
const reviewExported = z.strictObject({
  kind: z.literal('review.exported'),
  subject: reviewSubject,
  data: z.strictObject({ findings: count, dismissed: count }),
});

/** When a web analytics event happened in the browser (ISO 8601, as the browser sent it). */
const occurredAt = z.string().min(1);

/** The web app's navigation menu was used (POST /api/analytics/events); `event` is the item's analytics name. */
const webNavigated = z.strictObject({
  kind: z.literal('web.navigated'),
  subject: userSubject,
  data: z.strictObject({ event: z.enum(NAVIGATION_EVENTS), occurred_at: occurredAt }),
});

/** A page of the web app was shown: its path only, never a query string. */
const webPageViewed = z.strictObject({
  kind: z.literal('web.page_viewed'),
  subject: userSubject,
  data: z.strictObject({ path: z.string().min(1).max(ANALYTICS_PATH_MAX_LENGTH), occurred_at: occurredAt }),
});

/** The notifications modal was opened. */
const notificationsModalOpened = z.strictObject({
  kind: z.literal('notifications.modal_opened'),
  subject: userSubject,
  data: z.strictObject({ occurred_at: occurredAt }),
});

/** The modal marked the unread notifications read: how many and which (ids only). */
const notificationsMarkedAsRead = z.strictObject({
  kind: z.literal('notifications.marked_as_read'),
  subject: userSubject,
  data: z.strictObject({ count, ids: z.array(z.string().min(1)), occurred_at: occurredAt }),
});

/** A person signed up with an address in a domain the organisation verified and asks to join it (they hold no role yet). */
const joinRequested = z.strictObject({
  kind: z.literal('join.requested'),
  subject: userSubject,
  data: z.strictObject({ domain: z.string().min(1).max(253) }),
});

/** A champion approved a request to join: the person is a member with this role. */
const joinApproved = z.strictObject({
  kind: z.literal('join.approved'),
  subject: userSubject,
  data: z.strictObject({ role: z.enum(ROLES) }),
});

/** A champion declined a request to join. */
const joinDeclined = z.strictObject({
  kind: z.literal('join.declined'),
  subject: userSubject,
  data: noData,
});

/** A person whose request was declined started their own organisation (recorded in the new one). */
const joinOrganisationStarted = z.strictObject({
  kind: z.literal('join.organisation_started'),
  subject: userSubject,
  data: z.strictObject({ name: z.string().min(1).max(253) }),
});

/** A person waiting for approval, or declined, withdrew and closed their account (the event stays in the organisation). */
const joinLeft = z.strictObject({
  kind: z.literal('join.left'),
  subject: userSubject,
  data: z.strictObject({ status: z.enum(['pending', 'declined']) }),
});

/** A champion asked Verity to confirm that their organisation owns the domain of their own address. */
const joinDomainRequested = z.strictObject({
  kind: z.literal('join.domain_requested'),
  subject: organisationSubject,
  data: z.strictObject({ domain: z.string().min(1).max(253) }),
});

/** An administrator refused a champion's request for a domain. */
const joinDomainRefused = z.strictObject({
  kind: z.literal('join.domain_refused'),
  subject: organisationSubject,
  data: z.strictObject({ domain: z.string().min(1).max(253) }),
});

/** An e-mail domain was approved for an organisation: by an administrator (`npm run org-domain`), or the demo's at seeding. */
const domainApproved = z.strictObject({
  kind: z.literal('organisations.domain_approved'),
  subject: z.null(),
  data: z.strictObject({ domain: z.string().min(1).max(253), via: z.enum(['command_line', 'demo_seed', 'admin']) }),
});

/**
 * A feature flag was set or cleared (`enabled: null`) for everyone, a role or an organisation, by an
 * administrator at the server (`npm run flags`). Belongs to the organisation only when set for one.
 */
const flagChanged = z.strictObject({
  kind: z.literal('flags.changed'),
  subject: z.null(),
  data: z.strictObject({
    flag: z.enum(FEATURE_FLAGS),
    scope: z.enum(FLAG_SCOPES),
    role: z.enum(ROLES).nullable(),
    enabled: z.boolean().nullable(),
    via: z.enum(['command_line', 'admin']),
  }),
});

/** An administrator deleted a deactivated organisation and everything of it: its name and how much went (its id is gone with it). */
const organisationDeleted = z.strictObject({
  kind: z.literal('organisations.deleted'),
  subject: z.null(),
  data: z.strictObject({ name: z.string().min(1).max(200), members: count, rows: count }),
});

/** An administrator linked a Microsoft Entra tenant to the organisation, or unlinked it. */
const tenantAdded = z.strictObject({
  kind: z.literal('organisations.tenant_added'),
  subject: organisationSubject,
  data: z.strictObject({ tenant_id: z.string().min(1).max(64) }),
});
const tenantRemoved = z.strictObject({
  kind: z.literal('organisations.tenant_removed'),
  subject: organisationSubject,
  data: z.strictObject({ tenant_id: z.string().min(1).max(64) }),
});

/** An administrator created an organisation (the admin area); it belongs to that organisation. */
const organisationCreated = z.strictObject({
  kind: z.literal('organisations.created'),
  subject: organisationSubject,
  data: z.strictObject({ name: z.string().min(1).max(200) }),
});

/** An administrator renamed an organisation: its new name (the old one is the previous event's). */
const organisationRenamed = z.strictObject({
  kind: z.literal('organisations.renamed'),
  subject: organisationSubject,
  data: z.strictObject({ name: z.string().min(1).max(200) }),
});

/** An administrator deactivated an organisation (its members cannot sign in; its data is kept), or reactivated it. */
const organisationDeactivated = z.strictObject({
  kind: z.literal('organisations.deactivated'),
  subject: organisationSubject,
  data: noData,
});
const organisationReactivated = z.strictObject({
  kind: z.literal('organisations.reactivated'),
  subject: organisationSubject,
  data: noData,
});

/** An administrator or a champion of the person's organisation changed their roles: the roles they now hold. */
const rolesChanged = z.strictObject({
  kind: z.literal('account.roles_changed'),
  subject: userSubject,
  data: z.strictObject({ roles: z.array(z.enum(ROLES)).min(1) }),
});

/**
 * An administrator or a champion of the person's organisation deactivated them (sessions ended,
 * sign-in refused, work kept), or reactivated them.
 */
const accountDeactivated = z.strictObject({ kind: z.literal('account.deactivated'), subject: userSubject, data: noData });
const accountReactivated = z.strictObject({ kind: z.literal('account.reactivated'), subject: userSubject, data: noData });

/**
 * A champion handed a member's work (the subject) over to another active member of the
 * organisation: how many of each kind of record changed owner.
 */
const workHandedOver = z.strictObject({
  kind: z.literal('account.work_handed_over'),
  subject: userSubject,
  data: z.strictObject({
    to_user_id: z.string().min(1),
    write_documents: z.number().int().nonnegative(),
    reviews: z.number().int().nonnegative(),
    library_documents: z.number().int().nonnegative(),
  }),
});

/** An administrator ended every session of a person. */
const signedOutEverywhere = z.strictObject({ kind: z.literal('account.signed_out_everywhere'), subject: userSubject, data: noData });

/** An administrator sent a person a new link to verify their address. */
const verificationResent = z.strictObject({ kind: z.literal('auth.verification_resent'), subject: userSubject, data: noData });

/** An administrator read the text of an e-mail kept in the outbox (it may hold a sign-in link). */
const outboxRead = z.strictObject({
  kind: z.literal('mail.outbox_read'),
  subject: z.null(),
  data: z.strictObject({ message_id: z.string().min(1), to: z.string().min(1).max(320) }),
});

/**
 * An administrator broadcast a notification: to whom and how many it reached. Belongs to the
 * organisation only when sent to one.
 */
const broadcastSent = z.strictObject({
  kind: z.literal('notifications.broadcast'),
  subject: z.null(),
  data: z.strictObject({
    title: z.string().min(1).max(120),
    audience: z.enum(['everyone', 'organisation', 'role']),
    role: z.enum(ROLES).nullable(),
    recipients: z.number().int().min(0),
  }),
});

/** What makes one event of each kind: `{ kind, subject, data }`. */
export const eventSchema = z.discriminatedUnion('kind', [
  joinDomainRequested,
  joinDomainRefused,
  joinRequested,
  joinApproved,
  joinDeclined,
  joinOrganisationStarted,
  joinLeft,
  chatQuestionAsked,
  chatConversationDeleted,
  chatConversationShared,
  chatConversationUnshared,
  signedIn,
  accountCreated,
  ssoLinked,
  forumSignedOn,
  passwordReset,
  emailVerified,
  passwordChanged,
  domainApproved,
  tenantAdded,
  tenantRemoved,
  organisationDeleted,
  organisationCreated,
  organisationRenamed,
  organisationDeactivated,
  organisationReactivated,
  rolesChanged,
  workHandedOver,
  accountDeactivated,
  accountReactivated,
  signedOutEverywhere,
  verificationResent,
  outboxRead,
  broadcastSent,
  flagChanged,
  invitationCreated,
  invitationResent,
  invitationRevoked,
  invitationAccepted,
  profileUpdated,
  onboardingProgressed,
  photoSet,
  photoRemoved,
  documentIngested,
  documentUpdated,
  documentSuperseded,
  documentReindexed,
  documentDeleted,
  jobRetried,
  tutorialCreated,
  tutorialUpdated,
  tutorialsReordered,
  favouriteSet,
  documentOpened,
  documentsSearched,
  writeGenerated,
  writeExported,
  writeDocumentDeleted,
  reviewCompleted,
  reviewExported,
  webNavigated,
  webPageViewed,
  notificationsModalOpened,
  notificationsMarkedAsRead,
]);

export type EventBody = z.infer<typeof eventSchema>;
export type EventKind = EventBody['kind'];
export type EventBodyOf<K extends EventKind> = Extract<EventBody, { kind: K }>;

/** Who did it and for which organisation; every kind but a library ingest belongs to an organisation. */
interface Scoped {
  organisationId: string;
  /** Null for the system or an operator at the server. */
  actorUserId: string | null;
}

/**
 * An event to record. A use of a tool also names the library documents it used; those become
 * the event's document and subdomain columns, checked against what the organisation may see.
 */
export type NewEvent =
  | (EventBodyOf<'chat.question_asked' | 'write.generated' | 'review.completed' | 'documents.searched'> &
      Scoped & { documentIds: readonly string[] })
  // A document added to the shared library belongs to no organisation; it is added by an
  // administrator in the admin area, or by no user (the ingestion API's token or the command line).
  | (EventBodyOf<'documents.ingested'> & { organisationId: string | null; actorUserId: string | null })
  // An administrator's change to the shared library belongs to no organisation.
  | (EventBodyOf<'documents.updated' | 'documents.superseded' | 'documents.reindexed' | 'documents.deleted'> & {
      organisationId: string | null;
      actorUserId: string;
    })
  // A retried job, the product's tutorials and a deleted organisation (gone with it) belong to no organisation.
  | (EventBodyOf<'jobs.retried' | 'tutorials.created' | 'tutorials.updated' | 'tutorials.reordered' | 'organisations.deleted'> & {
      organisationId: null;
      actorUserId: string;
    })
  // A flag set for everyone or for a role belongs to no organisation; one set at the command line has no user.
  | (EventBodyOf<'flags.changed'> & { organisationId: string | null; actorUserId: string | null })
  // A broadcast to everyone or to a role belongs to no organisation.
  | (EventBodyOf<'notifications.broadcast'> & { organisationId: string | null; actorUserId: string })
  | (Exclude<
      EventBody,
      {
        kind:
          | 'chat.question_asked'
          | 'write.generated'
          | 'review.completed'
          | 'documents.searched'
          | 'documents.ingested'
          | 'documents.updated'
          | 'documents.superseded'
          | 'documents.reindexed'
          | 'documents.deleted'
          | 'jobs.retried'
          | 'tutorials.created'
          | 'tutorials.updated'
          | 'tutorials.reordered'
          | 'organisations.deleted'
          | 'flags.changed'
          | 'notifications.broadcast';
      }
    > &
      Scoped);

/** The tool each kind of event is a use of; kinds not listed are not uses of a tool. */
export const TOOL_OF_KIND: Partial<Record<EventKind, UsageTool>> = {
  'chat.question_asked': 'chat',
  'write.generated': 'write',
  'review.completed': 'review',
  'documents.searched': 'wiki',
};

/** A stored event as readers (dashboard, reports, audit log) see it: the typed body and the common columns. */
export type RecordedEvent = EventBody & {
  id: string;
  organisationId: string | null;
  actorUserId: string | null;
  tool: UsageTool | null;
  documentIds: string[];
  subdomains: string[];
  createdAt: Date;
};

export type RecordedEventOf<K extends EventKind> = Extract<RecordedEvent, { kind: K }>;

/**
 * The kinds an administrator's audit log lists (the list is shared, so the admin area names every
 * one): each of them an event kind, which this assignment checks.
 */
export const AUDIT_KINDS: readonly AuditKind[] & readonly EventKind[] = AUDIT_KIND_NAMES;

export const ACTIVITY_KINDS = [
  'chat.question_asked',
  'documents.searched',
  'documents.opened',
  'documents.favourite_set',
  'write.generated',
  'write.exported',
  'review.completed',
  'review.exported',
  'account.onboarding_progressed',
  'web.navigated',
  'web.page_viewed',
  'notifications.modal_opened',
  'notifications.marked_as_read',
] as const satisfies readonly EventKind[];
