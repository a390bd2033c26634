import { ArrowRightLeft, EllipsisVertical, ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { DropdownMenu, type DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { useDeactivateMember, useReactivateMember } from './api';
import { ChangeRoleDialog } from './change-role-dialog';
import { HandoverDialog } from './handover-dialog';
import type { UserRow } from './users-model';

type Open = 'role' | 'deactivate' | 'handover' | null;

export interface MemberActionsProps {
  row: UserRow;
  /** How the row is named to assistive technology: the name, with the address when two people share it. */
  label: string;
  /** The signed-in champion's own row: they cannot deactivate themselves. */
  self: boolean;
  /** The active members who could take this member's work over. */
  colleagues: readonly UserRow[];
}

/**
 * The champion's actions on one member of the users table, behind one menu button per row (named
 * after the member, so twenty rows give twenty distinct names): change role, deactivate or
 * reactivate, hand their work over. What the server refuses (the last champion) is shown as it says.
 */
export function MemberActions({ row, label, self, colleagues }: MemberActionsProps) {
  const [open, setOpen] = useState<Open>(null);
  const reactivate = useReactivateMember();
  const deactivate = useDeactivateMember();

  const onReactivate = () =>
    reactivate.mutate(row.id, {
      onSuccess: () => toast.success(`${row.name} can sign in again`),
      onError: (error) => toast.error(errorMessage(error, `${row.name} could not be reactivated. Please try again.`)),
    });

  const items: DropdownMenuItem[] = [
    {
      id: 'role',
      label: 'Change role',
      ariaLabel: `Change role for ${label}`,
      icon: <ShieldCheck aria-hidden="true" className="size-4" />,
      onSelect: () => setOpen('role'),
    },
    {
      id: 'handover',
      label: 'Hand over work',
      ariaLabel: `Hand over work of ${label}`,
      icon: <ArrowRightLeft aria-hidden="true" className="size-4" />,
      onSelect: () => setOpen('handover'),
    },
    ...(row.deactivated
      ? [
          {
            id: 'reactivate',
            label: 'Reactivate',
            ariaLabel: `Reactivate ${label}`,
            icon: <UserCheck aria-hidden="true" className="size-4" />,
            onSelect: onReactivate,
          },
        ]
      : self
        ? []
        : [
            {
              id: 'deactivate',
              label: 'Deactivate',
              ariaLabel: `Deactivate ${label}`,
              icon: <UserX aria-hidden="true" className="size-4" />,
              tone: 'danger' as const,
              onSelect: () => setOpen('deactivate'),
            },
          ]),
  ];

  return (
    <>
      <DropdownMenu
        label={`Actions for ${label}`}
        placement="bottom-end"
        items={items}
        trigger={(props) => (
          <button
            type="button"
            {...props}
            aria-label={`Actions for ${label}`}
            className="focus-ring inline-flex size-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <EllipsisVertical aria-hidden="true" className="size-4" />
          </button>
        )}
      />
      {open === 'role' && <ChangeRoleDialog row={row} onClose={() => setOpen(null)} />}
      {open === 'handover' && <HandoverDialog row={row} colleagues={colleagues} onClose={() => setOpen(null)} />}
      <ConfirmDeleteDialog
        open={open === 'deactivate'}
        title={`Deactivate ${row.name}?`}
        confirmLabel="Deactivate"
        onDelete={() => deactivate.mutateAsync(row.id)}
        deletedMessage={`${row.name} has been deactivated`}
        failedMessage={`${row.name} could not be deactivated. Please try again.`}
        onClose={() => setOpen(null)}
      >
        <p>
          {row.name} ({row.email}) will be signed out everywhere at once and cannot sign in until you reactivate them. Their documents,
          reviews and conversations are kept; you can hand their work over to a colleague from this menu.
        </p>
      </ConfirmDeleteDialog>
    </>
  );
}
