import { type FetchQueryOptions, type QueryKey, useQueryClient } from '@tanstack/react-query';

/**
 * Props for a link to a record's page that start loading the record when the person shows they
 * mean to open it (the pointer rests on the link, or the keyboard reaches it), from the same query
 * options the page reads, so the page usually opens with its data in hand. A record already in the
 * cache and still fresh is not asked for again.
 */
export function usePrefetch<TData, TKey extends QueryKey>(options: FetchQueryOptions<TData, Error, TData, TKey>) {
  const queryClient = useQueryClient();
  const prefetch = () => {
    void queryClient.prefetchQuery(options);
  };
  return { onPointerEnter: prefetch, onFocus: prefetch };
}
