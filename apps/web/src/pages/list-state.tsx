import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** How Home's and the tools page's lists of the person's work say loading, failure and emptiness. */

/** What a list says while it loads, when it fails, or when it is empty. */
export function ListState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="text-slate-600 text-sm">
      <p>{children}</p>
      {action}
    </div>
  );
}

export function StartLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="focus-ring mt-3 inline-flex items-center gap-1 rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
    >
      {children}
      <ArrowRight className="size-3.5" aria-hidden="true" />
    </Link>
  );
}

export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading and failure, the same way for every list; undefined once there is data to show. */
export function queryState(query: ListQuery, what: string): ReactNode | undefined {
  if (query.isPending) return <ListState>Loading {what}…</ListState>;
  if (query.isError) {
    return (
      <ListState
        action={
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="focus-ring mt-2 rounded-md font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
          >
            Try again
          </button>
        }
      >
        Your {what} could not be loaded.
      </ListState>
    );
  }
  return undefined;
}
