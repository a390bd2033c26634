import type { AdminUser, AdminUsersResponse, Role } from '@verity/shared';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListFilterSelect } from '../../components/list-filter-select';
import { ListPagination } from '../../components/list-pagination';
import { ListSearch } from '../../components/list-search';
import { ListLoadFailed, ListLoading } from '../../components/list-states';
import { PanelSection } from '../../components/panel-section';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { usePagedSearch } from '../../hooks/use-paged-search';
import { cn } from '../../lib/cn';
import { formatShortDate } from '../../lib/format-date';
import { errorMessage } from '../../lib/form-errors';
import { useAdminOrganisations, useAdminUsers, useResendVerification, useSignOutUser, useUpdateUser } from './api';

/** The role sets a person can hold: a guest alone; champions and administrators are standard users too. */
export const ROLE_CHOICES: readonly { key: string; label: string; roles: Role[] }[] = [
  { key: 'guest', label: 'Guest', roles: ['guest'] },
  { key: 'standard', label: 'Standard', roles: ['standard'] },
  { key: 'champion', label: 'Champion', roles: ['standard', 'champion'] },
  { key: 'admin', label: 'Administrator', roles: ['standard', 'verity_admin'] },
  { key: 'champion-admin', label: 'Champion and administrator', roles: ['standard', 'champion', 'verity_admin'] },
];

/** The choice a person's roles make, or null when they hold a set the choices do not name. */
export function roleChoiceOf(roles: readonly string[]): string | null {
  const match = ROLE_CHOICES.find((choice) => choice.roles.length === roles.length && choice.roles.every((role) => roles.includes(role)));
  return match?.key ?? null;
}

/** Everyone, searched by name or address and by organisation: roles, deactivation, sign-out and verification. */
export function UsersSection() {
  const [organisationId, setOrganisationId] = useState('');
  const organisations = useAdminOrganisations();
  // The organisation chosen narrows the list the search pages through.
  const useUsersHere = (q: string, page: number) => useAdminUsers(q, page, organisationId);
  const search = usePagedSearch(useUsersHere, (list: AdminUsersResponse) => list.users);
  const { list } = search;

  return (
    <PanelSection
      title="People"
      description="Everyone with a Verity account. Deactivating someone signs them out and stops them signing in; their work is kept."
    >
      <div className="flex flex-wrap items-end gap-3">
        <ListSearch
          value={search.query}
          onChange={search.setQuery}
          maxLength={200}
          label="Search people"
          placeholder="Name or e-mail address"
          searching={search.searching}
          announcement={search.answered ? `${search.total} ${search.total === 1 ? 'person' : 'people'} found` : ''}
          className="min-w-0 flex-1 basis-72"
        />
        <ListFilterSelect
          label="Organisation"
          value={organisationId}
          onChange={(value) => {
            setOrganisationId(value);
            search.goTo(1);
          }}
          options={[
            { value: '', label: 'Every organisation' },
            ...(organisations.data?.organisations ?? []).map((organisation) => ({ value: organisation.id, label: organisation.name })),
          ]}
          className="basis-64"
        />
      </div>
      <div className="mt-4">
        {list.isPending ? (
          <ListLoading message="Loading people…" />
        ) : list.isError ? (
          <ListLoadFailed message="The people could not be loaded." onRetry={() => void list.refetch()} />
        ) : search.items.length === 0 ? (
          <p className="text-slate-600 text-sm">{search.q ? 'Nobody matches that search.' : 'Nobody here yet.'}</p>
        ) : (
          <div className={cn(list.isPlaceholderData && 'opacity-60 transition-opacity')}>
            <UsersTable users={search.items} />
            <ListPagination page={search.page} pages={search.pages} label="Pages of people" busy={list.isFetching} onPage={search.goTo} />
          </div>
        )}
      </div>
    </PanelSection>
  );
}

function UsersTable({ users }: { users: readonly AdminUser[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[56rem] border-collapse text-left text-sm">
        <caption className="sr-only">People</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {['Person', 'Organisation', 'Role', 'State', 'Last sign-in'].map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold">
                {column}
              </th>
            ))}
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const update = useUpdateUser();
  const signOut = useSignOutUser();
  const resend = useResendVerification();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = `${user.firstname} ${user.surname}`.trim() || user.email;
  const choice = roleChoiceOf(user.roles);

  const run = async (work: () => Promise<string>, failed: string) => {
    setError(null);
    try {
      toast.success(await work());
    } catch (cause) {
      setError(errorMessage(cause, failed));
    }
  };

  const changeRoles = (key: string) => {
    const next = ROLE_CHOICES.find((option) => option.key === key);
    if (!next) return;
    void run(async () => {
      await update.mutateAsync({ id: user.id, change: { roles: next.roles } });
      return `${name} is now ${next.key === 'admin' ? 'an administrator' : next.key === 'standard' ? 'a standard user' : next.label.toLowerCase()}`;
    }, 'The role could not be changed.');
  };

  return (
    <tr className="border-slate-200 border-t align-top">
      <th scope="row" className="px-3 py-2.5 font-normal">
        <span className="block font-medium text-slate-900">{name}</span>
        <span className="block text-slate-500 text-xs">{user.email}</span>
        {user.job_title && <span className="block text-slate-500 text-xs">{user.job_title}</span>}
        {error && <Alert className="mt-2">{error}</Alert>}
      </th>
      <td className="px-3 py-2.5 text-slate-700">{user.organisation.name}</td>
      <td className="px-3 py-2.5">
        <select
          aria-label={`Role of ${name}`}
          value={choice ?? 'other'}
          disabled={update.isPending}
          onChange={(event) => changeRoles(event.target.value)}
          className="focus-ring h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
        >
          {choice === null && (
            <option value="other" disabled>
              {user.roles.join(' + ')}
            </option>
          )}
          {ROLE_CHOICES.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </select>
      </td>
      <td className="px-3 py-2.5">
        <span
          className={cn(
            'rounded-full px-2 py-0.5 font-medium text-xs',
            user.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700',
          )}
        >
          {user.active ? 'Active' : 'Deactivated'}
        </span>
        {!user.email_verified && <span className="mt-1 block text-amber-800 text-xs">Address not verified</span>}
      </td>
      <td className="whitespace-nowrap px-3 py-2.5 text-slate-600">{user.last_login_at ? formatShortDate(user.last_login_at) : 'Never'}</td>
      <td className="px-3 py-2.5">
        <div className="flex flex-wrap justify-end gap-1">
          {!user.email_verified && (
            <Button
              variant="ghost"
              size="sm"
              loading={resend.isPending}
              aria-label={`Resend link to ${name} to verify their address`}
              onClick={() => void run(async () => (await resend.mutateAsync(user.id)).message, 'The link could not be sent.')}
            >
              Resend link
            </Button>
          )}
          <Button
            variant="ghost"
            size="sm"
            loading={signOut.isPending}
            aria-label={`Sign out ${name} everywhere`}
            onClick={() =>
              void run(async () => {
                await signOut.mutateAsync(user.id);
                return `${name} is signed out everywhere`;
              }, 'They could not be signed out.')
            }
          >
            Sign out
          </Button>
          {user.active ? (
            <Button variant="ghost" size="sm" aria-label={`Deactivate ${name}`} onClick={() => setConfirming(true)}>
              Deactivate
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              loading={update.isPending}
              aria-label={`Reactivate ${name}`}
              onClick={() =>
                void run(async () => {
                  await update.mutateAsync({ id: user.id, change: { active: true } });
                  return `${name} reactivated`;
                }, 'They could not be reactivated.')
              }
            >
              Reactivate
            </Button>
          )}
        </div>
        <ConfirmDeleteDialog
          open={confirming}
          title={`Deactivate ${name}?`}
          confirmLabel="Deactivate"
          onDelete={() => update.mutateAsync({ id: user.id, change: { active: false } })}
          deletedMessage={`${name} deactivated`}
          failedMessage="They could not be deactivated."
          onClose={() => setConfirming(false)}
        >
          They will be signed out everywhere and cannot sign in until reactivated. Their conversations, documents and reviews are kept.
        </ConfirmDeleteDialog>
      </td>
    </tr>
  );
}
