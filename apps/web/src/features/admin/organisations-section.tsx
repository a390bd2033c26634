import type { AdminOrganisation } from '@verity/shared';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { PanelSection, QueryContent } from '../../components/panel-section';
import { RenameForm } from '../../components/rename-form';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { formatShortDate } from '../../lib/format-date';
import { errorMessage } from '../../lib/form-errors';
import { useAdminOrganisations, useCreateOrganisation, useUpdateOrganisation } from './api';
import { MicrosoftTenantsDialog } from './microsoft-tenants-dialog';
import { OrganisationDeleteDialog } from './organisation-delete-dialog';
import { DomainRequestsSection } from './domain-requests-section';

const NAME_MAX = 200;

/** Every organisation: create one, rename, deactivate and reactivate. Each change is in the audit log. */
export function OrganisationsSection() {
  const organisations = useAdminOrganisations();
  return (
    <div className="space-y-6">
      <DomainRequestsSection />
      <PanelSection
        title="Organisations"
        description="Everyone who uses Verity belongs to one. A deactivated organisation keeps its data; its members cannot sign in until it is reactivated. Only a deactivated organisation can be deleted, with everything of it."
      >
        <NewOrganisationForm />
        <div className="mt-5">
          <QueryContent query={organisations} loadingMessage="Loading organisations…" errorMessage="The organisations could not be loaded.">
            {(data) => <OrganisationsTable organisations={data.organisations} />}
          </QueryContent>
        </div>
      </PanelSection>
    </div>
  );
}

function NewOrganisationForm() {
  const create = useCreateOrganisation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (name.trim().length < 2) {
      setError('Enter the organisation’s name (at least 2 characters).');
      return;
    }
    setError(undefined);
    try {
      const created = await create.mutateAsync(name.trim());
      setName('');
      toast.success(`${created.name} created`);
    } catch (cause) {
      setError(errorMessage(cause, 'The organisation could not be created.'));
    }
  };

  return (
    <form onSubmit={submit} aria-label="New organisation" className="flex flex-wrap items-end gap-3" noValidate>
      <TextField
        label="New organisation"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={NAME_MAX}
        placeholder="e.g. Riverside Community Health NHS Trust"
        error={error}
        className="min-w-0 flex-1 basis-72"
      />
      <Button type="submit" loading={create.isPending} className={error ? 'mb-6' : undefined}>
        <Plus aria-hidden="true" className="size-4" />
        Create
      </Button>
    </form>
  );
}

function OrganisationsTable({ organisations }: { organisations: AdminOrganisation[] }) {
  if (organisations.length === 0) return <p className="text-slate-600 text-sm">No organisations yet.</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200">
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <caption className="sr-only">Organisations</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Organisation
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              State
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Members
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Signed in, 30 days
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Created
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {organisations.map((organisation) => (
            <OrganisationRow key={organisation.id} organisation={organisation} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function OrganisationRow({ organisation }: { organisation: AdminOrganisation }) {
  const update = useUpdateOrganisation();
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [tenants, setTenants] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reactivate = async () => {
    setError(null);
    try {
      await update.mutateAsync({ id: organisation.id, change: { active: true } });
      toast.success(`${organisation.name} reactivated`);
    } catch (cause) {
      setError(errorMessage(cause, 'The organisation could not be reactivated.'));
    }
  };

  return (
    <tr className="border-slate-200 border-t align-top">
      <th scope="row" className="px-3 py-2.5 font-normal">
        {renaming ? (
          <RenameForm
            current={organisation.name}
            maxLength={NAME_MAX}
            inputLabel="Organisation name"
            failedMessage="The organisation could not be renamed."
            onSave={(name) => update.mutateAsync({ id: organisation.id, change: { name } })}
            onDone={() => setRenaming(false)}
          />
        ) : (
          <span className="font-medium text-slate-900">{organisation.name}</span>
        )}
        {organisation.domains.length > 0 && <span className="block text-slate-500 text-xs">{organisation.domains.join(', ')}</span>}
        {organisation.microsoft_tenants.length > 0 && (
          <span className="block text-slate-500 text-xs">
            Microsoft sign-in:{' '}
            {organisation.microsoft_tenants.length === 1 ? '1 tenant' : `${organisation.microsoft_tenants.length} tenants`}
          </span>
        )}
        {error && <Alert className="mt-2">{error}</Alert>}
      </th>
      <td className="px-3 py-2.5">
        {organisation.active ? (
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 text-xs">Active</span>
        ) : (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 text-xs">
            Deactivated{organisation.deactivated_at ? ` ${formatShortDate(organisation.deactivated_at)}` : ''}
          </span>
        )}
      </td>
      <td className="px-3 py-2.5 text-right tabular-nums">{organisation.members}</td>
      <td className="px-3 py-2.5 text-right tabular-nums">{organisation.active_members}</td>
      <td className="whitespace-nowrap px-3 py-2.5 text-slate-600">{formatShortDate(organisation.created_at)}</td>
      <td className="px-3 py-2.5">
        <div className="flex justify-end gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setRenaming(true)}
            disabled={renaming}
            aria-label={`Rename ${organisation.name}`}
          >
            Rename
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setTenants(true)} aria-label={`Microsoft sign-in for ${organisation.name}`}>
            Microsoft sign-in
          </Button>
          {organisation.active ? (
            <Button variant="ghost" size="sm" onClick={() => setConfirming(true)} aria-label={`Deactivate ${organisation.name}`}>
              Deactivate
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="sm"
              onClick={reactivate}
              loading={update.isPending}
              aria-label={`Reactivate ${organisation.name}`}
            >
              Reactivate
            </Button>
          )}
          {!organisation.active && (
            <Button variant="ghost" size="sm" onClick={() => setDeleting(true)} aria-label={`Delete ${organisation.name}`}>
              Delete
            </Button>
          )}
        </div>
        <ConfirmDeleteDialog
          open={confirming}
          title={`Deactivate ${organisation.name}?`}
          confirmLabel="Deactivate"
          onDelete={() => update.mutateAsync({ id: organisation.id, change: { active: false } })}
          deletedMessage={`${organisation.name} deactivated`}
          failedMessage="The organisation could not be deactivated."
          onClose={() => setConfirming(false)}
        >
          {deactivationConsequence(organisation.members)}
        </ConfirmDeleteDialog>
        <MicrosoftTenantsDialog organisation={organisation} open={tenants} onClose={() => setTenants(false)} />
        <OrganisationDeleteDialog organisation={organisation} open={deleting} onClose={() => setDeleting(false)} />
      </td>
    </tr>
  );
}

/** What deactivating an organisation with this many members does, in words. */
function deactivationConsequence(members: number): string {
  if (members === 0) return 'It has no members yet. Until it is reactivated, nobody can join it or sign in to it. Nothing is deleted.';
  const who = members === 1 ? 'Its member' : `Its ${members} members`;
  return `${who} will be signed out and cannot sign in until it is reactivated. Nothing of theirs is deleted.`;
}
