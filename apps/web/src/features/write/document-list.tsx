import { WRITE_SEARCH_MAX_LENGTH, type WriteDocumentSummary } from '@verity/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ListPagination, pageCount } from '../../components/list-pagination';
import { ListSearch } from '../../components/list-search';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { useDebouncedValue } from '../../hooks/use-debounced-value';
import { useWriteDocuments } from './api';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentRow } from './document-row';

/** Typing pauses this long before the search is sent. */
export const DOCUMENT_SEARCH_DEBOUNCE_MS = 300;
export const DOCUMENTS_FAILED_MESSAGE = 'Your documents could not be loaded.';

/**
 * The person's documents, newest first: search by title, open, rename and delete (confirmed), a
 * page of twenty at a time. Documents still being written say so. A new search starts at page one.
 */
export function DocumentList() {
  const headingId = useId();
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
    body = <ListLoading message="Loading your documents…" />;
  } else if (documents.isError && !documents.data) {
    body = <ListLoadFailed message={DOCUMENTS_FAILED_MESSAGE} onRetry={() => documents.refetch()} />;
  } else if (items.length === 0 && q) {
    body = (
      <ListEmpty title={`No documents match “${q}”`} className="py-8">
        <p>Search looks at titles; try another word from one.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => setQuery('')}>
          Clear search
        </Button>
      </ListEmpty>
    );
  } else if (items.length === 0) {
    body = (
      <ListEmpty title="No documents yet" className="py-8">
        <p>Documents you write from a transcript are kept here, to edit and download again.</p>
      </ListEmpty>
    );
  } else {
    body = (
      <>
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {items.map((document) => (
            <DocumentRow key={document.external_id} document={document} onDelete={setDeleting} />
          ))}
        </ul>
        <ListPagination page={page} pages={pages} label="Pages of documents" busy={documents.isFetching} onPage={goTo} />
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id={headingId} className="font-semibold text-lg text-slate-900">
          Your documents
        </h2>
        <ListSearch
          value={query}
          onChange={setQuery}
          maxLength={WRITE_SEARCH_MAX_LENGTH}
          label="Search your documents"
          placeholder="Search by title"
          searching={searching}
          announcement={
            q && !documents.isPending && !documents.isError && !searching
              ? total === 1
                ? '1 document found'
                : `${total} documents found`
              : ''
          }
          className="sm:w-72"
        />
      </div>
      <div className="mt-3">{body}</div>
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}
