import { adminEndpoints, type DashboardPeriod, endpointUrl, reportsEndpoints } from '@verity/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { downloadApiFile } from '../../lib/download';

/** The reports' reads: a failure is shown in the page (with a retry), never as the global dialog. */
export const reportsKeys = {
  workforce: (days: DashboardPeriod, organisationId: string) => ['reports', 'workforce', { days, organisationId }] as const,
  organisations: ['reports', 'organisations'] as const,
};

function query(days: DashboardPeriod, organisationId: string): { days: string; organisation_id?: string } {
  return { days: String(days), ...(organisationId ? { organisation_id: organisationId } : {}) };
}

export function useWorkforceReport(days: DashboardPeriod, organisationId: string) {
  return useQuery({
    queryKey: reportsKeys.workforce(days, organisationId),
    queryFn: ({ signal }) => api(reportsEndpoints.workforce, { query: query(days, organisationId) }, { signal, background: true }),
    placeholderData: keepPreviousData,
  });
}

/** The organisations an administrator may choose between (asked only for an administrator). */
export function useReportOrganisations(enabled: boolean) {
  return useQuery({
    queryKey: reportsKeys.organisations,
    queryFn: ({ signal }) => api(adminEndpoints.organisations, {}, { signal, background: true }),
    enabled,
  });
}

/** Saves the report as CSV or PDF, for the period and organisation on screen. */
export function downloadWorkforceReport(format: 'csv' | 'pdf', days: DashboardPeriod, organisationId: string): Promise<string> {
  const endpoint = format === 'csv' ? reportsEndpoints.workforceCsv : reportsEndpoints.workforcePdf;
  return downloadApiFile(endpointUrl(endpoint, { query: query(days, organisationId) }), `workforce-performance.${format}`);
}
