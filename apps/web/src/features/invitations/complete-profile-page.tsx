import { linkCode, MESSAGES } from '@verity/shared';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { ButtonLink } from '../../components/ui/button-link';
import { LoadingState } from '../../components/ui/loading-state';
import { TextLink } from '../../components/ui/text-link';
import { errorMessage } from '../../lib/form-errors';
import { useVerifyInvitation } from './api';
import { CompleteProfileForm } from './complete-profile-form';
import { ResendInvitationForm } from './resend-invitation-form';
import { offersResend, saysAlreadyUsed } from './resend-rule';

const MISSING_TOKEN = 'This invitation link is invalid: part of it is missing. Open the whole link from your invitation e-mail.';

/**
 * The target of an invitation link (/auth/complete-profile?token=…): the link is checked, then
 * the person completes their profile and is signed in. Keyed by the token, so another link
 * opened in the same tab starts afresh.
 */
export function CompleteProfilePage() {
  const [searchParams] = useSearchParams();
  const token = linkCode(searchParams.get('token'));
  if (token === null) return <InvitationProblem message={MISSING_TOKEN} />;
  return <VerifiedProfile key={token} token={token} />;
}

function VerifiedProfile({ token }: { token: string }) {
  const verified = useVerifyInvitation(token);
  if (verified.isPending) return <LoadingState message="Checking your invitation…" />;
  if (verified.isError) return <InvitationProblem message={errorMessage(verified.error, MESSAGES.verifyInvitationFailed)} token={token} />;
  return (
    <div>
      <Header
        title="Complete your profile"
        description={`You have been invited to join ${verified.data.organisation} on Verity. Check your details and choose a password.`}
      />
      <CompleteProfileForm invitation={verified.data} />
    </div>
  );
}

/** Why the link does not work, and a way to get a new one when asking could help (SPEC §4). */
function InvitationProblem({ message, token }: { message: string; token?: string }) {
  if (saysAlreadyUsed(message)) return <InvitationUsed message={message} />;
  return (
    <div className="space-y-5">
      <Header title={MESSAGES.verifyInvitationFailed} />
      <Alert>{message}</Alert>
      {token !== undefined && offersResend(message) && <ResendInvitationForm token={token} />}
      <p className="text-center text-slate-600 text-sm">
        Already completed your profile? <TextLink to="/auth/login">Sign in</TextLink>
      </p>
    </div>
  );
}

/**
 * A link opened again after the profile was completed: the account exists, so the way in is
 * signing in, not a new link (which the server refuses for a used invitation; docs/decisions.md).
 */
function InvitationUsed({ message }: { message: string }) {
  return (
    <div className="space-y-5">
      <Header title="Invitation already used" />
      <Alert tone="info">{message}</Alert>
      <ButtonLink to="/auth/login" className="w-full">
        Sign in
      </ButtonLink>
      <p className="text-center text-slate-600 text-sm">
        Forgotten your password? <TextLink to="/auth/forgot-password">Reset it</TextLink>
      </p>
    </div>
  );
}

function Header({ title, description }: { title: string; description?: string }) {
  return (
    <header className="mb-6 space-y-2 text-center">
      <h1 className="text-balance font-semibold text-2xl text-slate-900 tracking-tight">{title}</h1>
      {description && <p className="text-pretty text-slate-600 text-sm leading-6">{description}</p>}
    </header>
  );
}
