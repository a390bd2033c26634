import { isSharedEmailDomain } from '@verity/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { organisationDomains, organisations } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { recordEvent } from '../events/service.ts';

export type Organisation = typeof organisations.$inferSelect;

export async function createOrganisation(options: { db: Database; name: string }): Promise<Organisation> {
  const [row] = await options.db.insert(organisations).values({ id: newId(), name: options.name.trim() }).returning();
  if (!row) throw new Error('organisation insert returned nothing');
  return row;
}

export async function findOrganisationByName(db: Database, name: string): Promise<Organisation | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.name, name)).limit(1);
  return row;
}

export async function findOrganisation(db: Database, idOrName: string): Promise<Organisation | undefined> {
  const [byId] = await db.select().from(organisations).where(eq(organisations.id, idOrName)).limit(1);
  return byId ?? (await findOrganisationByName(db, idOrName));
}

/** The names of these organisations, by id (one query; an unknown id is left out). */
export async function organisationNames(db: Database, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(inArray(organisations.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The domain of an e-mail address, lower case. */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** A domain as stored: lower case, no "@", no trailing dot; null when it is not a domain name. */
export function normaliseDomain(raw: string): string | null {
  const domain = raw.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  return /^(?=.{3,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain) ? domain : null;
}

/**
 * Records that the organisation owns the domain, as a Verity administrator approved it (by the
 * command line, or a champion's request in the admin area; the audit event in the same
 * transaction). Approving one twice changes nothing.
 */
export async function approveDomain(options: {
  db: Database;
  organisationId: string;
  domain: string;
  approvedBy: string;
  via: 'command_line' | 'demo_seed' | 'admin';
  /** The administrator, when approved in the admin area. */
  actorUserId?: string | null;
}): Promise<{ added: boolean }> {
  return options.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(organisationDomains)
      .values({ organisationId: options.organisationId, domain: options.domain, approvedBy: options.approvedBy })
      .onConflictDoNothing()
      .returning({ domain: organisationDomains.domain });
    if (!row) return { added: false };
    await recordEvent(tx, {
      kind: 'organisations.domain_approved',
      organisationId: options.organisationId,
      actorUserId: options.actorUserId ?? null,
      subject: null,
      data: { domain: options.domain, via: options.via },
    });
    return { added: true };
  });
}

/** Whether the address is in one of the organisation's approved domains. */
export async function inVerifiedDomain(db: Database, organisationId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ domain: organisationDomains.domain })
    .from(organisationDomains)
    .where(and(eq(organisationDomains.organisationId, organisationId), eq(organisationDomains.domain, domainOf(email))))
    .limit(1);
  return row !== undefined;
}

/** The organisation's approved domains, in alphabetical order. */
export async function verifiedDomains(db: Database, organisationId: string): Promise<string[]> {
  const rows = await db
    .select({ domain: organisationDomains.domain })
    .from(organisationDomains)
    .where(eq(organisationDomains.organisationId, organisationId))
    .orderBy(organisationDomains.domain);
  return rows.map((row) => row.domain);
}

/**
 * The organisation a sign-up with this address asks to join: the one active organisation that
 * verified the address's domain. Never for a shared domain (public e-mail providers, nhs.net —
 * `isSharedEmailDomain`), and never when more than one organisation holds the domain, since the
 * address would then not say which.
 */
export async function organisationForDomain(db: Database, domain: string): Promise<{ id: string; name: string } | undefined> {
  if (isSharedEmailDomain(domain)) return undefined;
  const rows = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisationDomains)
    .innerJoin(organisations, eq(organisations.id, organisationDomains.organisationId))
    .where(and(eq(organisationDomains.domain, domain.toLowerCase()), isNull(organisations.deactivatedAt)))
    .limit(2);
  return rows.length === 1 ? rows[0] : undefined;
}
