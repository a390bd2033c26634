import { MESSAGES, toClientError } from '@verity/shared';
import { FileQuestion, RotateCw } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { isApiError } from '../../../lib/api-client';

export const DOCUMENT_NOT_FOUND = 'Document not found';

export function ReaderSkeleton() {
  return (
    <div role="status" className="animate-pulse motion-reduce:animate-none">
      <span className="sr-only">Loading document...</span>
      <div aria-hidden="true">
        <div className="h-5 w-24 rounded bg-slate-200" />
        <div className="mt-4 h-8 w-3/4 rounded bg-slate-200" />
        <div className="mt-3 h-4 w-1/2 rounded bg-slate-200" />
        <div className="mt-10 space-y-3">
          <div className="h-4 rounded bg-slate-200" />
          <div className="h-4 rounded bg-slate-200" />
          <div className="h-4 w-5/6 rounded bg-slate-200" />
          <div className="mt-8 h-6 w-1/3 rounded bg-slate-200" />
          <div className="h-4 rounded bg-slate-200" />
          <div className="h-4 w-2/3 rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}

/** A 404: the id or file name names nothing this user can see (or nothing at all). */
export function DocumentNotFound({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  return (
    <section aria-labelledby="document-not-found-heading" className="mx-auto max-w-md py-12 text-center">
      <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <FileQuestion className="size-6" aria-hidden="true" />
      </span>
      <h1 id="document-not-found-heading" className="font-semibold text-2xl text-slate-900">
        {DOCUMENT_NOT_FOUND}
      </h1>
      <p className="mt-3 text-slate-700">
        The link may be mistyped, or the document may have been removed or not be shared with your organisation.
      </p>
      <ButtonLink to={backTo} className="mt-6">
        {backLabel}
      </ButtonLink>
    </section>
  );
}

/** A 422 from the server: the document has more passages than it sends whole (its sentence says how many). */
export function DocumentTooLarge({ message, backTo, backLabel }: { message: string; backTo: string; backLabel: string }) {
  return (
    <div className="mx-auto max-w-xl py-8">
      <Alert title="This document cannot be shown">
        <p>{message}</p>
        <ButtonLink to={backTo} variant="secondary" className="mt-3">
          {backLabel}
        </ButtonLink>
      </Alert>
    </div>
  );
}

/**
 * Why the document did not load, in the words of SPEC §8's catalogue for that kind of failure
 * (no connection, a timeout, a server error, too many requests…), never a guess at the cause.
 */
export function loadErrorDescription(error: unknown): string {
  if (isApiError(error)) return error.clientError.description;
  return toClientError(0).description;
}

export function DocumentLoadError({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const requestId = isApiError(error) ? error.clientError.requestId : undefined;
  return (
    <div className="mx-auto max-w-xl py-8">
      <Alert title={MESSAGES.documentFetchFailed}>
        <p>{loadErrorDescription(error)}</p>
        {requestId && <p className="mt-1 text-xs">Request ID: {requestId}</p>}
        <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry} loading={retrying}>
          <RotateCw className="size-4" aria-hidden="true" />
          Try again
        </Button>
      </Alert>
    </div>
  );
}
