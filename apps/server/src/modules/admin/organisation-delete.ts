import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/connect.ts';
import { jobs, mailOutbox, organisations, rateLimits, users } from '../../db/schema.ts';
import { recordEvent } from '../../core/events/service.ts';
import { AppError, notFound } from '../../lib/errors.ts';

/** A table that carries an organisation's id, and the column it is in. */
interface Carrier {
  table: string;
  column: string;
}

const ident = (name: string): SQL => sql.raw(`"${name.replaceAll('"', '""')}"`);

/**
 * The tables whose rows belong to an organisation, read from the database itself: every column
 * with a foreign key to organisations(id). A table added later is covered without a change here.
 * Ordered so that a table comes before the tables its own foreign keys point at (users before
 * organisations; its children before users, when they do not cascade).
 */
async function carriers(db: Database): Promise<Carrier[]> {
  const rows = rowsOf<{ child: string; column: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as child, a.attname as column
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'public.organisations'::regclass`),
  );
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c where c.contype = 'f' and c.conrelid <> c.confrelid`),
  );
  const unquote = (name: string) => name.replace(/^"|"$/g, '');
  const tables = new Set(rows.map((row) => unquote(row.child)));
  // Depth-first: a table after every carrier that points at it, reversed into delete order.
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (table: string) => {
    if (seen.has(table)) return;
    seen.add(table);
    for (const edge of edges) {
      if (unquote(edge.parent) === table && tables.has(unquote(edge.child))) visit(unquote(edge.child));
    }
    order.push(table);
  };
  for (const table of [...tables].sort()) visit(table);
  return order.flatMap((table) => rows.filter((row) => unquote(row.child) === table).map((row) => ({ table, column: row.column })));
}

/**
 * Deletes a deactivated organisation and everything that is its: every row of every table that
 * carries its id (and, by their cascades, everything of its members), the background jobs and
 * rate-limit counters that name it or its members, and e-mails kept for its members. One transaction; recorded as
 * organisations.deleted without the id, so no row carries it afterwards.
 */
export async function deleteOrganisationAsAdmin(options: {
  db: Database;
  adminId: string;
  organisationId: string;
  confirmName: string;
}): Promise<{ rows: number }> {
  const { db, organisationId } = options;
  return db.transaction(async (tx) => {
    const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, organisationId)).limit(1).for('update');
    if (!organisation) throw notFound('There is no organisation with that id.');
    if (organisation.deactivatedAt === null)
      throw new AppError(409, 'Deactivate the organisation first: only a deactivated organisation can be deleted.');
    if (options.confirmName.trim() !== organisation.name) throw new AppError(422, 'Type the organisation’s name exactly to confirm.');
    const [admin] = await tx.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, options.adminId)).limit(1);
    if (admin?.organisationId === organisationId)
      throw new AppError(409, 'You cannot delete the organisation your own account belongs to.');

    const members = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.organisationId, organisationId));
    let rows = 0;
    // Jobs and kept e-mails name the organisation or its people in their payload or address, not by a key.
    const named = [organisationId, ...members.map((member) => member.id)];
    const jobRows = await tx
      .delete(jobs)
      .where(sql`${jobs.payload}::text ~ ${`"(${named.join('|')})"`}`)
      .returning({ id: jobs.id });
    rows += jobRows.length;
    // Rate-limit counters are keyed by a member's id; they would expire, but they name the person until then.
    const counters = await tx
      .delete(rateLimits)
      .where(sql`${rateLimits.key} ~ ${`(${named.join('|')})`}`)
      .returning({ key: rateLimits.key });
    rows += counters.length;
    if (members.length > 0) {
      const mailRows = await tx
        .delete(mailOutbox)
        .where(
          inArray(
            mailOutbox.toAddress,
            members.map((member) => member.email),
          ),
        )
        .returning({ id: mailOutbox.id });
      rows += mailRows.length;
    }
    for (const { table, column } of await carriers(tx)) {
      const deleted = rowsOf<{ n: number }>(
        await tx.execute(
          sql`with gone as (delete from ${ident(table)} where ${ident(column)} = ${organisationId} returning 1) select count(*)::int as n from gone`,
        ),
      );
      rows += Number(deleted[0]?.n ?? 0);
    }
    await tx.delete(organisations).where(eq(organisations.id, organisationId));
    rows += 1;
    await recordEvent(tx, {
      kind: 'organisations.deleted',
      organisationId: null,
      actorUserId: options.adminId,
      subject: null,
      data: { name: organisation.name, members: members.length, rows },
    });
    return { rows };
  });
}
