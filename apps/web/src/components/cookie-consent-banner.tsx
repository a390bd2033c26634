import { useConsentStore } from '../lib/consent';
import { Button } from './ui/button';

export interface CookieConsentBannerProps {
  /**
   * A session-recording service is configured (app config): only then is there anything optional
   * to consent to, and the banner asks. Without one it says that only essential cookies are used.
   */
  sessionRecording: boolean;
}

/**
 * Asks once, in a strip along the bottom (on a phone no more than a few lines); optional
 * analytics (session replay) wait for 'Accept'.
 */
export function CookieConsentBanner({ sessionRecording }: CookieConsentBannerProps) {
  const consent = useConsentStore((s) => s.consent);
  const accept = useConsentStore((s) => s.accept);
  const dismiss = useConsentStore((s) => s.dismiss);
  if (consent !== 'unknown') return null;

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-40 border-slate-200 border-t bg-white px-4 py-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-lg sm:inset-x-6 sm:bottom-3 sm:mx-auto sm:max-w-2xl sm:rounded-xl sm:border sm:p-4 md:bottom-6 print:hidden"
    >
      {sessionRecording ? (
        <div className="flex flex-col gap-2 sm:gap-3">
          <p className="text-slate-700 text-xs leading-5 sm:text-sm">
            We use essential cookies to keep you signed in. With your permission we would also use analytics cookies, including session
            recordings, to improve Verity.
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" size="sm" onClick={dismiss}>
              Essential only
            </Button>
            <Button variant="primary" size="sm" onClick={accept}>
              Accept analytics cookies
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <p className="flex-1 text-slate-700 text-xs leading-5 sm:text-sm">
            Verity uses only essential cookies, to keep you signed in. Nothing records your sessions.
          </p>
          <Button variant="secondary" size="sm" onClick={dismiss}>
            OK
          </Button>
        </div>
      )}
    </section>
  );
}
