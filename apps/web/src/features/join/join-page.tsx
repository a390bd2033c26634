import type { JoinStatus } from '@verity/shared';
import { Building2, Clock, UserRoundX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListLoadFailed } from '../../components/list-states';
import { LoadingScreen } from '../../components/loading-screen';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useAuthStore } from '../../lib/auth-store';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/form-errors';
import { formatShortDate } from '../../lib/format-date';
import { HOME_PATH, JOIN_PATH, loginRedirectPath } from '../../lib/redirect';
import { refreshProfile, useJoinStatus, useLeave, useStartOrganisation } from './api';

/**
 * /join: where a signed-in person without a role lands (the route guard sends them here). Their
 * request to join their organisation is waiting for a champion, named; or it was declined, and
 * they may start their own organisation or close the account to be invited. Nothing else of the
 * organisation's is reachable until a champion approves (the server refuses it too).
 */
export function JoinPage() {
  const initialised = useAuthStore((s) => s.initialised);
  const authenticated = useAuthStore((s) => s.authenticated);
  const roles = useAuthStore((s) => s.user?.account_roles);
  if (!initialised) return <LoadingScreen />;
  if (!authenticated) return <Navigate to={loginRedirectPath(JOIN_PATH)} replace />;
  if ((roles ?? []).length > 0) return <Navigate to={HOME_PATH} replace />;
  return <JoinStatusView />;
}

function JoinStatusView() {
  const query = useJoinStatus();
  const [leaving, setLeaving] = useState(false);
  const status = query.data?.status;

  // Approved meanwhile: load the profile with its new role; the guard's own rule then lets them in.
  useEffect(() => {
    if (status === 'member') void refreshProfile();
  }, [status]);

  if (query.isPending || status === 'member') return <LoadingScreen />;
  if (query.isError)
    return <ListLoadFailed message="We could not load your request. Please try again." onRetry={() => void query.refetch()} />;
  const data = query.data;
  return (
    <>
      {data.status === 'pending' ? (
        <Waiting status={data} onWithdraw={() => setLeaving(true)} checking={query.isFetching} onCheck={() => void query.refetch()} />
      ) : (
        <Declined status={data} onClose={() => setLeaving(true)} />
      )}
      <LeaveDialog open={leaving} pending={data.status === 'pending'} onClose={() => setLeaving(false)} />
    </>
  );
}

function Heading({ icon, tone, title, children }: { icon: ReactNode; tone: 'wait' | 'declined'; title: string; children: ReactNode }) {
  return (
    <header className="flex flex-col items-center text-center">
      <span
        className={cn(
          'mb-4 flex size-12 items-center justify-center rounded-full',
          tone === 'wait' ? 'bg-brand-50 text-brand-700' : 'bg-amber-50 text-amber-800',
        )}
      >
        {icon}
      </span>
      <h1 className="text-balance font-semibold text-2xl text-slate-900 tracking-tight">{title}</h1>
      <div className="mt-3 space-y-3 text-pretty text-slate-600 text-sm leading-6">{children}</div>
    </header>
  );
}

/** "Alex Morgan", "Alex Morgan or Sam Lee", "A, B or C". */
function championNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

function Waiting({
  status,
  onWithdraw,
  onCheck,
  checking,
}: {
  status: JoinStatus;
  onWithdraw: () => void;
  onCheck: () => void;
  checking: boolean;
}) {
  const logout = useAuthStore((s) => s.logout);
  const champions = championNames(status.champions);
  return (
    <section role="status" aria-live="polite">
      <Heading icon={<Clock aria-hidden="true" className="size-6" />} tone="wait" title="Your request is waiting for approval">
        <p>
          You asked to join <strong className="font-semibold text-slate-900">{status.organisation_name}</strong> on Verity
          {status.requested_at ? ` on ${formatShortDate(status.requested_at)}` : ''}.
        </p>
        {champions ? (
          <p>
            Its champion, <strong className="font-semibold text-slate-900">{champions}</strong>, needs to approve your request. We have let
            them know. This page updates by itself once they have.
          </p>
        ) : (
          <p>Your organisation has no champion at the moment, so nobody can approve your request yet. Please contact Verity support.</p>
        )}
        <p>Until then you cannot open the tools or your organisation’s documents.</p>
      </Heading>
      <div className="mt-6 flex flex-col gap-3">
        <Button className="w-full" onClick={onCheck} loading={checking}>
          Check again
        </Button>
        <Button variant="secondary" className="w-full" onClick={() => void logout()}>
          Sign out
        </Button>
        <Button variant="ghost" className="w-full" onClick={onWithdraw}>
          Withdraw my request
        </Button>
      </div>
    </section>
  );
}

function Declined({ status, onClose }: { status: JoinStatus; onClose: () => void }) {
  const start = useStartOrganisation();
  const navigate = useNavigate();
  const logout = useAuthStore((s) => s.logout);
  const onStart = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        void navigate(HOME_PATH, { replace: true });
      },
    });
  return (
    <section>
      <Heading
        icon={<UserRoundX aria-hidden="true" className="size-6" />}
        tone="declined"
        title={`Your request to join ${status.organisation_name} was declined`}
      >
        <p>
          A champion of {status.organisation_name} declined your request
          {status.decided_at ? ` on ${formatShortDate(status.decided_at)}` : ''}. If you think this is a mistake, speak to them.
        </p>
        <p>You can still use Verity in one of these two ways.</p>
      </Heading>
      {start.isError && (
        <Alert className="mt-4">{errorMessage(start.error, 'We could not create your organisation. Please try again.')}</Alert>
      )}
      <ul className="mt-6 space-y-3">
        <Option
          icon={<Building2 aria-hidden="true" className="size-5" />}
          title="Start your own organisation"
          description="Create an organisation of your own. You become its champion and can invite colleagues."
          action={
            <Button className="w-full sm:w-auto" onClick={onStart} loading={start.isPending}>
              Start an organisation
            </Button>
          }
        />
        <Option
          icon={<Clock aria-hidden="true" className="size-5" />}
          title="Ask a champion for an invitation"
          description="A champion invites people by e-mail from their dashboard. Your address already has this account, so close it first; the invitation then sets up a new one in their organisation."
          action={
            <Button variant="secondary" className="w-full sm:w-auto" onClick={onClose}>
              Close my account
            </Button>
          }
        />
      </ul>
      <p className="mt-6 text-center">
        <Button variant="ghost" onClick={() => void logout()}>
          Sign out
        </Button>
      </p>
    </section>
  );
}

function Option({ icon, title, description, action }: { icon: ReactNode; title: string; description: string; action: ReactNode }) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <div className="flex gap-3">
        <span className="mt-0.5 shrink-0 text-brand-700">{icon}</span>
        <div className="min-w-0">
          <h2 className="font-semibold text-slate-900 text-sm">{title}</h2>
          <p className="mt-1 text-pretty text-slate-600 text-sm leading-6">{description}</p>
          <div className="mt-3">{action}</div>
        </div>
      </div>
    </li>
  );
}

function LeaveDialog({ open, pending, onClose }: { open: boolean; pending: boolean; onClose: () => void }) {
  const leave = useLeave();
  return (
    <ConfirmDeleteDialog
      open={open}
      title={pending ? 'Withdraw your request?' : 'Close your account?'}
      onDelete={() => leave.mutateAsync()}
      deletedMessage="Your account has been closed."
      failedMessage="We could not close your account. Please try again."
      onClose={onClose}
      confirmLabel={pending ? 'Withdraw and close account' : 'Close account'}
    >
      <p>Your account and your request are removed. You can then be invited by a champion, or sign up again with the same address.</p>
    </ConfirmDeleteDialog>
  );
}
