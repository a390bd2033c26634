import { MESSAGES } from '@verity/shared';
import { TriangleAlert } from 'lucide-react';
import { useAuthStore } from '../lib/auth-store';
import { Button } from './ui/button';
import { LoadingState } from './ui/loading-state';

/**
 * Route guard step 1: a centred spinner while the session is being restored — or, when the
 * profile could not be loaded (no answer, a server failure), SPEC §8's 'Failed to fetch profile'
 * with 'Try Again'.
 */
export function LoadingScreen() {
  const profileLoadFailed = useAuthStore((s) => s.profileLoadFailed);
  if (profileLoadFailed) return <ProfileLoadFailed />;
  return <LoadingState message={MESSAGES.loading} fullScreen />;
}

function ProfileLoadFailed() {
  const retryProfile = useAuthStore((s) => s.retryProfile);
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div role="alert" className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="font-semibold text-slate-900 text-xl">{MESSAGES.profileLoadFailed}</h1>
        {/* Trying again shows the spinner until the profile loads or fails once more. */}
        <Button className="mt-6 w-full" onClick={() => void retryProfile()}>
          {MESSAGES.tryAgain}
        </Button>
      </div>
    </main>
  );
}
