import { ButtonLink } from '../../components/ui/button-link';
import { AuthPageHeader } from './auth-page-header';

/** Organisation single sign-on is not part of this server yet; say so rather than show a dead form. */
export function LoginSsoPage() {
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
