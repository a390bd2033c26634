import { MESSAGES } from '@verity/shared';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** What a person's list (of conversations, of documents) shows while its first page loads. */
export function ListLoading({ message }: { message: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-8 text-slate-600 text-sm">
      <Spinner size="sm" className="text-brand-700" />
      {message}
    </div>
  );
}

export interface ListLoadFailedProps {
  message: string;
  onRetry: () => void;
  className?: string;
}

/** The list could not be loaded at all (a later page's failure is the list's own to show). */
export function ListLoadFailed({ message, onRetry, className }: ListLoadFailedProps) {
  return (
    <Alert className={className}>
      <p>{message}</p>
      <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
        {MESSAGES.tryAgain}
      </Button>
    </Alert>
  );
}

export interface ListEmptyProps {
  /** Why there is nothing, e.g. "No documents yet". */
  title: string;
  /** What to do about it. */
  children?: ReactNode;
  /** Spacing where the list sits. */
  className?: string;
}

/** An empty list, or a search that found nothing: a dashed box in the list's place. */
export function ListEmpty({ title, children, className }: ListEmptyProps) {
  return (
    <div className={cn('rounded-lg border border-slate-300 border-dashed px-4 text-center', className)}>
      <p className="break-words font-medium text-slate-900 text-sm">{title}</p>
      {children && <div className="mt-1.5 text-slate-600 text-sm leading-5">{children}</div>}
    </div>
  );
}
