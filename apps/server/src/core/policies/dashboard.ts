import { type SQL, sql } from 'drizzle-orm';

/**
 * What a champion's dashboard counts: always the caller's own organisation (its endpoints take no
 * organisation parameter), and of its accounts the members — not people invited who have not
 * accepted yet (the pending list shows those), and not people whose request to join is waiting or
 * was declined (they hold no role; the dashboard's join requests show the waiting ones);
 * deactivated members are listed, marked, but never counted in the figures. The documents it names are those the
 * organisation may see (core/policies/documents.ts).
 */
export interface DashboardViewer {
  organisationId: string;
}

/** The organisation the dashboard reads: the viewer's own. */
export function dashboardOrganisation(viewer: DashboardViewer): string {
  return viewer.organisationId;
}

/**
 * The members the users table lists, on the users table under `alias`: deactivated ones too, shown
 * as such, so a champion can reactivate them or hand their work over (issue 28).
 */
export function listedMembers(organisationId: string, alias: string): SQL {
  const user = (column: string) => sql.raw(`${alias}.${column}`);
  return sql`${user('organisation_id')} = ${organisationId}
    and not exists (select 1 from invitations i where i.user_id = ${user('id')} and i.accepted_at is null)
    and not exists (select 1 from join_requests j where j.user_id = ${user('id')} and j.status <> 'approved')`;
}

/** The members whose activity counts (the figures), on the users table under `alias`: the listed ones not deactivated. */
export function countedMembers(organisationId: string, alias: string): SQL {
  return sql`${listedMembers(organisationId, alias)} and ${sql.raw(`${alias}.disabled_at`)} is null`;
}
