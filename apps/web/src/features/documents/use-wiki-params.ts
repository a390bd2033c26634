import { SEARCH_QUERY_MAX_LENGTH } from '@verity/shared';
import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { WikiView } from './view-switch';

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function parseCompare(value: string | null): [string, string] | null {
  const [left, right, extra] = (value ?? '').split(',');
  return left && right && extra === undefined ? [left, right] : null;
}

export interface WikiParams {
  query: string;
  page: number;
  view: WikiView;
  /** The short ids of the two documents compared, or null. */
  comparing: [string, string] | null;
  /** Stable across renders (the search box's debounce depends on it). */
  setQuery: (value: string) => void;
  setView: (view: WikiView) => void;
  setPage: (page: number) => void;
  setComparing: (pair: [string, string] | null) => void;
}

/**
 * What the wiki shows, kept in the address so that a reload or a shared link shows the same: the
 * query (`q`), the page of results, the view and the comparison. A new filter selection (its
 * `filtersKey`) goes back to the first page of results.
 */
export function useWikiParams(filtersKey: string): WikiParams {
  const [searchParams, setSearchParams] = useSearchParams();

  const previousFiltersKey = useRef(filtersKey);
  useEffect(() => {
    if (previousFiltersKey.current === filtersKey) return;
    previousFiltersKey.current = filtersKey;
    if (searchParams.has('page')) {
      setSearchParams(
        (params) => {
          params.delete('page');
          return params;
        },
        { replace: true },
      );
    }
  }, [filtersKey, searchParams, setSearchParams]);

  const updateParams = (change: (params: URLSearchParams) => void, replace = false) =>
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        change(next);
        return next;
      },
      { replace },
    );

  const onQuery = useRef<(value: string) => void>(() => undefined);
  onQuery.current = (value: string) =>
    updateParams((params) => {
      if (value.trim()) {
        params.set('q', value);
        // Search covers the whole library, so typing in the Favourites view shows the results.
        params.delete('view');
      } else {
        params.delete('q');
      }
      params.delete('page');
    }, true);
  const setQuery = useMemo(() => (value: string) => onQuery.current(value), []);

  return {
    query: searchParams.get('q')?.slice(0, SEARCH_QUERY_MAX_LENGTH) ?? '',
    page: parsePage(searchParams.get('page')),
    view: searchParams.get('view') === 'favourites' ? 'favourites' : 'documents',
    comparing: parseCompare(searchParams.get('compare')),
    setQuery,
    setView: (next) =>
      updateParams((params) => {
        if (next === 'favourites') {
          params.set('view', 'favourites');
          params.delete('q');
        } else {
          params.delete('view');
        }
        params.delete('page');
      }),
    setPage: (next) => updateParams((params) => (next > 1 ? params.set('page', String(next)) : params.delete('page'))),
    setComparing: (pair) => updateParams((params) => (pair ? params.set('compare', pair.join(',')) : params.delete('compare'))),
  };
}
