import { MESSAGES, WRITE_SEARCH_MAX_LENGTH, type WriteDocumentSummary } from '@verity/shared';
import { ChevronLeft, ChevronRight, TextSearch, X } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { pageCount, useWriteDocuments } from './api';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentRow } from './document-row';

/** Typing pauses this long before the search is sent. */
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 300;
export const DOCUMENTS_FAILED_MESSAGE = 'Your documents could not be loaded.';

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-300 border-dashed px-4 py-8 text-center">
      <p className="break-words font-medium text-slate-900 text-sm">{title}</p>
      {children && <div className="mt-1.5 text-slate-600 text-sm leading-5">{children}</div>}
    </div>
  );
}

/**
 * The person's documents, newest first: search by title, open, rename and delete (confirmed), a
 * page of twenty at a time. Documents still being written say so. A new search starts at page one.
 */
export function DocumentList() {
  const headingId = useId();
  const searchId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [paging, setPaging] = useState({ q: '', page: 1 });
  const [deleting, setDeleting] = useState<WriteDocumentSummary | null>(null);
  const q = useDebouncedValue(query, DOCUMENT_SEARCH_DEBOUNCE_MS).trim();
  const page = paging.q === q ? paging.page : 1;
  const documents = useWriteDocuments(q, page);
  const items = documents.data?.documents ?? [];
  const total = documents.data?.total ?? 0;
  const pages = documents.data ? pageCount(documents.data) : 1;
  const searching = (query.trim() !== q || documents.isPlaceholderData) && query.trim() !== '';
  const goTo = (next: number) => setPaging({ q, page: next });

  // The last document of a later page was deleted: show the page that is now the last.
  const emptiedPage = documents.data !== undefined && items.length === 0 && page > 1;
  useEffect(() => {
    if (emptiedPage) setPaging({ q, page: pages });
  }, [emptiedPage, q, pages]);

  let body: ReactNode;
  if (documents.isPending) {
    body = (
      <div role="status" className="flex items-center justify-center gap-2 py-8 text-slate-600 text-sm">
        <Spinner size="sm" className="text-brand-700" />
        Loading your documents…
      </div>
    );
  } else if (documents.isError && !documents.data) {
    body = (
      <Alert>
        <p>{DOCUMENTS_FAILED_MESSAGE}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => documents.refetch()}>
          {MESSAGES.tryAgain}
        </Button>
      </Alert>
    );
  } else if (items.length === 0 && q) {
    body = (
      <EmptyState title={`No documents match “${q}”`}>
        <p>Search looks at titles; try another word from one.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setQuery('')}>
          Clear search
        </Button>
      </EmptyState>
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState title="No documents yet">
        <p>Documents you write from a transcript are kept here, to edit and download again.</p>
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {items.map((document) => (
            <DocumentRow key={document.external_id} document={document} onDelete={setDeleting} />
          ))}
        </ul>
        {pages > 1 && (
          <nav aria-label="Pages of documents" className="mt-3 flex items-center justify-between gap-3 border-slate-100 border-t pt-3">
            <Button variant="secondary" size="sm" disabled={page <= 1 || documents.isFetching} onClick={() => goTo(page - 1)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
              Newer
            </Button>
            <p className="text-slate-600 text-xs" aria-live="polite">
              Page {page} of {pages}
            </p>
            <Button variant="secondary" size="sm" disabled={page >= pages || documents.isFetching} onClick={() => goTo(page + 1)}>
              Older
              <ChevronRight aria-hidden="true" className="size-4" />
            </Button>
          </nav>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="font-semibold text-lg text-slate-900">
          Your documents
        </h2>
        <search className="relative sm:w-72">
          <label htmlFor={searchId} className="sr-only">
            Search your documents
          </label>
          <TextSearch aria-hidden="true" className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-2.5 size-4 text-slate-400" />
          <input
            ref={searchRef}
            id={searchId}
            type="search"
            value={query}
            maxLength={WRITE_SEARCH_MAX_LENGTH}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && query) {
                event.preventDefault();
                setQuery('');
              }
            }}
            placeholder="Search by title"
            autoComplete="off"
            className="focus-ring h-9 w-full rounded-md border border-slate-300 bg-white pr-14 pl-8 text-base text-slate-900 placeholder:text-slate-400 hover:border-slate-400 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
          />
          <span className="-translate-y-1/2 absolute top-1/2 right-1.5 flex items-center gap-1">
            {searching && <Spinner size="sm" label="Searching" className="text-slate-400" />}
            {query && (
              <button
                type="button"
                onClick={() => {
                  setQuery('');
                  searchRef.current?.focus();
                }}
                aria-label="Clear search"
                className="focus-ring inline-flex size-6 items-center justify-center rounded text-slate-500 hover:bg-slate-100"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            )}
          </span>
        </search>
      </div>
      <p className="sr-only" aria-live="polite">
        {q && !documents.isPending && !documents.isError && !searching
          ? total === 1
            ? '1 document found'
            : `${total} documents found`
          : ''}
      </p>
      <div className="mt-3">{body}</div>
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
