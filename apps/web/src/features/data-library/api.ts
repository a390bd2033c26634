import { dataLibraryEndpoints, type UpdateDataLibraryDocumentInput } from '@verity/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type EndpointBody } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload';

/** The data library's reads and changes; a failure is shown where it happened, never as the global dialog. */
export const dataLibraryKeys = {
  all: ['data-library'] as const,
  list: (q: string, page: number) => ['data-library', 'documents', { q, page }] as const,
  job: (id: string) => ['data-library', 'job', id] as const,
};

/** How often an upload still being read is asked about. */
export const JOB_POLL_MS = 1_000;

export function useOwnDocuments(q: string, page: number) {
  return useQuery({
    queryKey: dataLibraryKeys.list(q, page),
    queryFn: ({ signal }) =>
      api(dataLibraryEndpoints.documents, { query: { ...(q ? { q } : {}), page: String(page) } }, { signal, background: true }),
    placeholderData: keepPreviousData,
  });
}

/** An upload's job, asked again until it has succeeded or failed. */
export function useUploadJob(id: string | null) {
  return useQuery({
    queryKey: dataLibraryKeys.job(id ?? ''),
    queryFn: ({ signal }) => api(dataLibraryEndpoints.job, { params: { jobId: id ?? '' } }, { signal, background: true }),
    enabled: id !== null,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'succeeded' || status === 'failed' ? false : JOB_POLL_MS;
    },
    staleTime: 0,
  });
}

export type UploadInput = EndpointBody<typeof dataLibraryEndpoints.upload>;

/** A new document, or (with `replacing`) a new version of one; progress from 0 to 1 while it is sent. */
export function sendDocument(
  body: UploadInput,
  onProgress: (fraction: number) => void,
  options: { replacing?: string; signal?: AbortSignal } = {},
) {
  return options.replacing
    ? uploadWithProgress(
        dataLibraryEndpoints.uploadVersion,
        { params: { documentId: options.replacing }, body: { file: body.file } },
        onProgress,
        options.signal,
      )
    : uploadWithProgress(dataLibraryEndpoints.upload, { body }, onProgress, options.signal);
}

function useChange<I, R>(call: (input: I) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => void queryClient.invalidateQueries({ queryKey: dataLibraryKeys.all }) });
}

export const useUpdateOwnDocument = () =>
  useChange(({ id, change }: { id: string; change: UpdateDataLibraryDocumentInput }) =>
    api(dataLibraryEndpoints.update, { params: { documentId: id }, body: change }, { background: true }),
  );

export const useDeleteOwnDocument = () =>
  useChange((id: string) => api(dataLibraryEndpoints.remove, { params: { documentId: id } }, { background: true }));
