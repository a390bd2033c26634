import { useSearchParams } from 'react-router';
import { LoadingState } from '../../components/ui/loading-state';
import { Button } from '../../components/ui/button';
import { ButtonLink } from '../../components/ui/button-link';
import { useAppConfig } from '../../lib/app-config';
import { errorMessage } from '../../lib/form-errors';
import { AuthPageHeader } from './auth-page-header';
import { startMicrosoftSignIn } from './sso';
import { StatusPanel } from './status-panel';
import { useHandOff } from './use-hand-off';

/** Sign in with Microsoft: straight on to Microsoft when it is configured; otherwise says so and offers the password. */
export function LoginSsoPage() {
  const config = useAppConfig();
  if (config.isPending) return <LoadingState message="Loading…" />;
  if (!config.data?.microsoft_sso_enabled) {
    return (
      <div>
        <AuthPageHeader title="Single sign-on" />
        <div className="space-y-3 text-center text-slate-600 text-sm leading-6">
          <p>Single sign-on for your organisation is not configured on this server.</p>
          <p>Sign in with your Verity e-mail address and password instead.</p>
        </div>
        <ButtonLink to="/auth/login" className="mt-6 w-full">
          Back to sign in
        </ButtonLink>
      </div>
    );
  }
  return <ToMicrosoft />;
}

function ToMicrosoft() {
  const [searchParams] = useSearchParams();
  const { failure, retry } = useHandOff(() => startMicrosoftSignIn(searchParams.get('redirect')));
  if (!failure) return <LoadingState message="Taking you to Microsoft to sign in…" />;
  return (
    <StatusPanel
      tone="error"
      title="Microsoft sign-in did not start"
      actions={
        <>
          <Button className="w-full" onClick={retry}>
            Try again
          </Button>
          <ButtonLink to="/auth/login" variant="secondary" className="w-full">
            Sign in with e-mail and password
          </ButtonLink>
        </>
      }
    >
      <p>{errorMessage(failure, 'Microsoft sign-in could not be started. Please try again.')}</p>
    </StatusPanel>
  );
}
