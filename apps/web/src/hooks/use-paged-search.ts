import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pageCount } from '../components/list-pagination';
import { useDebouncedValue } from './use-debounced-value';

/** Typing pauses this long before a list's search is sent. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/** One page of a person's list, as the server answers it. */
export interface ListPage {
  page: number;
  page_size: number;
  total: number;
}

/** Where a person's searchable list stands: see usePagedSearch. */
export interface PagedSearch<L extends ListPage, T> {
  /** What is typed in the search box. */
  query: string;
  setQuery: (query: string) => void;
  /** The search sent (trimmed); empty means all. */
  q: string;
  page: number;
  pages: number;
  goTo: (page: number) => void;
  list: UseQueryResult<L>;
  items: readonly T[];
  total: number;
  /** A search is under way: typed but not sent yet, or sent and not answered. */
  searching: boolean;
  /** Results are in for a search, so their count can be read out. */
  answered: boolean;
}

/**
 * A person's searchable list, a page at a time: what is typed, the search sent once typing pauses,
 * the page shown (a new search starts at page one) and whether a search is under way. When the
 * last item of a later page goes, the page that is now the last is shown.
 */
export function usePagedSearch<L extends ListPage, T>(
  useList: (q: string, page: number) => UseQueryResult<L>,
  itemsOf: (list: L) => readonly T[],
): PagedSearch<L, T> {
  const [query, setQuery] = useState('');
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const q = useDebouncedValue(query, LIST_SEARCH_DEBOUNCE_MS).trim();
  const page = paging.q === q ? paging.page : 1;
  const list = useList(q, page);
  const items = list.data ? itemsOf(list.data) : [];
  const total = list.data?.total ?? 0;
  const pages = list.data ? pageCount(list.data) : 1;
  const searching = (query.trim() !== q || list.isPlaceholderData) && query.trim() !== '';
  const goTo = (next: number) => setPaging({ q, page: next });

  const emptiedPage = list.data !== undefined && items.length === 0 && page > 1;
  useEffect(() => {
    if (emptiedPage) setPaging({ q, page: pages });
  }, [emptiedPage, q, pages]);

  const answered = q !== '' && !list.isPending && !list.isError && !searching;
  return { query, setQuery, q, page, pages, goTo, list, items, total, searching, answered };
}
