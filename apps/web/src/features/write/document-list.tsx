import { WRITE_SEARCH_MAX_LENGTH, type WriteDocumentSummary } from '@verity/shared';
import { useState } from 'react';
import { PagedSearchList } from '../../components/paged-search-list';
import { usePagedSearch } from '../../hooks/use-paged-search';
import { useWriteDocuments } from './api';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { DocumentRow } from './document-row';

export const DOCUMENTS_FAILED_MESSAGE = 'Your documents could not be loaded.';

/**
 * The person's documents, newest first: search by title, open, rename and delete (confirmed), a
 * page of twenty at a time. Documents still being written say so. A new search starts at page one.
 */
export function DocumentList() {
  const [deleting, setDeleting] = useState<WriteDocumentSummary | null>(null);
  const search = usePagedSearch(useWriteDocuments, (list) => list.documents);
  return (
    <PagedSearchList
      search={search}
      noun={{ one: 'document', many: 'documents' }}
      maxLength={WRITE_SEARCH_MAX_LENGTH}
      placeholder="Search by title"
      failedMessage={DOCUMENTS_FAILED_MESSAGE}
      noMatchHint="Search looks at titles; try another word from one."
      emptyHint="Documents you write from a transcript are kept here, to edit and download again."
      rows={(documents) =>
        documents.map((document) => <DocumentRow key={document.external_id} document={document} onDelete={setDeleting} />)
      }
    >
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
    </PagedSearchList>
  );
}
