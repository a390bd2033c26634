import { type SQL, sql } from 'drizzle-orm';

/**
 * What a champion's dashboard counts: always the caller's own organisation (its endpoints take no
 * organisation parameter), and of its accounts the members — enabled, not people invited who
 * have not accepted yet (the pending list shows those), and not people whose request to join is
 * waiting or was declined (they hold no role; the dashboard's join requests show the waiting ones). The documents it names are those the
 * organisation may see (core/policies/documents.ts).
 */
export interface DashboardViewer {
  organisationId: string;
}

/** The organisation the dashboard reads: the viewer's own. */
export function dashboardOrganisation(viewer: DashboardViewer): string {
  return viewer.organisationId;
}

/** The members whose activity counts, on the users table under `alias`. */
export function countedMembers(organisationId: string, alias: string): SQL {
  const user = (column: string) => sql.raw(`${alias}.${column}`);
  return sql`${user('organisation_id')} = ${organisationId} and ${user('disabled_at')} is null
    and not exists (select 1 from invitations i where i.user_id = ${user('id')} and i.accepted_at is null)
    and not exists (select 1 from join_requests j where j.user_id = ${user('id')} and j.status <> 'approved')`;
}
