import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { organisations } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';

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
