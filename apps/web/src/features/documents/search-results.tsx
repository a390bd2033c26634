import type { SearchResponse } from '@verity/shared';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/loading-state';
import { Spinner } from '../../components/ui/spinner';
import { DocumentCard, documentHref, useCardActions } from './document-card';
import { SnippetText } from './snippet';

export interface SearchResultsProps {
  query: string;
  data: SearchResponse | undefined;
  isPending: boolean;
  /** A newer page or query is loading while the previous results stay on screen. */
  isFetching: boolean;
  error: Error | null;
  onRetry: () => void;
  onPage: (page: number) => void;
  filtersActive: boolean;
  onClearFilters: () => void;
}

export function SearchResults({
  query,
  data,
  isPending,
  isFetching,
  error,
  onRetry,
  onPage,
  filtersActive,
  onClearFilters,
}: SearchResultsProps) {
  const actions = useCardActions();
  if (error && !data) {
    return (
      <Alert title="Search failed">
        <p>{error.message || 'The search could not be completed.'}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
          Try Again
        </Button>
      </Alert>
    );
  }
  if (isPending || !data) return <LoadingState message="Searching the library…" />;

  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  const first = (data.page - 1) * data.page_size + 1;
  const last = first + data.results.length - 1;

  if (data.total === 0 || data.results.length === 0) {
    return (
      <div className="rounded-xl border border-slate-300 border-dashed bg-white px-6 py-10 text-center">
        <p className="font-semibold text-slate-900">No documents match “{query}”</p>
        <p className="mx-auto mt-2 max-w-prose text-slate-600 text-sm">
          Try fewer or different words, a document code such as “HTM 06-01”, or check the spelling.
          {filtersActive && ' The filters above also narrow the search.'}
        </p>
        {filtersActive && (
          <Button variant="secondary" size="sm" className="mt-4" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="flex items-center gap-2 text-slate-600 text-sm" aria-live="polite">
        {data.total === 1 ? '1 document' : `Showing ${first}–${last} of ${data.total} documents`} for “{query}”
        {isFetching && <Spinner size="sm" className="text-brand-700" label="Updating results" />}
      </p>
      <ol aria-label="Search results" className="flex flex-col gap-3">
        {data.results.map((result) => (
          <li key={result.reference.short_id}>
            <DocumentCard reference={result.reference} actions={actions}>
              {result.snippets.length > 0 && (
                <ul aria-label={`Matches in ${result.reference.code}`} className="flex flex-col gap-1.5">
                  {result.snippets.map((snippet) => (
                    <li key={snippet.element_id}>
                      <Link
                        to={documentHref(result.reference, snippet.element_id)}
                        state={actions.returnState}
                        className="focus-ring block rounded-md border-amber-300 border-l-2 bg-slate-50 px-3 py-2 text-slate-700 text-sm leading-6 hover:bg-amber-50"
                      >
                        <SnippetText html={snippet.text_html} />
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </DocumentCard>
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label="Search result pages" className="flex items-center justify-between gap-2">
          <Button variant="secondary" size="sm" disabled={data.page <= 1 || isFetching} onClick={() => onPage(data.page - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <span className="text-slate-600 text-sm">
            Page {data.page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={data.page >= pages || isFetching} onClick={() => onPage(data.page + 1)}>
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      )}
    </div>
  );
}
