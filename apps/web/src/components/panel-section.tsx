import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';
import { ListLoadFailed, ListLoading } from './list-states';

export interface PanelSectionProps {
  title: string;
  /** A line under the title saying what the figures are. */
  description?: ReactNode;
  /** Controls at the right of the title (a "Show as table" toggle, a download). */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** One titled panel of a page (the dashboard's figures, the admin area's lists): a region, so each can be found by its name. */
export function PanelSection({ title, description, actions, className, children }: PanelSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('min-w-0 rounded-lg border border-slate-200 bg-white p-4 sm:p-5', className)}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-base text-slate-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-slate-600 text-sm">{description}</p>}
        </div>
        {actions}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** The message when the section's figures cannot be loaded (SPEC §8's, where it gives one). */
  errorMessage: string;
  loadingMessage: string;
  children: (data: T) => ReactNode;
}

/**
 * A section's figures once loaded; while the first load runs, a spinner; when it fails, the
 * section's own message and a retry (the other sections carry on).
 */
export function QueryContent<T>({ query, errorMessage, loadingMessage, children }: QueryContentProps<T>) {
  if (query.isPending) return <ListLoading message={loadingMessage} />;
  if (query.isError) return <ListLoadFailed message={errorMessage} onRetry={() => void query.refetch()} />;
  return <div className={cn(query.isPlaceholderData && 'opacity-60 transition-opacity')}>{children(query.data)}</div>;
}
