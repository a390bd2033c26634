import { isRouteErrorResponse, useRouteError } from 'react-router';
import { buttonClassName } from '../components/ui/button';

/** Last line of defence when a page throws while rendering: say so plainly and offer a way out. */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="font-semibold text-2xl text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-slate-700">
          This page could not be shown. Please reload the page; if the problem continues, contact support.
        </p>
        {detail && <p className="mt-2 font-mono text-slate-500 text-xs">{detail}</p>}
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
