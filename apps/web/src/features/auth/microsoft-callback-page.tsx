import { ERROR_CODES, safeRedirectPath } from '@verity/shared';
import { useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { useAuthStore } from '../../lib/auth-store';
import { errorMessage } from '../../lib/form-errors';
import { forumQuery, takeForumRequest } from './forum-request';
import { finishMicrosoftSignIn, takeMicrosoftFlow } from './sso';
import { StatusPanel } from './status-panel';
import { useHandOff } from './use-hand-off';

/** A callback with nothing to finish in this tab: opened in another browser, or already used. */
class NoSignInUnderWay extends Error {}

/**
 * Where Microsoft returns after sign-in: the server finishes it (once) with this tab's flow, the
 * session is stored, and the person goes where they were heading, or back to the forum.
 */
export function MicrosoftCallbackPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const { failure } = useHandOff(async () => {
    const flow = takeMicrosoftFlow();
    if (!flow) throw new NoSignInUnderWay();
    const { auth_token, redirect } = await finishMicrosoftSignIn({ flow, callback: search });
    await login(auth_token);
    const forum = takeForumRequest();
    navigate(forum ? `/auth/login${forumQuery(forum)}` : safeRedirectPath(redirect), { replace: true });
  });

  if (!failure) return <LoadingState message="Signing you in with Microsoft…" />;
  const message =
    failure instanceof NoSignInUnderWay ? ERROR_CODES.ssoExpired.message : errorMessage(failure, ERROR_CODES.ssoRefused.message);
  return (
    <StatusPanel
      tone="error"
      title="Microsoft sign-in failed"
      actions={
        <>
          <ButtonLink to="/auth/login-sso" className="w-full">
            Try again with Microsoft
          </ButtonLink>
          <ButtonLink to="/auth/login" variant="secondary" className="w-full">
            Sign in with e-mail and password
          </ButtonLink>
        </>
      }
    >
      <p>{message}</p>
    </StatusPanel>
  );
}
