import { MESSAGES } from '@verity/shared';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { type DocumentFilters, filterReferences, hasActiveFilters } from '../../components/filters/document-filters';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { filterDataQueryOptions, useFilterData } from '../../lib/filter-data';
import { favouritesQueryOptions, useFavourites, useSearch } from './api';
import { compareOrder, useCompareStore } from './compare-store';
import { CompareTray } from './compare-tray';
import { CompareView } from './compare-view';
import { FavouritesView } from './favourites-view';
import { FilterBar } from './filter-bar';
import { selectFilters, useWikiFilterStore } from './filter-store';
import { LibraryView } from './library-view';
import { sortReferences } from './reference-order';
import { SearchResults } from './search-results';
import { useWikiParams } from './use-wiki-params';
import { ViewSwitch } from './view-switch';
import { SearchBox } from './wiki-search-box';

function filtersKey(filters: DocumentFilters): string {
  return JSON.stringify([filters.category, filters.domain, filters.subDomain]);
}

/**
 * /wiki: browse, filter and search the regulatory library, keep favourites and compare two
 * documents. The query, view and comparison live in the URL; the filters in a store that is
 * emptied when the page unmounts, so the filters reset on leaving the wiki.
 */
/** What the wiki always opens with (its list and filters, and the favourites count), fetched beside its code at start (app/router.tsx). */
export const openingQueries = () => [filterDataQueryOptions(), favouritesQueryOptions()];

export function WikiPage() {
  const filters = useWikiFilterStore(useShallow(selectFilters));
  const resetFilters = useWikiFilterStore((s) => s.reset);
  const compareItems = useCompareStore((s) => s.items);
  const resultsRef = useRef<HTMLDivElement>(null);
  const key = filtersKey(filters);
  const { query, page, view, comparing, setQuery, setView, setPage, setComparing } = useWikiParams(key);
  const trimmedQuery = query.trim();

  useEffect(() => () => useWikiFilterStore.getState().reset(), []);

  const filterData = useFilterData();
  const favourites = useFavourites();
  const search = useSearch(
    { q: trimmedQuery, category: filters.category, domain: filters.domain, subdomain: filters.subDomain, page },
    view === 'documents' && trimmedQuery.length > 0 && comparing === null,
  );

  const references = filterData.data?.references;
  const filtered = useMemo(() => sortReferences(filterReferences(references ?? [], filters)), [references, filters]);
  const filteredFavourites = useMemo(() => (favourites.data ? filterReferences(favourites.data, filters) : []), [favourites.data, filters]);
  const filtersActive = hasActiveFilters(filters);

  const openCompare = () => {
    const pair = compareOrder(compareItems);
    if (pair) setComparing([pair[0].short_id, pair[1].short_id]);
  };

  let content: ReactNode;
  if (comparing) {
    content = <CompareView left={comparing[0]} right={comparing[1]} onBack={() => setComparing(null)} />;
  } else if (view === 'favourites') {
    content = <FavouritesView favourites={favourites} filtered={filteredFavourites} filtersKey={key} onClearFilters={resetFilters} />;
  } else if (trimmedQuery) {
    content = (
      <SearchResults
        query={trimmedQuery}
        data={search.data}
        isPending={search.isPending}
        isFetching={search.isFetching}
        error={search.error}
        onRetry={() => search.refetch()}
        onPage={(next) => {
          setPage(next);
          // The pager sits under the results: bring the top of the new page into view.
          resultsRef.current?.scrollIntoView?.({ block: 'start' });
        }}
        filtersActive={filtersActive}
        onClearFilters={resetFilters}
      />
    );
  } else {
    content = (
      <LibraryView
        status={filterData.status}
        filtered={filtered}
        filtersActive={filtersActive}
        filtersKey={key}
        onClearFilters={resetFilters}
      />
    );
  }

  const total = references?.length ?? 0;

  return (
    <div className="mx-auto flex min-h-full w-full max-w-6xl flex-col px-4 pt-6 sm:px-8 sm:pt-8">
      <header className="flex flex-col gap-1">
        <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Regulatory Wiki</h1>
        <p className="text-slate-600">Legislation, HTMs, HBNs and guidance, with superseded editions kept for reference.</p>
      </header>

      {filterData.isError && (
        <Alert className="mt-5">
          <p>{MESSAGES.filterLoadFailed}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => filterData.refetch()}>
            {MESSAGES.tryAgain}
          </Button>
        </Alert>
      )}

      {!comparing && (
        <div className="mt-5 flex flex-col gap-3">
          <div data-tour="wiki-search">
            <SearchBox query={query} onQuery={setQuery} />
          </div>
          <div data-tour="wiki-filters">
            <FilterBar references={references ?? []} disabled={!references} />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <ViewSwitch view={view} onChange={setView} favouritesCount={favourites.data?.length} />
            {view === 'documents' && !trimmedQuery && references && (
              <p className="text-slate-600 text-sm" aria-live="polite">
                {filtersActive ? `${filtered.length} of ${total} documents` : `${total} documents`}
              </p>
            )}
          </div>
        </div>
      )}

      <div ref={resultsRef} data-tour="wiki-results" className={cn('flex-1 scroll-mt-4 pb-8', comparing ? 'mt-5' : 'mt-4')}>
        {content}
      </div>

      {!comparing && <CompareTray onCompare={openCompare} />}
    </div>
  );
}
