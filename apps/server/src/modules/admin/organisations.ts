import type { AdminOrganisation } from '@verity/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, asc, countDistinct, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { events, microsoftTenants, organisationDomains, organisations, users } from '../../db/schema.ts';
import { identityChanged } from '../../core/identity/cache.ts';
import { createOrganisation } from '../../core/identity/organisations.ts';
import { recordEvent } from '../../core/events/service.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/** How far back a member counts as active: the dashboard's default period. */
const ACTIVE_DAYS = 30;

/**
 * Every organisation by name (or only `only`), with its members, those active lately and its
 * domains: four queries however many organisations there are.
 */
export async function listOrganisations(db: Database, options: { only?: string; now?: Date } = {}): Promise<AdminOrganisation[]> {
  const since = new Date((options.now ?? new Date()).getTime() - ACTIVE_DAYS * 86_400_000);
  const scope = (column: AnyPgColumn) => (options.only ? eq(column, options.only) : undefined);
  const [rows, members, active, domains, tenants] = await Promise.all([
    db.select().from(organisations).where(scope(organisations.id)).orderBy(asc(organisations.name), asc(organisations.id)),
    db
      .select({ organisationId: users.organisationId, n: countDistinct(users.id) })
      .from(users)
      .where(and(isNull(users.disabledAt), scope(users.organisationId)))
      .groupBy(users.organisationId),
    db
      .select({ organisationId: events.organisationId, n: countDistinct(events.actorUserId) })
      .from(events)
      .where(and(eq(events.kind, 'auth.signed_in'), gte(events.createdAt, since), scope(events.organisationId)))
      .groupBy(events.organisationId),
    db.select().from(organisationDomains).where(scope(organisationDomains.organisationId)).orderBy(asc(organisationDomains.domain)),
    db.select().from(microsoftTenants).where(scope(microsoftTenants.organisationId)).orderBy(asc(microsoftTenants.tenantId)),
  ]);
  const count = (list: { organisationId: string | null; n: number }[]) => new Map(list.map((row) => [row.organisationId, Number(row.n)]));
  const memberCounts = count(members);
  const activeCounts = count(active);
  const domainsOf = new Map<string, string[]>();
  for (const row of domains) domainsOf.set(row.organisationId, [...(domainsOf.get(row.organisationId) ?? []), row.domain]);
  const tenantsOf = new Map<string, string[]>();
  for (const row of tenants) tenantsOf.set(row.organisationId, [...(tenantsOf.get(row.organisationId) ?? []), row.tenantId]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    active: row.deactivatedAt === null,
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    members: memberCounts.get(row.id) ?? 0,
    active_members: activeCounts.get(row.id) ?? 0,
    domains: domainsOf.get(row.id) ?? [],
    microsoft_tenants: tenantsOf.get(row.id) ?? [],
  }));
}

async function presented(db: Database, organisationId: string): Promise<AdminOrganisation> {
  const [found] = await listOrganisations(db, { only: organisationId });
  if (!found) throw notFound('There is no organisation with that id.');
  return found;
}

/** A name is one organisation's only, compared without case or surrounding spaces. */
async function refuseTakenName(db: Database, name: string, except?: string): Promise<void> {
  const conditions = [sql`lower(${organisations.name}) = ${name.trim().toLowerCase()}`];
  if (except) conditions.push(ne(organisations.id, except));
  const [taken] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(and(...conditions))
    .limit(1);
  if (taken) throw new AppError(409, 'Another organisation already has that name.');
}

export async function createOrganisationAsAdmin(options: { db: Database; adminId: string; name: string }): Promise<AdminOrganisation> {
  const { db, adminId } = options;
  const created = await db.transaction(async (tx) => {
    await refuseTakenName(tx, options.name);
    const organisation = await createOrganisation({ db: tx, name: options.name });
    await recordEvent(tx, {
      kind: 'organisations.created',
      organisationId: organisation.id,
      actorUserId: adminId,
      subject: { type: 'organisation', id: organisation.id },
      data: { name: organisation.name },
    });
    return organisation;
  });
  return presented(db, created.id);
}

/** Renames and/or (de)activates; each change that really changes something is one event. */
export async function updateOrganisationAsAdmin(options: {
  db: Database;
  adminId: string;
  organisationId: string;
  name?: string;
  active?: boolean;
}): Promise<AdminOrganisation> {
  const { db, adminId, organisationId } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).limit(1).for('update');
    if (!row) throw notFound('There is no organisation with that id.');
    const scope = { organisationId, actorUserId: adminId, subject: { type: 'organisation', id: organisationId } } as const;
    const name = options.name?.trim();
    if (name !== undefined && name !== row.name) {
      await refuseTakenName(tx, name, organisationId);
      await tx.update(organisations).set({ name, updatedAt: new Date() }).where(eq(organisations.id, organisationId));
      await recordEvent(tx, { kind: 'organisations.renamed', ...scope, data: { name } });
    }
    if (options.active !== undefined && options.active !== (row.deactivatedAt === null)) {
      await tx
        .update(organisations)
        .set({ deactivatedAt: options.active ? null : new Date(), updatedAt: new Date() })
        .where(eq(organisations.id, organisationId));
      await recordEvent(tx, { kind: options.active ? 'organisations.reactivated' : 'organisations.deactivated', ...scope, data: {} });
    }
  });
  // This process's next request sees the change at once; the others hear of it from the database.
  identityChanged({ kind: 'organisation', id: organisationId });
  return presented(db, organisationId);
}

/**
 * Links a Microsoft Entra tenant to the organisation: its people then sign in with Microsoft into
 * it. A tenant signs into one organisation only; linking it again to the same one changes nothing.
 */
export async function addMicrosoftTenant(options: {
  db: Database;
  adminId: string;
  organisationId: string;
  tenantId: string;
}): Promise<AdminOrganisation> {
  const { db, adminId, organisationId, tenantId } = options;
  await db.transaction(async (tx) => {
    const [organisation] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .limit(1);
    if (!organisation) throw notFound('There is no organisation with that id.');
    const [held] = await tx.select().from(microsoftTenants).where(eq(microsoftTenants.tenantId, tenantId)).limit(1);
    if (held) {
      if (held.organisationId === organisationId) return;
      throw new AppError(409, 'That Microsoft tenant is already linked to another organisation. Unlink it there first.');
    }
    await tx.insert(microsoftTenants).values({ tenantId, organisationId, addedBy: adminId });
    await recordTenantChange(tx, 'organisations.tenant_added', { organisationId, adminId, tenantId });
  });
  return presented(db, organisationId);
}

/** Unlinks a tenant from the organisation: its people can no longer sign in with Microsoft; their accounts stay. */
export async function removeMicrosoftTenant(options: {
  db: Database;
  adminId: string;
  organisationId: string;
  tenantId: string;
}): Promise<AdminOrganisation> {
  const { db, adminId, organisationId, tenantId } = options;
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(microsoftTenants)
      .where(and(eq(microsoftTenants.tenantId, tenantId), eq(microsoftTenants.organisationId, organisationId)))
      .returning({ tenantId: microsoftTenants.tenantId });
    if (!removed) throw notFound('That Microsoft tenant is not linked to this organisation.');
    await recordTenantChange(tx, 'organisations.tenant_removed', { organisationId, adminId, tenantId });
  });
  return presented(db, organisationId);
}

/** A tenant linked to or unlinked from an organisation, in the audit log. */
async function recordTenantChange(
  tx: Database,
  kind: 'organisations.tenant_added' | 'organisations.tenant_removed',
  change: { organisationId: string; adminId: string; tenantId: string },
): Promise<void> {
  await recordEvent(tx, {
    kind,
    organisationId: change.organisationId,
    actorUserId: change.adminId,
    subject: { type: 'organisation', id: change.organisationId },
    data: { tenant_id: change.tenantId },
  });
}
