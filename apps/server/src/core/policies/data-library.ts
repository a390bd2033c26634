import { hasAnyRole, type Role } from '@verity/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import { documents } from '../../db/schema.ts';
import { forbidden } from '../../lib/errors.ts';

/**
 * The data library: an organisation's own documents, seen by its members alone (another
 * organisation's document is answered exactly like a missing one, by documentNotFound). Any
 * member may add one; whoever uploaded a document, and the organisation's champions, may change,
 * replace or delete it.
 */
export interface LibraryMember {
  userId: string;
  organisationId: string;
  roles: readonly Role[];
}

/** The organisation's own documents (every version). */
export function ownDocuments(member: LibraryMember): SQL {
  return eq(documents.organisationId, member.organisationId);
}

/** One of them by id. */
export function ownDocument(member: LibraryMember, documentId: string): SQL {
  return and(ownDocuments(member), eq(documents.id, documentId)) as SQL;
}

export function mayManage(member: LibraryMember, document: { uploadedBy: string | null }): boolean {
  return document.uploadedBy === member.userId || hasAnyRole(member.roles, ['champion']);
}

export const NOT_YOURS = 'Only the person who added this document, or a champion of your organisation, may change it.';

export function requireManage(member: LibraryMember, document: { uploadedBy: string | null }): void {
  if (!mayManage(member, document)) throw forbidden(NOT_YOURS);
}
