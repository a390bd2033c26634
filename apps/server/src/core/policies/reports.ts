import { hasAnyRole, type Role } from '@verity/shared';
import { notFound } from '../../lib/errors.ts';

/**
 * Whose figures a report reads: an administrator any organisation's (their own when none is
 * named), a champion their own organisation's, anyone else only their own. Naming an
 * organisation not theirs behaves exactly like a missing one (404) for everyone but an administrator.
 */
export interface ReportViewer {
  userId: string;
  organisationId: string;
  roles: readonly Role[];
}

export type ReportScope = { scope: 'organisation'; organisationId: string } | { scope: 'self'; organisationId: string; userId: string };

export const REPORT_NOT_FOUND = 'There is no report for that organisation.';

export function reportScope(viewer: ReportViewer, requestedOrganisationId?: string): ReportScope {
  const organisationId = requestedOrganisationId ?? viewer.organisationId;
  if (hasAnyRole(viewer.roles, ['verity_admin'])) return { scope: 'organisation', organisationId };
  if (organisationId !== viewer.organisationId) throw notFound(REPORT_NOT_FOUND);
  if (hasAnyRole(viewer.roles, ['champion'])) return { scope: 'organisation', organisationId };
  return { scope: 'self', organisationId, userId: viewer.userId };
}
