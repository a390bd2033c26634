import type { AdminOrganisation } from '@verity/shared';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { useDeleteOrganisation } from './api';

/**
 * Deleting a deactivated organisation for good: what goes is said in words, and the button works
 * only once the organisation's name is typed exactly.
 */
export function OrganisationDeleteDialog({
  organisation,
  open,
  onClose,
}: {
  organisation: AdminOrganisation;
  open: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteOrganisation();
  const formId = useId();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirmed = typed.trim() === organisation.name;

  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed || remove.isPending) return;
    setError(null);
    try {
      const { message } = await remove.mutateAsync({ id: organisation.id, name: typed.trim() });
      toast.success(message);
      setTyped('');
      onClose();
    } catch (cause) {
      setError(errorMessage(cause, 'The organisation could not be deleted.'));
    }
  };

  const people =
    organisation.members === 0
      ? ''
      : `${organisation.members === 1 ? 'its member’s account' : `its ${organisation.members} members’ accounts`}, their conversations, written documents and reviews, `;
  return (
    <Dialog
      open={open}
      onClose={close}
      size="sm"
      title={`Delete ${organisation.name} for good?`}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button variant="danger" type="submit" form={formId} disabled={!confirmed} loading={remove.isPending}>
            Delete for good
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-slate-700 text-sm leading-6">
        <p>
          Everything of {organisation.name} is deleted: {people}, their conversations, written documents and reviews, the organisation’s own
          library documents and files, and its activity. This cannot be undone; only a backup made before brings it back.
        </p>
        <form id={formId} onSubmit={submit} noValidate>
          <TextField
            label={`Type ${organisation.name} to confirm`}
            name="confirm_name"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </form>
        {error && <Alert>{error}</Alert>}
      </div>
    </Dialog>
  );
}
