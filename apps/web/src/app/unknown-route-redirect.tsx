import { Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { useAuthStore } from '../lib/auth-store';
import { HOME_PATH, LOGIN_PATH } from '../lib/redirect';

/** '/' and unknown paths: /home when signed in, otherwise /auth/login; a spinner until we know. */
export function UnknownRouteRedirect() {
  const initialised = useAuthStore((s) => s.initialised);
  const authenticated = useAuthStore((s) => s.authenticated);
  if (!initialised) return <LoadingScreen />;
  return <Navigate to={authenticated ? HOME_PATH : LOGIN_PATH} replace />;
}
