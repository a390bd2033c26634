import {
  type CompareResponse,
  type DocumentReference,
  type DocumentResponse,
  type FilterDataResponse,
  isDocumentId,
  MESSAGES,
  type MyFavouritesResponse,
  type SearchResponse,
  type SetFavouriteResponse,
} from '@verity/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/toast';
import { apiRequest } from '../../lib/api-client';

/** The wiki's calls (documents, search, favourites, compare) and their TanStack Query hooks. */

export const wikiKeys = {
  filterData: ['wiki', 'filter-data'] as const,
  favourites: ['wiki', 'favourites'] as const,
  document: (idOrFilename: string, elementIds: readonly string[]) => ['wiki', 'document', idOrFilename, [...elementIds]] as const,
  search: (params: SearchParams) => ['wiki', 'search', params] as const,
  compare: (left: string, right: string) => ['wiki', 'compare', left, right] as const,
};

export interface SearchParams {
  q: string;
  category: readonly string[];
  domain: readonly string[];
  subdomain: readonly string[];
  page: number;
}

function elementIdsQuery(elementIds: readonly string[]): string {
  const params = new URLSearchParams();
  for (const id of elementIds) params.append('element_ids', id);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** A 26-letter-or-digit identifier is a document id; anything else is a file name (newest edition). */
export function documentPath(idOrFilename: string, elementIds: readonly string[] = []): string {
  const base = isDocumentId(idOrFilename)
    ? `/docs/document/${idOrFilename}`
    : `/docs/newest-document-by-filename/${encodeURIComponent(idOrFilename)}`;
  return `${base}${elementIdsQuery(elementIds)}`;
}

export function searchPath(params: SearchParams): string {
  const query = new URLSearchParams({ q: params.q });
  for (const value of params.category) query.append('category', value);
  for (const value of params.domain) query.append('domain', value);
  for (const value of params.subdomain) query.append('subdomain', value);
  if (params.page > 1) query.set('page', String(params.page));
  return `/docs/search?${query.toString()}`;
}

/** References and default categories; the page shows 'Failed to load document data.' with 'Try Again' on failure. */
export function useFilterData() {
  return useQuery({
    queryKey: wikiKeys.filterData,
    queryFn: ({ signal }) => apiRequest<FilterDataResponse>('/chat/filter_data', { background: true, signal }),
  });
}

export function useDocument(idOrFilename: string, elementIds: readonly string[]) {
  return useQuery({
    queryKey: wikiKeys.document(idOrFilename, elementIds),
    // No toast: the reader itself shows 'Failed to fetch document' (or "Document not found" for a 404).
    queryFn: ({ signal }) => apiRequest<DocumentResponse>(documentPath(idOrFilename, elementIds), { background: true, signal }),
  });
}

/** Full-text search; the previous page of results stays on screen while the next one loads. */
export function useSearch(params: SearchParams, enabled: boolean) {
  return useQuery({
    queryKey: wikiKeys.search(params),
    queryFn: ({ signal }) => apiRequest<SearchResponse>(searchPath(params), { background: true, signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useFavourites(enabled = true) {
  return useQuery({
    queryKey: wikiKeys.favourites,
    queryFn: ({ signal }) => apiRequest<MyFavouritesResponse>('/docs/my-favourites', { background: true, signal }),
    select: (data) => data.favourites,
    enabled,
    meta: { errorMessage: MESSAGES.favouritesFetchFailed },
  });
}

/**
 * Like or unlike a document. The favourites list changes at once and is put back if the server
 * refuses; 'Failed to update favourite document' is toasted on failure.
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { reference: DocumentReference; like: boolean }) =>
      apiRequest<SetFavouriteResponse>('/docs/set_favourite', {
        json: { external_id: input.reference.short_id, like: input.like },
        background: true,
      }),
    onMutate: async ({ reference, like }) => {
      await queryClient.cancelQueries({ queryKey: wikiKeys.favourites });
      const previous = queryClient.getQueryData<MyFavouritesResponse>(wikiKeys.favourites);
      if (previous) {
        const others = previous.favourites.filter((f) => f.short_id !== reference.short_id);
        queryClient.setQueryData<MyFavouritesResponse>(wikiKeys.favourites, {
          favourites: like ? [reference, ...others] : others,
        });
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(wikiKeys.favourites, context.previous);
      toast.error(MESSAGES.favouriteUpdateFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: wikiKeys.favourites }),
  });
}

export function useCompare(left: string | null, right: string | null) {
  return useQuery({
    queryKey: wikiKeys.compare(left ?? '', right ?? ''),
    queryFn: ({ signal }) =>
      apiRequest<CompareResponse>(`/docs/compare?${new URLSearchParams({ left: left ?? '', right: right ?? '' }).toString()}`, {
        background: true,
        signal,
      }),
    enabled: left !== null && right !== null,
    meta: { errorMessage: MESSAGES.documentFetchFailed },
  });
}
