import { type JoinRequest, type JoinRole, joinEndpoints } from '@verity/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListEmpty } from '../../components/list-states';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/form-errors';
import { formatShortDate } from '../../lib/format-date';
import { dashboardKeys } from './api';
import { displayName } from './format';

/**
 * Requests to join the champion's organisation: people who signed up with an address in one of its
 * verified domains, each waiting (with no access) until a champion approves — with a role — or
 * declines. The other dashboard panels are untouched; this one keeps its calls to itself.
 */

const joinRequestsKey = ['dashboard', 'join-requests'] as const;

function useJoinRequests() {
  return useQuery({
    queryKey: joinRequestsKey,
    queryFn: ({ signal }) => api(joinEndpoints.requests, {}, { signal, background: true }),
  });
}

function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: { approve: true; role: JoinRole } | { approve: false } }) =>
      decision.approve
        ? api(joinEndpoints.approve, { params: { requestId: id }, body: { role: decision.role } }, { background: true })
        : api(joinEndpoints.decline, { params: { requestId: id } }, { background: true }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: joinRequestsKey });
      // The new member appears among the users.
      void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}

const ROLE_CHOICES: readonly { role: JoinRole; label: string; description: string }[] = [
  { role: 'standard', label: 'Standard', description: 'Uses every tool: chat, write, review, the wiki and tutorials.' },
  { role: 'guest', label: 'Guest', description: 'Home, profile and what colleagues share with them only.' },
  { role: 'champion', label: 'Champion', description: 'Also sees this dashboard, invites people and decides requests.' },
];

/**
 * The dashboard's joining panels: requests waiting (at the top, where the notification leads) and,
 * while Verity has not confirmed it, the champion's own e-mail domain to ask for.
 */
export function JoinRequestsSection() {
  return (
    <>
      <RequestsPanel />
      <OwnDomainPanel />
    </>
  );
}

const ownDomainKey = ['dashboard', 'join-domain'] as const;

/** The champion's own domain: asked for once, then confirmed (or not) by a Verity administrator. */
function OwnDomainPanel() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ownDomainKey,
    queryFn: ({ signal }) => api(joinEndpoints.ownDomain, {}, { signal, background: true }),
  });
  const ask = useMutation({
    mutationFn: () => api(joinEndpoints.requestDomain, {}, { background: true }),
    onSuccess: (answer) => {
      queryClient.setQueryData(ownDomainKey, answer);
      toast.success(`Verity has been asked to confirm ${answer.domain}`);
    },
  });
  const data = query.data;
  if (!data || data.status === 'verified' || data.status === 'shared') return null;
  return (
    <PanelSection title="Your organisation’s e-mail domain">
      {ask.isError && <Alert className="mb-3">{errorMessage(ask.error, 'Failed to ask for the domain')}</Alert>}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-prose text-pretty text-slate-600 text-sm leading-6">
          {data.status === 'pending'
            ? `Waiting for a Verity administrator to confirm ${data.domain}${data.requested_at ? ` (asked ${formatShortDate(data.requested_at)})` : ''}.`
            : data.status === 'refused'
              ? `Verity did not confirm ${data.domain} for your organisation. Contact Verity support if it should be, then ask again.`
              : `Once Verity confirms ${data.domain} as your organisation’s domain, colleagues who sign up with an address there ask to join your organisation, and you approve them here.`}
        </p>
        {data.status !== 'pending' && (
          <Button variant="secondary" className="shrink-0 self-start sm:self-center" onClick={() => ask.mutate()} loading={ask.isPending}>
            Ask Verity to confirm {data.domain}
          </Button>
        )}
      </div>
    </PanelSection>
  );
}

/** Shown only while someone waits (or the list failed). */
function RequestsPanel() {
  const query = useJoinRequests();
  if (query.isPending || (query.isSuccess && query.data.requests.length === 0)) return null;
  return (
    <PanelSection
      title="Requests to join"
      description="People who signed up with your organisation’s e-mail domain. They can use nothing until you approve them."
    >
      <QueryContent query={query} errorMessage="Failed to load requests to join" loadingMessage="Loading requests…">
        {(data) =>
          data.requests.length === 0 ? (
            <ListEmpty title="No requests waiting" className="py-6" />
          ) : (
            <ul aria-label="Requests to join" className="-my-2 divide-y divide-slate-100">
              {data.requests.map((request) => (
                <JoinRequestRow key={request.id} request={request} />
              ))}
            </ul>
          )
        }
      </QueryContent>
    </PanelSection>
  );
}

function JoinRequestRow({ request }: { request: JoinRequest }) {
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const decide = useDecide();
  const name = displayName(request.first_name, request.last_name);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="break-words font-medium text-slate-900 text-sm">{name}</p>
        <p className="break-all text-slate-600 text-sm">{request.email}</p>
        <p className="mt-0.5 text-slate-500 text-xs">
          {request.job_title ? `${request.job_title} · ` : ''}asked {formatShortDate(request.requested_at)}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" onClick={() => setDialog('approve')} aria-label={`Approve ${name}`}>
          <Check aria-hidden="true" className="size-4" />
          Approve
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setDialog('decline')} aria-label={`Decline ${name}`}>
          <X aria-hidden="true" className="size-4" />
          Decline
        </Button>
      </div>
      <ApproveDialog open={dialog === 'approve'} name={name} requestId={request.id} onClose={() => setDialog(null)} />
      <ConfirmDeleteDialog
        open={dialog === 'decline'}
        title={`Decline ${name}?`}
        confirmLabel="Decline"
        onDelete={() => decide.mutateAsync({ id: request.id, decision: { approve: false } })}
        deletedMessage={`Request from ${name} declined`}
        failedMessage="Failed to decline the request"
        onClose={() => setDialog(null)}
      >
        <p>
          {name} is told, and cannot use Verity in your organisation. They may start an organisation of their own, or you can invite them
          later.
        </p>
      </ConfirmDeleteDialog>
    </li>
  );
}

function ApproveDialog({ open, name, requestId, onClose }: { open: boolean; name: string; requestId: string; onClose: () => void }) {
  const [role, setRole] = useState<JoinRole>('standard');
  const decide = useDecide();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (decide.isPending) return;
    setError(null);
    onClose();
  };
  const approve = () =>
    decide.mutate(
      { id: requestId, decision: { approve: true, role } },
      {
        onSuccess: () => {
          toast.success(`${name} can now use Verity`);
          onClose();
        },
        onError: (cause) => setError(errorMessage(cause, 'Failed to approve the request')),
      },
    );
  return (
    <Dialog
      open={open}
      onClose={close}
      title={`Approve ${name}?`}
      description="They join your organisation with the role you choose, and are told by a notification."
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={decide.isPending}>
            Cancel
          </Button>
          <Button onClick={approve} loading={decide.isPending}>
            Approve
          </Button>
        </>
      }
    >
      {error && <Alert className="mb-4">{error}</Alert>}
      <fieldset className="space-y-2">
        <legend className="mb-2 font-medium text-slate-800 text-sm">Role</legend>
        {ROLE_CHOICES.map((choice) => (
          <label
            key={choice.role}
            className="flex cursor-pointer gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              name="join-role"
              value={choice.role}
              checked={role === choice.role}
              onChange={() => setRole(choice.role)}
              className="mt-1"
              data-autofocus={choice.role === 'standard' ? true : undefined}
            />
            <span className="min-w-0">
              <span className="block font-medium text-slate-900 text-sm">{choice.label}</span>
              <span className="block text-slate-600 text-sm">{choice.description}</span>
            </span>
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}
