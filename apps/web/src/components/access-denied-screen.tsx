import { accessDeniedMessage, MESSAGES } from '@verity/shared';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppConfig } from '../lib/app-config';
import { useAuthStore } from '../lib/auth-store';
import { Button } from './ui/button';

/** Route guard step 3: signed in, but none of the user's roles opens this page. */
export function AccessDeniedScreen() {
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);
  const { data: config, isPending } = useAppConfig();
  const [loggingOut, setLoggingOut] = useState(false);

  const onLogout = async () => {
    setLoggingOut(true);
    let signedOut = false;
    try {
      signedOut = await logout(MESSAGES.logoutErrorToast);
    } finally {
      setLoggingOut(false);
    }
    // When the server refused, the user is still signed in and has been told so: stay here.
    if (signedOut) navigate('/');
  };

  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-700">
          <ShieldAlert className="size-6" aria-hidden="true" />
        </span>
        <h1 className="font-semibold text-2xl text-slate-900">{MESSAGES.accessDeniedHeading}</h1>
        <p className="mt-3 text-slate-700">
          {config
            ? accessDeniedMessage(config.support_email)
            : isPending
              ? 'You are not authorised to access this page.'
              : 'You are not authorised to access this page. If you believe you should have access, please contact your Verity administrator.'}
        </p>
        <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          <Button variant="secondary" onClick={onLogout} loading={loggingOut}>
            {MESSAGES.logOut}
          </Button>
          <Button variant="primary" onClick={() => navigate('/home')}>
            {MESSAGES.returnToHome}
          </Button>
        </div>
      </div>
    </main>
  );
}
