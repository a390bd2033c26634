import {
  type AuditResponse,
  adminEndpoints,
  type BroadcastInput,
  type CreateTutorialInput,
  type DocumentStatus,
  endpointUrl,
  type LibraryJob,
  type LibraryJobsResponse,
  type SetFlagInput,
  type UpdateAdminUserInput,
  type UpdateLibraryDocumentInput,
  type UpdateOrganisationInput,
  type UpdateTutorialInput,
  tutorialsEndpoints,
} from '@verity/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EndpointBody } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';
import { downloadApiFile } from '../../lib/download';

/**
 * The admin area's reads and changes. Each section shows its own failures; a change refreshes
 * what it touched (an organisation's change also adds to the audit log).
 */

export const adminKeys = {
  all: ['admin'] as const,
  organisations: ['admin', 'organisations'] as const,
  users: (q: string, page: number, organisationId: string) => ['admin', 'users', { q, page, organisationId }] as const,
  status: ['admin', 'status'] as const,
  outbox: (page: number) => ['admin', 'outbox', page] as const,
  flags: ['admin', 'flags'] as const,
  audit: (filters: AuditFilters) => ['admin', 'audit', filters] as const,
  library: ['admin', 'library'] as const,
  libraryPage: (q: string, page: number, status: string) => ['admin', 'library', 'documents', { q, page, status }] as const,
  libraryJobs: (page: number) => ['admin', 'library', 'jobs', page] as const,
  libraryJob: (id: string) => ['admin', 'library', 'job', id] as const,
  tutorials: ['admin', 'tutorials'] as const,
};

/** Every tutorial, published or not, in its order, with the pictures a text may show. */
export function useAdminTutorials() {
  return useQuery({
    queryKey: adminKeys.tutorials,
    queryFn: ({ signal }) => api(tutorialsEndpoints.manage, {}, { signal, background: true }),
  });
}

export const useCreateTutorial = () =>
  useAdminChange((input: CreateTutorialInput) => api(tutorialsEndpoints.create, { body: input }, { background: true }));

export const useUpdateTutorial = () =>
  useAdminChange(({ id, change }: { id: string; change: UpdateTutorialInput }) =>
    api(tutorialsEndpoints.update, { params: { tutorialId: id }, body: change }, { background: true }),
  );

export function useReorderTutorials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api(tutorialsEndpoints.reorder, { body: { ids } }, { background: true }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.tutorials, answer),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** How often a job still queued or running is asked about. */
export const LIBRARY_JOB_POLL_MS = 1_000;

const unfinished = (job: Pick<LibraryJob, 'status'>) => job.status === 'queued' || job.status === 'running';

/** The shared library, a page at a time, searched by code, title or file name and filtered by status. */
export function useAdminLibrary(q: string, page: number, status: DocumentStatus | '') {
  return useQuery({
    queryKey: adminKeys.libraryPage(q, page, status),
    queryFn: ({ signal }) =>
      api(
        adminEndpoints.library,
        { query: { ...(q ? { q } : {}), ...(status ? { status } : {}), page: String(page) } },
        { signal, background: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** The ingestion jobs, newest first; asked again while any of them is still under way. */
export function useLibraryJobs(page: number) {
  return useQuery({
    queryKey: adminKeys.libraryJobs(page),
    queryFn: ({ signal }) => api(adminEndpoints.libraryJobs, { query: { page: String(page) } }, { signal, background: true }),
    refetchInterval: (query) =>
      (query.state.data as LibraryJobsResponse | undefined)?.jobs.some(unfinished) ? LIBRARY_JOB_POLL_MS : false,
    placeholderData: keepPreviousData,
  });
}

/** One upload's job, asked again until it has succeeded or failed. */
export function useLibraryJob(id: string | null) {
  return useQuery({
    queryKey: adminKeys.libraryJob(id ?? ''),
    queryFn: ({ signal }) => api(adminEndpoints.libraryJob, { params: { jobId: id ?? '' } }, { signal, background: true }),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data === undefined || unfinished(query.state.data) ? LIBRARY_JOB_POLL_MS : false),
    staleTime: 0,
  });
}

export type LibraryUploadInput = EndpointBody<typeof adminEndpoints.uploadLibraryDocument>;

/** Send a file with its details; progress from 0 to 1 while it is sent. Answered with the job to follow. */
export function uploadLibraryDocument(body: LibraryUploadInput, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return uploadWithProgress(adminEndpoints.uploadLibraryDocument, { body }, onProgress, signal);
}

/** A change made in the admin area: every list it shows (and the audit log) is read again. */
function useAdminChange<I, R>(call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useUpdateLibraryDocument = () =>
  useAdminChange(({ id, change }: { id: string; change: UpdateLibraryDocumentInput }) =>
    api(adminEndpoints.updateLibraryDocument, { params: { documentId: id }, body: change }, { background: true }),
  );

export const useSupersedeLibraryDocument = () =>
  useAdminChange(({ id, supersededById }: { id: string; supersededById: string }) =>
    api(
      adminEndpoints.supersedeLibraryDocument,
      { params: { documentId: id }, body: { superseded_by_id: supersededById } },
      { background: true },
    ),
  );

export const useReindexLibraryDocument = () =>
  useAdminChange((id: string) => api(adminEndpoints.reindexLibraryDocument, { params: { documentId: id } }, { background: true }));

export const useDeleteLibraryDocument = () =>
  useAdminChange((id: string) => api(adminEndpoints.deleteLibraryDocument, { params: { documentId: id } }, { background: true }));

export const useRetryLibraryJob = () =>
  useAdminChange((id: string) => api(adminEndpoints.retryLibraryJob, { params: { jobId: id } }, { background: true }));

export function useAdminOrganisations() {
  return useQuery({
    queryKey: adminKeys.organisations,
    queryFn: ({ signal }) => api(adminEndpoints.organisations, {}, { signal, background: true }),
  });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api(adminEndpoints.createOrganisation, { body: { name } }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateOrganisationInput }) =>
      api(adminEndpoints.updateOrganisation, { params: { organisationId: id }, body: change }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Deletes a deactivated organisation and everything of it; the name typed confirms it. */
export function useDeleteOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api(adminEndpoints.deleteOrganisation, { params: { organisationId: id }, body: { name } }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Links a Microsoft Entra tenant to the organisation, or unlinks it; the organisation comes back as it now is. */
export function useMicrosoftTenant() {
  const queryClient = useQueryClient();
  const settled = () => void queryClient.invalidateQueries({ queryKey: adminKeys.organisations });
  return {
    add: useMutation({
      mutationFn: ({ organisationId, tenantId }: { organisationId: string; tenantId: string }) =>
        api(adminEndpoints.addMicrosoftTenant, { params: { organisationId }, body: { tenant_id: tenantId } }, { background: true }),
      onSettled: settled,
    }),
    remove: useMutation({
      mutationFn: ({ organisationId, tenantId }: { organisationId: string; tenantId: string }) =>
        api(adminEndpoints.removeMicrosoftTenant, { params: { organisationId, tenantId } }, { background: true }),
      onSettled: settled,
    }),
  };
}

/** People, a page at a time, searched by name or address, in one organisation or all. */
export function useAdminUsers(q: string, page: number, organisationId: string) {
  return useQuery({
    queryKey: adminKeys.users(q, page, organisationId),
    queryFn: ({ signal }) =>
      api(
        adminEndpoints.users,
        { query: { ...(q ? { q } : {}), ...(organisationId ? { organisation_id: organisationId } : {}), page: String(page) } },
        { signal, background: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: UpdateAdminUserInput }) =>
      api(adminEndpoints.updateUser, { params: { userId: id }, body: change }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSignOutUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(adminEndpoints.signOutUser, { params: { userId: id } }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(adminEndpoints.resendVerification, { params: { userId: id } }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useBroadcast() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BroadcastInput) => api(adminEndpoints.broadcast, { body: input }, { background: true }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSystemStatus() {
  return useQuery({
    queryKey: adminKeys.status,
    queryFn: ({ signal }) => api(adminEndpoints.status, {}, { signal, background: true }),
  });
}

/** Try the AI provider and the SMTP server now (each given 15 seconds on the server). */
export function useCheckConnections() {
  return useMutation({ mutationFn: () => api(adminEndpoints.checkConnections, {}, { background: true }) });
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: adminKeys.outbox(page),
    queryFn: ({ signal }) => api(adminEndpoints.outbox, { query: { page: String(page) } }, { signal, background: true }),
    placeholderData: keepPreviousData,
  });
}

/** A kept e-mail's text: asked for only when the administrator opens it (the reading is audited). */
export function readOutboxMessage(id: string) {
  return api(adminEndpoints.outboxMessage, { params: { messageId: id } }, { background: true });
}

export function useFlagSettings() {
  return useQuery({
    queryKey: adminKeys.flags,
    queryFn: ({ signal }) => api(adminEndpoints.flags, {}, { signal, background: true }),
  });
}

export function useSetFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetFlagInput) => api(adminEndpoints.setFlag, { body: input }, { background: true }),
    onSuccess: (answer) => queryClient.setQueryData(adminKeys.flags, { settings: answer.settings }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** The audit log's filters as the page holds them: blank means "any". */
export interface AuditFilters {
  kind: string;
  organisation_id: string;
  actor: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilters = { kind: '', organisation_id: '', actor: '', from: '', to: '' };

/** The filters as query parameters: only those set. */
export function auditQuery(filters: AuditFilters, before?: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value.trim() !== '') query[key] = value.trim();
  if (before) query.before = before;
  return query;
}

export function auditQueryOptions(filters: AuditFilters) {
  return infiniteQueryOptions({
    queryKey: adminKeys.audit(filters),
    queryFn: ({ pageParam, signal }) => api(adminEndpoints.audit, { query: auditQuery(filters, pageParam) }, { signal, background: true }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: AuditResponse) => last.next_before ?? undefined,
  });
}

/** The log, newest first, older pages on demand; the previous filter's entries stay while the next load. */
export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({ ...auditQueryOptions(filters), placeholderData: keepPreviousData });
}

/** Saves the log as CSV, with the filters on screen. */
export function downloadAuditCsv(filters: AuditFilters): Promise<string> {
  return downloadApiFile(endpointUrl(adminEndpoints.auditExport, { query: auditQuery(filters) }), 'audit-log.csv');
}
