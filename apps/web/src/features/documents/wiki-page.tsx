import { MESSAGES, SEARCH_QUERY_MAX_LENGTH } from '@verity/shared';
import { Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/loading-state';
import { type DocumentFilters, filterReferences, hasActiveFilters } from '../../components/filters/document-filters';
import { cn } from '../../lib/cn';
import { useFilterData } from '../../lib/filter-data';
import { useFavourites, useSearch } from './api';
import { compareOrder, useCompareStore } from './compare-store';
import { CompareTray } from './compare-tray';
import { CompareView } from './compare-view';
import { DocumentList } from './document-list';
import { FilterBar } from './filter-bar';
import { selectFilters, useWikiFilterStore } from './filter-store';
import { sortReferences } from './reference-order';
import { SearchResults } from './search-results';

/** Typing pauses this long before the search is sent, so each keystroke does not cost a request. */
export const SEARCH_DEBOUNCE_MS = 250;

type View = 'documents' | 'favourites';

function filtersKey(filters: DocumentFilters): string {
  return JSON.stringify([filters.category, filters.domain, filters.subDomain]);
}

function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function parseCompare(value: string | null): [string, string] | null {
  const [left, right, extra] = (value ?? '').split(',');
  return left && right && extra === undefined ? [left, right] : null;
}

function ViewSwitch({ view, onChange, favouritesCount }: { view: View; onChange: (view: View) => void; favouritesCount?: number }) {
  const options: { id: View; label: string }[] = [
    { id: 'documents', label: 'All documents' },
    { id: 'favourites', label: favouritesCount === undefined ? 'Favourites' : `Favourites (${favouritesCount})` },
  ];
  return (
    <fieldset className="inline-flex rounded-lg border border-slate-200 bg-slate-100 p-0.5">
      <legend className="sr-only">Show</legend>
      {options.map((option) => (
        <button
          key={option.id}
          type="button"
          aria-pressed={view === option.id}
          onClick={() => onChange(option.id)}
          className={cn(
            'focus-ring h-8 rounded-md px-3 font-medium text-sm transition-colors',
            view === option.id ? 'bg-white text-slate-900 shadow-xs' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

function SearchBox({ query, onQuery }: { query: string; onQuery: (value: string) => void }) {
  const [text, setText] = useState(query);
  const written = useRef(query);

  // The URL changed by itself (back button, a link): show what it now says.
  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      setText(query);
    }
  }, [query]);

  useEffect(() => {
    if (text === written.current) return;
    const timer = setTimeout(() => {
      written.current = text;
      onQuery(text);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onQuery]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    written.current = text;
    onQuery(text);
  };

  return (
    <search>
      <form onSubmit={submit} className="relative">
        <label htmlFor="wiki-search" className="sr-only">
          Search the library
        </label>
        <Search aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 size-5 text-slate-400" />
        <input
          id="wiki-search"
          type="search"
          value={text}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          placeholder="Search codes, titles and text"
          autoComplete="off"
          className="focus-ring h-11 w-full rounded-lg border border-slate-300 bg-white pr-10 pl-10 text-base text-slate-900 placeholder:text-slate-400 hover:border-slate-400 [&::-webkit-search-cancel-button]:hidden"
        />
        {text && (
          <button
            type="button"
            onClick={() => {
              setText('');
              written.current = '';
              onQuery('');
            }}
            aria-label="Clear search"
            className="focus-ring -translate-y-1/2 absolute top-1/2 right-2 inline-flex size-7 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </form>
    </search>
  );
}

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-300 border-dashed bg-white px-6 py-10 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children && <div className="mx-auto mt-2 max-w-prose text-slate-600 text-sm">{children}</div>}
    </div>
  );
}

/**
 * /wiki: browse, filter and search the regulatory library, keep favourites and compare two
 * documents. The query, view and comparison live in the URL; the filters in a store that is
 * emptied when the page unmounts, so the filters reset on leaving the wiki.
 */
export function WikiPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.get('q')?.slice(0, SEARCH_QUERY_MAX_LENGTH) ?? '';
  const trimmedQuery = query.trim();
  const page = parsePage(searchParams.get('page'));
  const view: View = searchParams.get('view') === 'favourites' ? 'favourites' : 'documents';
  const comparing = parseCompare(searchParams.get('compare'));

  const filters = useWikiFilterStore(useShallow(selectFilters));
  const resetFilters = useWikiFilterStore((s) => s.reset);
  const compareItems = useCompareStore((s) => s.items);
  const resultsRef = useRef<HTMLDivElement>(null);

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
  const key = filtersKey(filters);

  const previousFiltersKey = useRef(key);
  // A new filter selection shows the first page of results.
  useEffect(() => {
    if (previousFiltersKey.current === key) return;
    previousFiltersKey.current = key;
    if (searchParams.has('page')) {
      setSearchParams(
        (params) => {
          params.delete('page');
          return params;
        },
        { replace: true },
      );
    }
  }, [key, searchParams, setSearchParams]);

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
  const stableOnQuery = useMemo(() => (value: string) => onQuery.current(value), []);

  const setView = (next: View) =>
    updateParams((params) => {
      if (next === 'favourites') {
        params.set('view', 'favourites');
        params.delete('q');
      } else {
        params.delete('view');
      }
      params.delete('page');
    });

  const openCompare = () => {
    const pair = compareOrder(compareItems);
    if (pair) updateParams((params) => params.set('compare', `${pair[0].short_id},${pair[1].short_id}`));
  };
  const closeCompare = () => updateParams((params) => params.delete('compare'));

  let content: ReactNode;
  if (comparing) {
    content = <CompareView left={comparing[0]} right={comparing[1]} onBack={closeCompare} />;
  } else if (view === 'favourites') {
    content = favourites.isPending ? (
      <LoadingState message="Loading your favourites…" />
    ) : favourites.isError ? (
      <Alert>
        <p>{MESSAGES.favouritesFetchFailed}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => favourites.refetch()}>
          {MESSAGES.tryAgain}
        </Button>
      </Alert>
    ) : favourites.data.length === 0 ? (
      <EmptyState title="No favourites yet">
        <p>Select the star on a document to keep it here for quick access.</p>
      </EmptyState>
    ) : filteredFavourites.length === 0 ? (
      <EmptyState title="None of your favourites match the filters">
        <Button variant="secondary" size="sm" className="mt-2" onClick={resetFilters}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <DocumentList references={filteredFavourites} resetKey={`favourites:${key}`} label="Favourites" />
    );
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
          updateParams((params) => (next > 1 ? params.set('page', String(next)) : params.delete('page')));
          // The pager sits under the results: bring the top of the new page into view.
          resultsRef.current?.scrollIntoView?.({ block: 'start' });
        }}
        filtersActive={filtersActive}
        onClearFilters={resetFilters}
      />
    );
  } else if (filterData.isPending) {
    content = <LoadingState message="Loading documents…" />;
  } else if (filterData.isError) {
    content = null;
  } else if (filtered.length === 0) {
    content = (
      <EmptyState title={filtersActive ? 'No documents match these filters' : 'The library has no documents yet'}>
        {filtersActive && (
          <Button variant="secondary" size="sm" className="mt-2" onClick={resetFilters}>
            Clear filters
          </Button>
        )}
      </EmptyState>
    );
  } else {
    content = <DocumentList references={filtered} resetKey={`documents:${key}`} label="Documents" />;
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
          <SearchBox query={query} onQuery={stableOnQuery} />
          <FilterBar references={references ?? []} disabled={!references} />
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

      <div ref={resultsRef} className={cn('flex-1 scroll-mt-4 pb-8', comparing ? 'mt-5' : 'mt-4')}>
        {content}
      </div>

      {!comparing && <CompareTray onCompare={openCompare} />}
    </div>
  );
}
