import { workforceReportQuerySchema, workforceReportSchema } from '../api/reports.ts';
import { defineEndpoint, file, json, withRoles } from '../contract/endpoint.ts';

/**
 * Reports (flag workforce-reports; 404 while it is off for the caller). A champion reads their
 * organisation, an administrator any organisation, anyone else their own figures.
 */

const STANDARD = withRoles('standard');

export const workforce = defineEndpoint({
  id: 'reports.workforce',
  summary: 'Workforce performance',
  description:
    'Per person and per team (job title while there are no teams): adoption over the period in buckets, onboarding, tasks by tool and ' +
    'minutes saved by the dashboard’s documented method, with the organisation’s totals.',
  method: 'GET',
  path: '/reports/workforce',
  access: STANDARD,
  query: workforceReportQuerySchema,
  status: 200,
  response: json(workforceReportSchema),
  errors: [404],
});

export const workforceCsv = defineEndpoint({
  id: 'reports.workforceCsv',
  summary: 'Workforce performance as CSV',
  description:
    'One row per person with their team, onboarding, tasks by tool, minutes saved and last activity; formula-like cells written as text.',
  method: 'GET',
  path: '/reports/workforce/csv',
  access: STANDARD,
  query: workforceReportQuerySchema,
  status: 200,
  response: file('text/csv', 'workforce-performance.csv'),
  errors: [404],
});

export const workforcePdf = defineEndpoint({
  id: 'reports.workforcePdf',
  summary: 'Workforce performance as PDF',
  description: 'The report as a printable A4 document: totals, adoption over time, teams and people.',
  method: 'GET',
  path: '/reports/workforce/pdf',
  access: STANDARD,
  query: workforceReportQuerySchema,
  status: 200,
  response: file('application/pdf', 'workforce-performance.pdf'),
  errors: [404],
});
