import { NotFoundState } from '../../components/not-found-state';
import { type PageLoadErrorProps, PageLoadError as SharedPageLoadError } from '../../components/page-load-error';
import { WRITE_PATH } from './api';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const DOCUMENT_LOAD_FAILED = 'The document could not be loaded';

/** A 404: no such document, or someone else's (the server answers both the same way). */
export function NotFound() {
  return (
    <NotFoundState title={DOCUMENT_NOT_FOUND} back={{ to: WRITE_PATH, label: 'Back to Write' }}>
      The link may be mistyped, or the document may have been deleted. Documents are private to the person who wrote them.
    </NotFoundState>
  );
}

/** Any other failure to load the document, in the catalogue's words, with a retry. */
export function PageLoadError(props: Omit<PageLoadErrorProps, 'title'>) {
  return <SharedPageLoadError title={DOCUMENT_LOAD_FAILED} {...props} />;
}
