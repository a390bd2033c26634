import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { buttonClassName } from '../components/ui/button';

/** Last line of defence when a page throws while rendering: say so plainly and offer a way out. */
export function RouteErrorPage() {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="font-semibold text-2xl text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-700">
          This page could not be shown. Please reload the page; if the problem continues, contact support.
        </p>
        <div className="mt-6 flex justify-center gap-2">
          <button type="button" className={buttonClassName({ variant: 'secondary' })} onClick={() => window.location.reload()}>
            Reload page
          </button>
          <a href="/home" className={buttonClassName({ variant: 'primary' })}>
            Return to Home
          </a>
        </div>
      </div>
    </main>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  /** The address at which a render failed; moving to another one tries again. */
  failedAt: string | null;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failedAt: null };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  render() {
    return this.state.failedAt === null ? this.props.children : <RouteErrorPage />;
  }
}

/** Shows the route error page in place of everything below it when rendering throws, until the address changes. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary pathname={pathname}>{children}</ErrorBoundary>;
}
