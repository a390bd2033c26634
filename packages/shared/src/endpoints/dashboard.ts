import {
  dashboardDocumentsSchema,
  dashboardMetricsSchema,
  dashboardQuerySchema,
  dashboardTasksSchema,
  messageCountSchema,
  organisationUsersSchema,
  pendingInvitationsSchema,
  subdomainUsageSchema,
} from '../api/dashboard.ts';
import { defineEndpoint, json, withRoles } from '../contract/endpoint.ts';

/** The champion dashboard: the champion's own organisation only (another organisation's figures are never reachable). */

const CHAMPION = withRoles('champion');
const PERIOD_ERRORS = [422] as const;

export const users = defineEndpoint({
  id: 'dashboard.users',
  summary: 'The organisation’s members and their activity',
  description: 'Each member with their sign-ins in the period, last sign-in, activity level and tasks.',
  method: 'GET',
  path: '/dashboard/organisation/users',
  access: CHAMPION,
  query: dashboardQuerySchema,
  status: 200,
  response: json(organisationUsersSchema),
  errors: [...PERIOD_ERRORS],
});

export const metrics = defineEndpoint({
  id: 'dashboard.metrics',
  summary: 'Active and inactive members',
  description: 'Members active in the period (signed in or used a tool) and the rest, with the change in active members.',
  method: 'GET',
  path: '/dashboard/organisation/metrics',
  access: CHAMPION,
  query: dashboardQuerySchema,
  status: 200,
  response: json(dashboardMetricsSchema),
  errors: [...PERIOD_ERRORS],
});

export const messages = defineEndpoint({
  id: 'dashboard.messages',
  summary: 'Questions asked and time saved',
  description: 'Questions asked in the chat, their change, and the hours all tasks saved by the documented minutes-per-task table.',
  method: 'GET',
  path: '/dashboard/organisation/messages',
  access: CHAMPION,
  query: dashboardQuerySchema,
  status: 200,
  response: json(messageCountSchema),
  errors: [...PERIOD_ERRORS],
});

export const subdomainUsage = defineEndpoint({
  id: 'dashboard.subdomainUsage',
  summary: 'Regulatory subdomains used',
  description: 'Which subdomains of the library the organisation’s questions and searches touched, most first.',
  method: 'GET',
  path: '/dashboard/organisation/subdomain-usage',
  access: CHAMPION,
  query: dashboardQuerySchema,
  status: 200,
  response: json(subdomainUsageSchema),
  errors: [...PERIOD_ERRORS],
});

export const documents = defineEndpoint({
  id: 'dashboard.documents',
  summary: 'Internal and external documents used',
  description: 'Distinct library documents the organisation’s tasks used: its own (internal) and the shared library’s (external).',
  method: 'GET',
  path: '/dashboard/organisation/documents',
  access: CHAMPION,
  query: dashboardQuerySchema,
  status: 200,
  response: json(dashboardDocumentsSchema),
  errors: [...PERIOD_ERRORS],
});

export const tasks = defineEndpoint({
  id: 'dashboard.tasks',
  summary: 'Tasks by tool',
  description: 'Uses of each tool (chat, write, review, wiki search) in the period, their total and its change.',
  method: 'GET',
  path: '/dashboard/organisation/tasks',
  access: CHAMPION,
  query: dashboardQuerySchema,
  status: 200,
  response: json(dashboardTasksSchema),
  errors: [...PERIOD_ERRORS],
});

export const pendingUsers = defineEndpoint({
  id: 'dashboard.pendingUsers',
  summary: 'Invitations not yet accepted',
  description: 'The organisation’s invitations that have not been accepted, newest first, expired ones marked.',
  method: 'GET',
  path: '/dashboard/organisation/users/pending',
  access: CHAMPION,
  status: 200,
  response: json(pendingInvitationsSchema),
});
