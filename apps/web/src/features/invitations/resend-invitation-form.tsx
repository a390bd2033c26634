import { MESSAGES } from '@verity/shared';
import type { FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { useRenewInvitation } from './api';

/**
 * Asks for a new invitation link with the token of the one that no longer works. The new link
 * goes only to the address the invitation was sent to, so nobody needs to be signed in.
 */
export function ResendInvitationForm({ token }: { token: string }) {
  const renew = useRenewInvitation();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    renew.mutate(token);
  };

  if (renew.isSuccess) {
    return (
      <Alert tone="success" title="New link sent">
        A new invitation link has been sent to your e-mail address. Open it from the e-mail to complete your profile.
      </Alert>
    );
  }
  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Request a new invitation link" className="space-y-4">
      {renew.isError && <Alert>{MESSAGES.resendInvitationFailed}</Alert>}
      <p className="text-slate-600 text-sm leading-6">We can send a new invitation link to the e-mail address you were invited with.</p>
      <Button type="submit" className="w-full" loading={renew.isPending}>
        Send me a new link
      </Button>
    </form>
  );
}
