import { useCurrentRouteAccess } from '../app/route-handle';

/** Routes whose tools arrive in later releases: the route's title and one honest line. */
export function ComingSoonPage() {
  const route = useCurrentRouteAccess();
  const title = route?.title ?? 'Verity';
  return (
    <div className="mx-auto w-full max-w-5xl overflow-y-auto px-4 py-8 sm:px-8 sm:py-10">
      <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">{title}</h1>
      <p className="mt-3 max-w-prose text-slate-600">{title} is coming in a later release of Verity.</p>
    </div>
  );
}
