import { MESSAGES, type PendingInvitation } from '@verity/shared';
import { Forward, Mail, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListEmpty } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { formatShortDate } from '../../lib/format-date';
import { usePendingInvitations, useResendInvitation, useRevokeInvitation, useSendWelcomeEmail } from './api';
import { displayName, ROLE_LABELS } from './format';
import { PanelSection, QueryContent } from '../../components/panel-section';

/** Invitations not accepted yet, newest first, each of which can be e-mailed again or withdrawn. */
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
  const [withdrawing, setWithdrawing] = useState(false);
  const revoke = useRevokeInvitation();
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
          {ROLE_LABELS[invitation.role]} · {invitation.kind === 'link' ? 'Link created' : 'E-mailed'}{' '}
          {formatShortDate(invitation.invited_at)} ·{' '}
          {invitation.expired ? (
            <span className="font-medium text-amber-800">Expired</span>
          ) : (
            `expires ${formatShortDate(invitation.expires_at)}`
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2 self-start sm:self-center">
        <Button
          variant="secondary"
          size="sm"
          onClick={onSend}
          loading={sending.isPending}
          aria-label={byLink ? `E-mail it to ${invitation.email}` : `Resend the invitation to ${invitation.email}`}
          className="h-8"
        >
          {!sending.isPending &&
            (byLink ? <Mail aria-hidden="true" className="size-4" /> : <Forward aria-hidden="true" className="size-4" />)}
          {byLink ? 'E-mail it' : 'Resend'}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setWithdrawing(true)}
          aria-label={`Withdraw the invitation to ${invitation.email}`}
          className="h-8 text-red-800 hover:bg-red-50"
        >
          <Undo2 aria-hidden="true" className="size-4" />
          Withdraw
        </Button>
      </div>
      <ConfirmDeleteDialog
        open={withdrawing}
        title={`Withdraw the invitation to ${invitation.email}?`}
        confirmLabel="Withdraw"
        onDelete={() => revoke.mutateAsync(invitation.invitation_id)}
        deletedMessage={`Invitation to ${invitation.email} withdrawn`}
        failedMessage="The invitation could not be withdrawn. Please try again."
        onClose={() => setWithdrawing(false)}
      >
        <p>
          The link stops working: opening it will say the invitation was withdrawn by your organisation’s champion. You can invite{' '}
          {invitation.email} again later.
        </p>
      </ConfirmDeleteDialog>
    </li>
  );
}
