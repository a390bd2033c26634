import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import {
  chatMessages,
  chatSessions,
  documentFavourites,
  documents,
  reviewFindings,
  reviews,
  supersessionNotices,
  users,
} from '../../db/schema.ts';
import { notify } from './service.ts';

/**
 * The superseded-regulation radar. When a newly stored document supersedes others — it names
 * their codes in `supersedes`, or it is a new edition of the same file — everyone who relies on
 * one of them is told once: those who favourited it, whose chat answers cited it, and whose
 * reviewed policies were checked against it. The notification names the new edition and opens
 * the two side by side in the wiki's compare view. supersession_notices keeps the once.
 */

export const SUPERSEDED_TITLE = 'A regulation you rely on has a new edition';

type SupersedingDocument = Pick<
  typeof documents.$inferSelect,
  'id' | 'organisationId' | 'code' | 'title' | 'edition' | 'filename' | 'supersedes'
>;

/** Tell the people relying on what `documentId` supersedes; call in the transaction that stores it. Returns how many were told. */
export async function notifySuperseded(options: { db: Database; documentId: string }): Promise<number> {
  const { db, documentId } = options;
  const [document] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!document) return 0;
  let told = 0;
  for (const superseded of await supersededBy(db, document)) {
    for (const person of await reliantPeople(db, superseded.id, document.organisationId)) {
      const [fresh] = await db
        .insert(supersessionNotices)
        .values({ userId: person.id, documentId: superseded.id, supersededById: document.id })
        .onConflictDoNothing()
        .returning({ userId: supersessionNotices.userId });
      if (!fresh) continue;
      await notify({
        db,
        userId: person.id,
        organisationId: person.organisationId,
        title: SUPERSEDED_TITLE,
        message: supersededMessage(superseded, document),
        link: compareLink(superseded.id, document.id),
      });
      told += 1;
    }
  }
  return told;
}

/** The wiki's compare view with the superseded document on the left and the new edition on the right. */
export function compareLink(supersededId: string, newId: string): string {
  return `/wiki?compare=${encodeURIComponent(supersededId)},${encodeURIComponent(newId)}`;
}

export function supersededMessage(superseded: Pick<SupersedingDocument, 'code' | 'title'>, next: SupersedingDocument): string {
  const edition = next.edition.trim() === '' ? '' : ` (${next.edition.trim()})`;
  return `${superseded.code} “${superseded.title}” has been superseded by ${next.code} “${next.title}”${edition}. Open the comparison to see what changed.`;
}

/**
 * The stored documents the new one supersedes, among those with the same owner (the shared
 * library, or the same organisation's internal documents): the codes it names, and the earlier
 * rows of its own file name.
 */
async function supersededBy(db: Database, document: SupersedingDocument) {
  const sameOwner =
    document.organisationId === null ? isNull(documents.organisationId) : eq(documents.organisationId, document.organisationId);
  const named = document.supersedes.length > 0 ? inArray(documents.code, document.supersedes) : undefined;
  const earlierEdition = eq(documents.filename, document.filename);
  return db
    .select({ id: documents.id, code: documents.code, title: documents.title })
    .from(documents)
    .where(and(ne(documents.id, document.id), sameOwner, named ? or(named, earlierEdition) : earlierEdition));
}

/**
 * Who relies on a document: favourited it, had it cited in a chat answer, or had a reviewed
 * policy checked against it — each only within an organisation that can see the new edition
 * (for an internal one, its own organisation).
 */
async function reliantPeople(db: Database, documentId: string, newOwner: string | null) {
  const favourited = db
    .select({ userId: documentFavourites.userId })
    .from(documentFavourites)
    .where(eq(documentFavourites.documentId, documentId));
  const cited = db
    .select({ userId: chatSessions.userId })
    .from(chatMessages)
    .innerJoin(chatSessions, eq(chatSessions.id, chatMessages.sessionId))
    .where(sql`${chatMessages.citations} @> ${JSON.stringify([{ document_id: documentId, source: 'library' }])}::jsonb`);
  const reviewed = db
    .select({ userId: reviews.userId })
    .from(reviewFindings)
    .innerJoin(reviews, eq(reviews.id, reviewFindings.reviewId))
    .where(sql`${reviewFindings.evidence} @> ${JSON.stringify([{ document_id: documentId }])}::jsonb`);
  const rows = [...(await favourited), ...(await cited), ...(await reviewed)];
  const ids = [...new Set(rows.map((row) => row.userId))];
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, organisationId: users.organisationId })
    .from(users)
    .where(and(inArray(users.id, ids), newOwner === null ? undefined : eq(users.organisationId, newOwner)));
}
