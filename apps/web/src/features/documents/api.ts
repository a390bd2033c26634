import { type DocumentReference, documentsEndpoints, isDocumentId, MESSAGES } from '@verity/shared';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';

/**
 * The wiki's calls (documents, search, favourites, compare): query options and hooks. The filter
 * data the wiki lists lives in lib/filter-data, as the chat scopes its questions with it too.
 */

export interface SearchParams {
  q: string;
  category: readonly string[];
  domain: readonly string[];
  subdomain: readonly string[];
  page: number;
}

/**
 * A document with its elements, those named highlighted. A 26-letter-or-digit identifier is a
 * document id; anything else is a file name, answered with its newest edition.
 */
export function documentQueryOptions(idOrFilename: string, elementIds: readonly string[]) {
  return queryOptions({
    queryKey: ['wiki', 'document', idOrFilename, [...elementIds]] as const,
    queryFn: ({ signal }) => {
      const query = { element_ids: [...elementIds] };
      return isDocumentId(idOrFilename)
        ? api(documentsEndpoints.document, { params: { id: idOrFilename }, query }, { signal })
        : api(documentsEndpoints.newestByFilename, { params: { filename: idOrFilename }, query }, { signal });
    },
  });
}

/** No toast: the reader itself shows 'Failed to fetch document' (or "Document not found" for a 404). */
export function useDocument(idOrFilename: string, elementIds: readonly string[]) {
  return useQuery(documentQueryOptions(idOrFilename, elementIds));
}

export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: ['wiki', 'search', params] as const,
    queryFn: ({ signal }) =>
      api(
        documentsEndpoints.search,
        {
          query: {
            q: params.q,
            category: [...params.category],
            domain: [...params.domain],
            subdomain: [...params.subdomain],
            page: params.page > 1 ? String(params.page) : undefined,
          },
        },
        { signal },
      ),
  });
}

/** Full-text search; the previous page of results stays on screen while the next one loads. */
export function useSearch(params: SearchParams, enabled: boolean) {
  return useQuery({ ...searchQueryOptions(params), enabled, placeholderData: keepPreviousData });
}

export function favouritesQueryOptions() {
  return queryOptions({
    queryKey: ['wiki', 'favourites'] as const,
    queryFn: ({ signal }) => api(documentsEndpoints.myFavourites, {}, { signal }),
    meta: { errorMessage: MESSAGES.favouritesFetchFailed },
  });
}

export function useFavourites(enabled = true) {
  return useQuery({ ...favouritesQueryOptions(), select: (data) => data.favourites, enabled });
}

/**
 * The documents the caller opened in the reader, each once, last opened first (Home). Opening a
 * document changes the list, so the reader's visits make it stale (see DocumentReaderPage).
 */
export function recentDocumentsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: ['wiki', 'recent', limit] as const,
    queryFn: ({ signal }) => api(documentsEndpoints.recent, { query: { limit: String(limit) } }, { signal }),
  });
}

export function useRecentDocuments(limit: number) {
  return useQuery({ ...recentDocumentsQueryOptions(limit), select: (data) => data.documents });
}

/**
 * Like or unlike a document. The favourites list changes at once and is put back if the server
 * refuses; 'Failed to update favourite document' is toasted on failure.
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  const { queryKey } = favouritesQueryOptions();
  return useMutation({
    mutationFn: (input: { reference: DocumentReference; like: boolean }) =>
      api(documentsEndpoints.setFavourite, { body: { external_id: input.reference.short_id, like: input.like } }),
    onMutate: async ({ reference, like }) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) {
        const others = previous.favourites.filter((f) => f.short_id !== reference.short_id);
        queryClient.setQueryData(queryKey, { favourites: like ? [reference, ...others] : others });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toast.error(MESSAGES.favouriteUpdateFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}

/** Two documents (or two editions of one) element by element; disabled until both are chosen. */
export function compareQueryOptions(left: string, right: string) {
  return queryOptions({
    queryKey: ['wiki', 'compare', left, right] as const,
    queryFn: ({ signal }) => api(documentsEndpoints.compare, { query: { left, right } }, { signal }),
    meta: { errorMessage: MESSAGES.documentFetchFailed },
  });
}

export function useCompare(left: string | null, right: string | null) {
  return useQuery({ ...compareQueryOptions(left ?? '', right ?? ''), enabled: left !== null && right !== null });
}
