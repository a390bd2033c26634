import { useConsentStore } from '../lib/consent';
import { Button } from './ui/button';

/** Asks once; optional analytics (session replay) wait for 'Accept'. */
export function CookieConsentBanner() {
  const consent = useConsentStore((s) => s.consent);
  const accept = useConsentStore((s) => s.accept);
  const dismiss = useConsentStore((s) => s.dismiss);
  if (consent !== 'unknown') return null;

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-3 bottom-3 z-40 mx-auto max-w-2xl rounded-xl border border-slate-200 bg-white p-4 shadow-lg sm:inset-x-6 md:bottom-6 print:hidden"
    >
      <p className="text-slate-700 text-sm">
        We use essential cookies to keep you signed in. With your permission we would also like to use analytics cookies, including session
        recordings, to understand how Verity is used and improve it.
      </p>
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" size="sm" onClick={dismiss}>
          Essential only
        </Button>
        <Button variant="primary" size="sm" onClick={accept}>
          Accept analytics cookies
        </Button>
      </div>
    </section>
  );
}
