import { ButtonLink } from '../../components/ui/button-link';
import { AuthPageHeader } from './auth-page-header';

/** Where Microsoft Entra ID would return after sign-in; until it is configured there is nothing to complete. */
export function MicrosoftCallbackPage() {
  return (
    <div>
      <AuthPageHeader title="Microsoft sign-in" />
      <p className="text-center text-slate-600 text-sm leading-6">Microsoft sign-in is not configured on this server.</p>
      <ButtonLink to="/auth/login" className="mt-6 w-full">
        Go to sign in
      </ButtonLink>
    </div>
  );
}
