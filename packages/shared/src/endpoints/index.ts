import type { EndpointDefinition } from '../contract/endpoint.ts';
import * as account from './account.ts';
import * as admin from './admin.ts';
import * as analytics from './analytics.ts';
import * as auth from './auth.ts';
import * as chat from './chat.ts';
import * as dashboard from './dashboard.ts';
import * as dataLibrary from './data-library.ts';
import * as documents from './documents.ts';
import * as ingest from './ingest.ts';
import * as invitations from './invitations.ts';
import * as members from './members.ts';
import * as join from './join.ts';
import * as notifications from './notifications.ts';
import * as platform from './platform.ts';
import * as reports from './reports.ts';
import * as review from './review.ts';
import * as sso from './sso.ts';
import * as tutorials from './tutorials.ts';
import * as write from './write.ts';

/**
 * Every endpoint of the API, by area. An area's file exports descriptors only, so that the web
 * imports just the ones it calls (`notificationsEndpoints.list`) and the registry below sees them all.
 */
export * as accountEndpoints from './account.ts';
export * as adminEndpoints from './admin.ts';
export * as analyticsEndpoints from './analytics.ts';
export * as authEndpoints from './auth.ts';
export * as chatEndpoints from './chat.ts';
export * as dashboardEndpoints from './dashboard.ts';
export * as dataLibraryEndpoints from './data-library.ts';
export * as documentsEndpoints from './documents.ts';
export * as ingestEndpoints from './ingest.ts';
export * as invitationsEndpoints from './invitations.ts';
export * as membersEndpoints from './members.ts';
export * as joinEndpoints from './join.ts';
export * as notificationsEndpoints from './notifications.ts';
export * as platformEndpoints from './platform.ts';
export * as reportsEndpoints from './reports.ts';
export * as reviewEndpoints from './review.ts';
export * as ssoEndpoints from './sso.ts';
export * as tutorialsEndpoints from './tutorials.ts';
export * as writeEndpoints from './write.ts';

export const ENDPOINTS: readonly EndpointDefinition[] = [
  ...Object.values(platform),
  ...Object.values(auth),
  ...Object.values(sso),
  ...Object.values(invitations),
  ...Object.values(join),
  ...Object.values(account),
  ...Object.values(notifications),
  ...Object.values(analytics),
  ...Object.values(documents),
  ...Object.values(chat),
  ...Object.values(ingest),
  ...Object.values(write),
  ...Object.values(review),
  ...Object.values(dashboard),
  ...Object.values(members),
  ...Object.values(reports),
  ...Object.values(dataLibrary),
  ...Object.values(tutorials),
  ...Object.values(admin),
];
