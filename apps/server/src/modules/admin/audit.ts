import type { AuditEntry, AuditQuery } from '@verity/shared';
import { and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/connect.ts';
import { documents, events, organisations, users } from '../../db/schema.ts';
import { AUDIT_KINDS } from '../../core/events/types.ts';
import { csvRow } from '../../lib/csv.ts';
import { validationError } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like.ts';
import { addDays, londonMidnight } from '../../lib/london-days.ts';

/** The most entries one export holds: a year of a large trust's changes. */
export const AUDIT_EXPORT_MAX = 10_000;

/** The audit log's filter as SQL, or a 422 for a kind the log does not list. */
function conditionsOf(query: AuditQuery): SQL[] {
  const kinds: readonly string[] = AUDIT_KINDS;
  if (query.kind !== undefined && !kinds.includes(query.kind)) {
    throw validationError([{ loc: ['query', 'kind'], msg: `The audit log has no events of kind ${query.kind}` }]);
  }
  const conditions: SQL[] = [inArray(events.kind, query.kind ? [query.kind] : [...AUDIT_KINDS])];
  if (query.organisation_id) conditions.push(eq(events.organisationId, query.organisation_id));
  if (query.actor) {
    const pattern = containsPattern(query.actor);
    const actorMatch = or(ilike(users.email, pattern), ilike(sql`${users.firstname} || ' ' || ${users.surname}`, pattern));
    if (actorMatch) conditions.push(actorMatch);
  }
  if (query.from) conditions.push(gte(events.createdAt, londonMidnight(query.from)));
  if (query.to) conditions.push(lt(events.createdAt, londonMidnight(addDays(query.to, 1))));
  if (query.before) {
    const [ms, id] = query.before.split('_');
    const at = new Date(Number(ms));
    if (!id || Number.isNaN(at.getTime()))
      throw validationError([{ loc: ['query', 'before'], msg: 'before is the next_before of the previous page' }]);
    const older = or(lt(events.createdAt, at), and(eq(events.createdAt, at), lt(events.id, id)));
    if (older) conditions.push(older);
  }
  return conditions;
}

/** The person, organisation or document an entry is about, joined by the subject's id. */
const subjectUser = alias(users, 'subject_user');
const subjectOrganisation = alias(organisations, 'subject_organisation');
const subjectDocument = alias(documents, 'subject_document');

async function readEntries(db: Database, query: AuditQuery, limit: number): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: events.id,
      createdAt: events.createdAt,
      kind: events.kind,
      organisationId: events.organisationId,
      organisationName: organisations.name,
      actorId: users.id,
      firstname: users.firstname,
      surname: users.surname,
      email: users.email,
      ip: events.ip,
      subjectType: events.subjectType,
      subjectId: events.subjectId,
      subjectFirstname: subjectUser.firstname,
      subjectSurname: subjectUser.surname,
      subjectEmail: subjectUser.email,
      subjectOrganisationName: subjectOrganisation.name,
      subjectDocumentCode: subjectDocument.code,
      data: events.data,
    })
    .from(events)
    .leftJoin(users, eq(users.id, events.actorUserId))
    .leftJoin(organisations, eq(organisations.id, events.organisationId))
    .leftJoin(subjectUser, and(eq(events.subjectType, 'user'), eq(subjectUser.id, events.subjectId)))
    .leftJoin(subjectOrganisation, and(eq(events.subjectType, 'organisation'), eq(subjectOrganisation.id, events.subjectId)))
    .leftJoin(subjectDocument, and(eq(events.subjectType, 'document'), eq(subjectDocument.id, events.subjectId)))
    .where(and(...conditionsOf(query)))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    kind: row.kind,
    organisation: row.organisationId && row.organisationName ? { id: row.organisationId, name: row.organisationName } : null,
    actor: row.actorId ? { id: row.actorId, name: `${row.firstname ?? ''} ${row.surname ?? ''}`.trim(), email: row.email ?? '' } : null,
    ip: row.ip,
    subject: row.subjectType && row.subjectId ? { type: row.subjectType, id: row.subjectId, label: subjectLabel(row) } : null,
    data: row.data,
  }));
}

function subjectLabel(row: {
  subjectFirstname: string | null;
  subjectSurname: string | null;
  subjectEmail: string | null;
  subjectOrganisationName: string | null;
  subjectDocumentCode: string | null;
}): string | null {
  if (row.subjectEmail !== null) return `${row.subjectFirstname ?? ''} ${row.subjectSurname ?? ''}`.trim() || row.subjectEmail;
  return row.subjectOrganisationName ?? row.subjectDocumentCode;
}

/** One page of the log, newest first, and the cursor of the next. */
export async function auditPage(
  db: Database,
  query: AuditQuery,
): Promise<{ entries: AuditEntry[]; next_before: string | null; kinds: string[] }> {
  const entries = await readEntries(db, query, query.limit + 1);
  const page = entries.slice(0, query.limit);
  const last = page.at(-1);
  const next_before = entries.length > query.limit && last ? `${new Date(last.at).getTime()}_${last.id}` : null;
  return { entries: page, next_before, kinds: [...AUDIT_KINDS] };
}

/** The log as CSV, with the same filters, up to AUDIT_EXPORT_MAX entries. */
export async function auditCsv(db: Database, query: AuditQuery): Promise<string> {
  const entries = await readEntries(db, query, AUDIT_EXPORT_MAX);
  const header = csvRow([
    'When (UTC)',
    'Event',
    'Organisation',
    'Actor',
    'Actor e-mail',
    'Address',
    'Record type',
    'Record id',
    'Record',
    'Details',
  ]);
  return (
    header +
    entries
      .map((entry) =>
        csvRow([
          entry.at,
          entry.kind,
          entry.organisation?.name,
          entry.actor?.name,
          entry.actor?.email,
          entry.ip,
          entry.subject?.type,
          entry.subject?.id,
          entry.subject?.label,
          Object.keys(entry.data).length > 0 ? JSON.stringify(entry.data) : '',
        ]),
      )
      .join('')
  );
}
