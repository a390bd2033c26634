import { MEMBER_ROLES, type MemberRole } from '@verity/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { useChangeRole } from './api';
import { ROLE_HINTS, ROLE_LABELS } from './format';
import type { UserRow } from './users-model';

/** Guest, standard or champion for one member; the server's refusal (the last champion) is shown in the dialog. */
export function ChangeRoleDialog({ row, onClose }: { row: UserRow; onClose: () => void }) {
  const [role, setRole] = useState<MemberRole>(row.role);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeRole();
  const save = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    change.mutate(
      { userId: row.id, role },
      {
        onSuccess: () => {
          toast.success(`${row.name} is now ${ROLE_LABELS[role].toLowerCase()}`);
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure, `The role of ${row.name} could not be changed. Please try again.`)),
      },
    );
  };
  return (
    <Dialog
      open
      onClose={() => !change.isPending && onClose()}
      size="sm"
      title={`Change role for ${row.name}`}
      description="They are told, and what they can open changes from their next page."
    >
      <form onSubmit={save} aria-label={`Role of ${row.name}`}>
        <fieldset>
          <legend className="sr-only">Role</legend>
          <div className="space-y-2">
            {MEMBER_ROLES.map((choice) => (
              <label
                key={choice}
                className="flex min-h-11 cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="role"
                  value={choice}
                  checked={role === choice}
                  onChange={() => setRole(choice)}
                  className="focus-ring mt-0.5 size-5 shrink-0 accent-brand-700"
                />
                <span>
                  <span className="block font-medium text-slate-900 text-sm">{ROLE_LABELS[choice]}</span>
                  <span className="block text-slate-600 text-xs">{ROLE_HINTS[choice]}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        {error && <Alert className="mt-3">{error}</Alert>}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending} disabled={role === row.role}>
            Save role
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
