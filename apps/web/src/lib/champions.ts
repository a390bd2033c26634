import { membersEndpoints } from '@verity/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/**
 * The signed-in member's organisation's active champions (name and e-mail), shown wherever a page
 * tells someone to ask their champion for access. Several pages need it, so it lives here.
 */
export const championsQueryOptions = () =>
  queryOptions({
    queryKey: ['members', 'champions'] as const,
    queryFn: ({ signal }) => api(membersEndpoints.champions, {}, { signal }),
  });

export function useChampions() {
  return useQuery(championsQueryOptions());
}
