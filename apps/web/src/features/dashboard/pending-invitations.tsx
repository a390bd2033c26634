import { MESSAGES, type PendingInvitation } from '@verity/shared';
import { Forward, Mail } from 'lucide-react';
import { ListEmpty } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { formatShortDate } from '../../lib/format-date';
import { usePendingInvitations, useResendInvitation, useSendWelcomeEmail } from './api';
import { displayName } from './format';
import { PanelSection, QueryContent } from '../../components/panel-section';

/** Invitations not accepted yet, newest first, each of which can be e-mailed again. */
export function PendingInvitationsSection() {
  const query = usePendingInvitations();
  return (
    <PanelSection title="Pending invitations" description="People invited who have not joined yet.">
      <QueryContent query={query} errorMessage={MESSAGES.pendingInvitationsFailed} loadingMessage="Loading invitations…">
        {(data) =>
          data.invitations.length === 0 ? (
            <ListEmpty title="No pending invitations" className="py-6" />
          ) : (
            <ul aria-label="Pending invitations" className="-my-2 divide-y divide-slate-100">
              {data.invitations.map((invitation) => (
                <PendingInvitationRow key={invitation.invitation_id} invitation={invitation} />
              ))}
            </ul>
          )
        }
      </QueryContent>
    </PanelSection>
  );
}

/**
 * An invitation e-mailed can be sent again; one made as a link to share can instead be e-mailed
 * to the person (the welcome e-mail), for when the link never reached them. Either way a new link
 * goes out and the earlier one stops working.
 */
function PendingInvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const resend = useResendInvitation();
  const welcome = useSendWelcomeEmail();
  const name = displayName(invitation.first_name, invitation.last_name);
  const byLink = invitation.kind === 'link';
  const sending = byLink ? welcome : resend;
  const onSend = () => {
    const done = {
      onSuccess: () =>
        toast.success(byLink ? `Invitation e-mailed to ${invitation.email}` : `Invitation sent again to ${invitation.email}`),
      onError: (error: unknown) => toast.error(errorMessage(error, MESSAGES.resendUserInvitationFailed)),
    };
    if (byLink) welcome.mutate(invitation.user_id, done);
    else resend.mutate(invitation.invitation_id, done);
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900 text-sm">{name}</p>
        <p className="break-all text-slate-600 text-sm">{invitation.email}</p>
        <p className="mt-0.5 text-slate-500 text-xs">
          {invitation.kind === 'link' ? 'Link created' : 'E-mailed'} {formatShortDate(invitation.invited_at)} ·{' '}
          {invitation.expired ? (
            <span className="font-medium text-amber-800">Expired</span>
          ) : (
            `expires ${formatShortDate(invitation.expires_at)}`
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        onClick={onSend}
        loading={sending.isPending}
        aria-label={byLink ? `E-mail the invitation to ${invitation.email}` : `Resend the invitation to ${invitation.email}`}
        className="shrink-0 self-start sm:self-center"
      >
        {!sending.isPending &&
          (byLink ? <Mail aria-hidden="true" className="size-4" /> : <Forward aria-hidden="true" className="size-4" />)}
        {byLink ? 'E-mail it' : 'Resend'}
      </Button>
    </li>
  );
}
