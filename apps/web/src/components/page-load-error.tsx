import { RefreshCw } from 'lucide-react';
import { isApiError } from '../lib/api-client';
import { errorMessage } from '../lib/form-errors';
import { Alert } from './ui/alert';
import { Button } from './ui/button';

export interface PageLoadErrorProps {
  /** "The document could not be loaded". */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** A page's thing could not be loaded (other than a 404): the catalogue's words, the request id and a retry. */
export function PageLoadError({ title, error, onRetry, retrying }: PageLoadErrorProps) {
  const requestId = isApiError(error) ? error.clientError.requestId : undefined;
  return (
    <div className="mx-auto max-w-xl px-4 py-8">
      <Alert title={title}>
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
