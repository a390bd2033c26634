import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { VerityLogo } from '../../components/brand/verity-logo';
import { selectTrustedLogos } from '../../components/trusted-by/trusted-logos';
import { useAppConfig } from '../../lib/app-config';
import { useFlags } from '../../lib/flags';

// The strip sits under the form and waits for the app's configuration anyway: its code loads beside
// the page's, not as part of every page's first load.
const TrustedByCarousel = lazy(() =>
  import('../../components/trusted-by/trusted-by-carousel').then((module) => ({ default: module.TrustedByCarousel })),
);

/** Sign-in, registration and account-action pages: a centred card on a quiet background. */
export function AuthCardLayout() {
  const { data: config } = useAppConfig();
  const { isEnabled } = useFlags();
  const { logos, professionalBody } = selectTrustedLogos(config, isEnabled('professional-body-logos'));

  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-canvas px-4 py-10 sm:justify-center">
      <main className="w-full max-w-md">
        <div className="rounded-2xl border border-slate-200 bg-white px-6 py-8 shadow-sm sm:px-10">
          <div className="mb-8 flex justify-center">
            <VerityLogo size="lg" />
          </div>
          <Outlet />
        </div>
      </main>
      <div className="w-full max-w-2xl">
        <Suspense fallback={null}>
          <TrustedByCarousel logos={logos} professionalBody={professionalBody} />
        </Suspense>
      </div>
    </div>
  );
}
