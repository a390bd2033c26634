import { ButtonLink } from '../../components/ui/button-link';
import { AuthPageHeader } from './auth-page-header';

/** Forum-only accounts are not offered by this server yet. */
export function RegisterForumPage() {
  return (
    <div>
      <AuthPageHeader title="Create a community forum account" />
      <p className="text-center text-slate-600 text-sm leading-6">Community forum accounts are not available on this server yet.</p>
      <ButtonLink to="/auth/login" className="mt-6 w-full">
        Back to sign in
      </ButtonLink>
    </div>
  );
}
