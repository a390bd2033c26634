import { MESSAGES, type PendingInvitation } from '@verity/shared';
import { Forward } from 'lucide-react';
import { ListEmpty } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { formatShortDate } from '../../lib/format-date';
import { usePendingInvitations, useResendInvitation } from './api';
import { displayName } from './format';
import { DashboardSection, QueryContent } from './section';

/** Invitations not accepted yet, newest first, each of which can be e-mailed again. */
export function PendingInvitationsSection() {
  const query = usePendingInvitations();
  return (
    <DashboardSection title="Pending invitations" description="People invited who have not joined yet.">
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
    </DashboardSection>
  );
}

function PendingInvitationRow({ invitation }: { invitation: PendingInvitation }) {
  const resend = useResendInvitation();
  const name = displayName(invitation.first_name, invitation.last_name);
  const onResend = () =>
    resend.mutate(invitation.invitation_id, {
      onSuccess: () => toast.success(`Invitation sent again to ${invitation.email}`),
      onError: (error) => toast.error(errorMessage(error, MESSAGES.resendUserInvitationFailed)),
    });
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
        onClick={onResend}
        loading={resend.isPending}
        aria-label={`Resend the invitation to ${invitation.email}`}
        className="shrink-0 self-start sm:self-center"
      >
        {!resend.isPending && <Forward aria-hidden="true" className="size-4" />}
        Resend
      </Button>
    </li>
  );
}
