import type { AdminOrganisation } from '@verity/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { parseWith, preloadFormSchemas } from '../../hooks/use-form-submit';
import { useAppConfig } from '../../lib/app-config';
import { errorMessage } from '../../lib/form-errors';
import { useMicrosoftTenant } from './api';

/**
 * The Microsoft Entra tenants whose people sign in with Microsoft into this organisation: each is
 * listed with a way to unlink it, and a tenant id (from the Entra admin centre's overview) links one.
 */
export function MicrosoftTenantsDialog({
  organisation,
  open,
  onClose,
}: {
  organisation: AdminOrganisation;
  open: boolean;
  onClose: () => void;
}) {
  const { add, remove } = useMicrosoftTenant();
  const config = useAppConfig();
  const [tenantId, setTenantId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const busy = add.isPending || remove.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = await parseWith((schemas) => schemas.microsoftTenantIdSchema, tenantId);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setFieldError(undefined);
    setError(null);
    try {
      await add.mutateAsync({ organisationId: organisation.id, tenantId: parsed.data });
      setTenantId('');
      toast.success(`Tenant linked to ${organisation.name}`);
    } catch (cause) {
      setError(errorMessage(cause, 'The tenant could not be linked.'));
    }
  };

  const unlink = async (tenant: string) => {
    if (busy) return;
    setError(null);
    try {
      await remove.mutateAsync({ organisationId: organisation.id, tenantId: tenant });
      toast.success(`Tenant unlinked from ${organisation.name}`);
    } catch (cause) {
      setError(errorMessage(cause, 'The tenant could not be unlinked.'));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="md"
      title={`Microsoft sign-in for ${organisation.name}`}
      description="People of a linked Microsoft Entra tenant sign in with their work account. The first time, Verity finds their account by its verified e-mail address, or creates one here as a standard user."
    >
      {config.data && !config.data.microsoft_sso_enabled && (
        <Alert tone="info" className="mb-4">
          Microsoft sign-in is not configured on this server yet, so nobody can use these links until it is (MICROSOFT_CLIENT_ID and its
          companions, in docs/configuration.md).
        </Alert>
      )}
      {organisation.microsoft_tenants.length === 0 ? (
        <p className="text-slate-600 text-sm">No tenant is linked to this organisation.</p>
      ) : (
        <ul aria-label="Linked tenants" className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {organisation.microsoft_tenants.map((tenant) => (
            <li key={tenant} className="flex items-center justify-between gap-3 px-3 py-2">
              <code className="break-all font-mono text-slate-800 text-sm">{tenant}</code>
              <Button variant="ghost" size="sm" onClick={() => unlink(tenant)} disabled={busy} aria-label={`Unlink tenant ${tenant}`}>
                Unlink
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        onInput={preloadFormSchemas}
        onSubmit={submit}
        aria-label="Link a tenant"
        className="mt-5 flex flex-wrap items-end gap-3"
        noValidate
      >
        <TextField
          label="Tenant id"
          name="tenant_id"
          value={tenantId}
          onChange={(event) => setTenantId(event.target.value)}
          placeholder="00000000-0000-0000-0000-000000000000"
          error={fieldError}
          autoComplete="off"
          spellCheck={false}
          className="min-w-0 flex-1 basis-72"
        />
        <Button type="submit" loading={add.isPending} className={fieldError ? 'mb-6' : undefined}>
          Link tenant
        </Button>
      </form>
      {error && <Alert className="mt-3">{error}</Alert>}
    </Dialog>
  );
}
