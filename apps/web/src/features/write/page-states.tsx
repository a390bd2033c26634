import { FileQuestion, RefreshCw } from 'lucide-react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { WRITE_PATH } from './api';

export const DOCUMENT_NOT_FOUND = 'Document not found';
export const DOCUMENT_LOAD_FAILED = 'The document could not be loaded';

/** A 404: no such document, or someone else's (the server answers both the same way). */
export function NotFound() {
  return (
    <section aria-labelledby="write-not-found-heading" className="mx-auto max-w-md px-4 py-12 text-center">
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <FileQuestion className="size-6" aria-hidden="true" />
      </span>
      <h1 id="write-not-found-heading" className="font-semibold text-2xl text-slate-900">
        {DOCUMENT_NOT_FOUND}
      </h1>
      <p className="mt-3 text-slate-700">
        The link may be mistyped, or the document may have been deleted. Documents are private to the person who wrote them.
      </p>
      <ButtonLink to={WRITE_PATH} className="mt-6">
        Back to Write
      </ButtonLink>
    </section>
  );
}

/** Any other failure to load the document, in the catalogue's words, with a retry. */
export function PageLoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const requestId = isApiError(error) ? error.clientError.requestId : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Alert title={DOCUMENT_LOAD_FAILED}>
        <p>{isApiError(error) ? error.clientError.description : errorMessage(error, 'Please try again.')}</p>
        {requestId && <p className="mt-1 text-xs">Request ID: {requestId}</p>}
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
          {!retrying && <RefreshCw className="size-4" aria-hidden="true" />}
          Try again
        </Button>
      </Alert>
    </div>
  );
}
