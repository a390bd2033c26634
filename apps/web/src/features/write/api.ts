import {
  type EndpointInput,
  endpointUrl,
  type WriteDocument,
  type WriteDocumentList,
  type WriteDocumentSummary,
  type WriteJob,
  writeEndpoints,
} from '@verity/shared';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EndpointBody, isApiError } from '../../lib/api-client';
import { downloadApiFile } from '../../lib/download';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';

/**
 * The writing assistant's calls: query options, hooks and cache updates. Saving the editor's
 * content is the autosaver's (autosave.ts), which calls saveWriteContent below.
 */

export const writeKeys = {
  lists: ['write', 'documents'] as const,
  list: (q: string, page: number) => ['write', 'documents', { q, page }] as const,
  document: (id: string) => ['write', 'document', id] as const,
  job: (id: string) => ['write', 'job', id] as const,
  evidence: (id: string, item: string) => ['write', 'evidence', id, item] as const,
};

export const WRITE_PATH = '/write';

/** The page of one document. */
export function writeDocumentPath(externalId: string): string {
  return `${WRITE_PATH}/${encodeURIComponent(externalId)}`;
}

/** How often a running job is asked where it has got to. */
export const JOB_POLL_MS = 500;

/** The list's query: a trimmed q and a page only when they say something. */
export function documentsQuery(q: string, page: number): EndpointInput<typeof writeEndpoints.listDocuments>['query'] {
  const trimmed = q.trim();
  return { q: trimmed || undefined, page: page > 1 ? String(page) : undefined };
}

/** The caller's documents, newest first, one page of twenty; `q` searches titles (blank lists them all). */
export function writeDocumentsQueryOptions(q: string, page: number) {
  const trimmed = q.trim();
  return queryOptions({
    queryKey: writeKeys.list(trimmed, page),
    queryFn: ({ signal }) => api(writeEndpoints.listDocuments, { query: documentsQuery(trimmed, page) }, { signal }),
  });
}

/** While a document in the list is being written, the list is asked again this often to show it ready. */
const GENERATING_LIST_POLL_MS = 3_000;

/** While another page or search loads, the previous one stays on screen. */
export function useWriteDocuments(q: string, page: number) {
  return useQuery({
    ...writeDocumentsQueryOptions(q, page),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.documents.some((document) => document.status === 'generating') ? GENERATING_LIST_POLL_MS : false,
  });
}

/** True when the error is the server's 404 for a document (missing, or someone else's). */
export function isWriteNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** One document with its content, version and findings. */
export function writeDocumentQueryOptions(externalId: string) {
  return queryOptions({
    queryKey: writeKeys.document(externalId),
    queryFn: ({ signal }) => api(writeEndpoints.getDocument, { params: { external_id: externalId } }, { signal }),
  });
}

/** A document being written without a job to follow (yet) is asked again this often. */
const GENERATING_DOCUMENT_POLL_MS = 1_000;

export function useWriteDocument(externalId: string) {
  return useQuery({
    ...writeDocumentQueryOptions(externalId),
    refetchInterval: (query) =>
      query.state.data?.status === 'generating' && !query.state.data.job_id ? GENERATING_DOCUMENT_POLL_MS : false,
  });
}

function jobRunning(job: WriteJob | undefined): boolean {
  return job === undefined || job.status === 'queued' || job.status === 'running';
}

/** A generating job, asked again every JOB_POLL_MS until it has succeeded or failed. */
export function writeJobQueryOptions(jobId: string) {
  return queryOptions({
    queryKey: writeKeys.job(jobId),
    queryFn: ({ signal }) => api(writeEndpoints.job, { params: { id: jobId } }, { signal }),
    refetchInterval: (query) => (jobRunning(query.state.data) ? JOB_POLL_MS : false),
    staleTime: 0,
  });
}

export function useWriteJob(jobId: string) {
  return useQuery(writeJobQueryOptions(jobId));
}

/** The transcript lines a decision or action was taken from. They never change, so they are kept. */
export function writeEvidenceQueryOptions(externalId: string, item: string) {
  return queryOptions({
    queryKey: writeKeys.evidence(externalId, item),
    queryFn: ({ signal }) => api(writeEndpoints.evidence, { params: { external_id: externalId, item } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useWriteEvidence(externalId: string, item: string) {
  return useQuery(writeEvidenceQueryOptions(externalId, item));
}

export type CreateDocumentInput = EndpointBody<typeof writeEndpoints.createDocument>;

/**
 * Send a transcript to be written up; answered at once with the document and its job. Background:
 * the form shows the server's refusal itself (an empty, unreadable or oversized transcript).
 */
export function useCreateWriteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDocumentInput) => api(writeEndpoints.createDocument, { body: input }, { background: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: writeKeys.lists }),
  });
}

/** Put a changed summary into every cached list page and the cached document. */
function updateCachedDocument(queryClient: QueryClient, summary: WriteDocumentSummary): void {
  queryClient.setQueriesData<WriteDocumentList>({ queryKey: writeKeys.lists }, (list) =>
    list
      ? { ...list, documents: list.documents.map((item) => (item.external_id === summary.external_id ? { ...item, ...summary } : item)) }
      : list,
  );
  queryClient.setQueryData<WriteDocument>(writeKeys.document(summary.external_id), (detail) =>
    detail ? { ...detail, title: summary.title, updated_at: summary.updated_at } : detail,
  );
}

/** Take a deleted document out of every cached list page (the lists are then asked again). */
function removeCachedDocument(queryClient: QueryClient, externalId: string): void {
  queryClient.setQueriesData<WriteDocumentList>({ queryKey: writeKeys.lists }, (list) => {
    if (!list) return list;
    const documents = list.documents.filter((item) => item.external_id !== externalId);
    return { ...list, documents, total: list.total - (list.documents.length - documents.length) };
  });
}

/** Rename a document; a 422 carries the server's field message (see submitErrors). */
export function useRenameWriteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { externalId: string; title: string }) =>
      api(writeEndpoints.renameDocument, { params: { external_id: input.externalId }, body: { title: input.title } }),
    onSuccess: (summary) => {
      updateCachedDocument(queryClient, summary);
      void queryClient.invalidateQueries({ queryKey: writeKeys.lists });
    },
  });
}

/** Delete a document. A 404 means it is already gone, which is what the person wanted: treated as success. */
export function useDeleteWriteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { externalId: string }) => {
      try {
        await api(writeEndpoints.deleteDocument, { params: { external_id: input.externalId } });
      } catch (error) {
        if (!isWriteNotFound(error)) throw error;
      }
    },
    onSuccess: (_result, input) => {
      removeCachedDocument(queryClient, input.externalId);
      queryClient.removeQueries({ queryKey: writeKeys.document(input.externalId), exact: true });
      void queryClient.invalidateQueries({ queryKey: writeKeys.lists });
    },
  });
}

export type SaveContentInput = EndpointBody<typeof writeEndpoints.saveContent>;

/** Save the editor's content, made from `version`; a 409 means it was saved from elsewhere since. */
export function saveWriteContent(externalId: string, body: SaveContentInput) {
  return api(writeEndpoints.saveContent, { params: { external_id: externalId }, body });
}

const DOCX_FALLBACK_NAME = 'document.docx';

/** Download the saved document as Word, named after its title by the server. */
export function downloadWriteDocx(externalId: string): Promise<string> {
  return downloadApiFile(endpointUrl(writeEndpoints.exportDocument, { params: { external_id: externalId } }), DOCX_FALLBACK_NAME);
}

export const SAMPLE_TRANSCRIPT_NAME = 'Sample transcript - Water Safety Group.docx';

/**
 * Download the sample meeting transcript. SPEC §7: when the fetch fails, the failure is logged and
 * the file opens in a new tab instead (the browser may still manage to fetch it there).
 */
export async function downloadSampleTranscript(): Promise<void> {
  const url = endpointUrl(writeEndpoints.sampleTranscript);
  try {
    await downloadApiFile(url, SAMPLE_TRANSCRIPT_NAME);
  } catch (error) {
    console.error('The sample transcript could not be downloaded', error);
    window.open(url, '_blank', 'noopener');
  }
  recordOnboardingProgress('write', 'sample_downloaded');
}
