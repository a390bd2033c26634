import { type ReactNode, useId } from 'react';
import type { ListPage, PagedSearch } from '../hooks/use-paged-search';
import { ListPagination } from './list-pagination';
import { ListSearch } from './list-search';
import { ListEmpty, ListLoadFailed, ListLoading } from './list-states';
import { Button } from './ui/button';

/** What a list holds, in the singular and plural ("review", "reviews"), for its heading and messages. */
export interface ListNoun {
  one: string;
  many: string;
}

export interface PagedSearchListProps<L extends ListPage, T> {
  search: PagedSearch<L, T>;
  noun: ListNoun;
  /** The search box's longest search. */
  maxLength: number;
  placeholder: string;
  /** What the list could not do when its first page fails. */
  failedMessage: string;
  /** Under a search that found nothing: what search looks at. */
  noMatchHint: string;
  /** Under an empty list: what it will hold. */
  emptyHint: string;
  /** The list's rows (`<li>`), one an item. */
  rows: (items: readonly T[]) => ReactNode;
  /** Beside the list, e.g. its delete dialog. */
  children?: ReactNode;
}

/**
 * A person's list as a card: "Your reviews" with a search box, the rows a page at a time, and
 * what it says while loading, on failure, when a search finds nothing and when it is empty.
 */
export function PagedSearchList<L extends ListPage, T>({
  search,
  noun,
  maxLength,
  placeholder,
  failedMessage,
  noMatchHint,
  emptyHint,
  rows,
  children,
}: PagedSearchListProps<L, T>) {
  const headingId = useId();
  const { list, q, items, total } = search;

  let body: ReactNode;
  if (list.isPending) {
    body = <ListLoading message={`Loading your ${noun.many}…`} />;
  } else if (list.isError && !list.data) {
    body = <ListLoadFailed message={failedMessage} onRetry={() => list.refetch()} />;
  } else if (items.length === 0 && q) {
    body = (
      <ListEmpty title={`No ${noun.many} match “${q}”`} className="py-8">
        <p>{noMatchHint}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => search.setQuery('')}>
          Clear search
        </Button>
      </ListEmpty>
    );
  } else if (items.length === 0) {
    body = (
      <ListEmpty title={`No ${noun.many} yet`} className="py-8">
        <p>{emptyHint}</p>
      </ListEmpty>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {rows(items)}
        </ul>
        <ListPagination
          page={search.page}
          pages={search.pages}
          label={`Pages of ${noun.many}`}
          busy={list.isFetching}
          onPage={search.goTo}
        />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="font-semibold text-lg text-slate-900">
          Your {noun.many}
        </h2>
        <ListSearch
          value={search.query}
          onChange={search.setQuery}
          maxLength={maxLength}
          label={`Search your ${noun.many}`}
          placeholder={placeholder}
          searching={search.searching}
          announcement={search.answered ? (total === 1 ? `1 ${noun.one} found` : `${total} ${noun.many} found`) : ''}
          className="sm:w-72"
        />
      </div>
      <div className="mt-3">{body}</div>
      {children}
    </section>
  );
}
