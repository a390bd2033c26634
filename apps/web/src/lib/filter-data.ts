import { documentsEndpoints } from '@verity/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * Every document the caller can filter by, with the default categories: the wiki lists and
 * filters them, the chat scopes its questions with them. No toast on failure: the wiki shows
 * 'Failed to load document data.' with 'Try Again', and the chat's pickers stay disabled.
 */
export function filterDataQueryOptions() {
  return queryOptions({
    queryKey: ['documents', 'filter-data'] as const,
    queryFn: ({ signal }) => api(documentsEndpoints.filterData, {}, { signal }),
  });
}

export function useFilterData() {
  return useQuery(filterDataQueryOptions());
}
