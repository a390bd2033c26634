import { and, eq, type SQL } from 'drizzle-orm';
import { joinRequests } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';

/**
 * Who may see or decide a request to join: a champion of the organisation asked (the role is the
 * descriptor's), and the person who asked, who reads only their own (`GET /join/status`). Another
 * organisation's request behaves exactly like a missing one (`joinRequestNotFound`).
 */
export interface DecidingChampion {
  organisationId: string;
}

/** The organisation's requests still waiting for a decision. */
export function joinRequestsPendingIn(champion: DecidingChampion): SQL {
  return and(eq(joinRequests.organisationId, champion.organisationId), eq(joinRequests.status, 'pending')) as SQL;
}

/** One request of the champion's organisation, whatever its state (a decided one answers 409, not 404). */
export function joinRequestOf(champion: DecidingChampion, requestId: string): SQL {
  return and(eq(joinRequests.organisationId, champion.organisationId), eq(joinRequests.id, requestId)) as SQL;
}

export const JOIN_REQUEST_NOT_FOUND = 'There is no request to join your organisation with this id.';

export const joinRequestNotFound = () => notFound(JOIN_REQUEST_NOT_FOUND);
