import { ArrowRightLeft, EllipsisVertical, ShieldCheck, UserCheck, UserX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { DropdownMenu, type DropdownMenuItem } from '../../components/ui/dropdown-menu';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/form-errors';
import { useDeactivateMember, useReactivateMember } from './api';
import { ChangeRoleDialog } from './change-role-dialog';
import { HandoverDialog } from './handover-dialog';
import type { UserRow } from './users-model';

/** What a champion can do to one member from the row's menu. */
export type MemberAction = 'role' | 'handover' | 'deactivate' | 'reactivate';

/** The action whose dialog is open, and for whom. */
interface Chosen {
  action: Exclude<MemberAction, 'reactivate'>;
  row: UserRow;
}

/**
 * The champion's actions on the members of the users table, what the server refuses (the last
 * champion) shown as it says. The table holds one set of changes and at most one open dialog;
 * each row has only its menu, which says which action for whom: a page of 25 people does not
 * mount 25 of each.
 */
export function useMemberActions(colleagues: readonly UserRow[]): {
  choose: (action: MemberAction, row: UserRow) => void;
  dialogs: ReactNode;
} {
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const reactivate = useReactivateMember();
  const deactivate = useDeactivateMember();
  const close = () => setChosen(null);

  const choose = (action: MemberAction, row: UserRow) => {
    if (action !== 'reactivate') {
      setChosen({ action, row });
      return;
    }
    reactivate.mutate(row.id, {
      onSuccess: () => toast.success(`${row.name} can sign in again`),
      onError: (error) => toast.error(errorMessage(error, `${row.name} could not be reactivated. Please try again.`)),
    });
  };

  const row = chosen?.row;
  const dialogs = row && (
    <>
      {chosen.action === 'role' && <ChangeRoleDialog row={row} onClose={close} />}
      {chosen.action === 'handover' && <HandoverDialog row={row} colleagues={colleagues} onClose={close} />}
      <ConfirmDeleteDialog
        open={chosen.action === 'deactivate'}
        title={`Deactivate ${row.name}?`}
        confirmLabel="Deactivate"
        onDelete={() => deactivate.mutateAsync(row.id)}
        deletedMessage={`${row.name} has been deactivated`}
        failedMessage={`${row.name} could not be deactivated. Please try again.`}
        onClose={close}
      >
        <p>
          {row.name} ({row.email}) will be signed out everywhere at once and cannot sign in until you reactivate them. Their documents,
          reviews and conversations are kept; you can hand their work over to a colleague from this menu.
        </p>
      </ConfirmDeleteDialog>
    </>
  );
  return { choose, dialogs };
}

export interface MemberActionsProps {
  row: UserRow;
  /** How the row is named to assistive technology: the name, with the address when two people share it. */
  label: string;
  /** The signed-in champion's own row: they cannot deactivate themselves. */
  self: boolean;
  /** useMemberActions' choose. */
  onChoose: (action: MemberAction, row: UserRow) => void;
}

/**
 * One member's menu in the users table (named after the member, so twenty rows give twenty
 * distinct names): change role, hand their work over, deactivate or reactivate.
 */
export function MemberActions({ row, label, self, onChoose }: MemberActionsProps) {
  const items: DropdownMenuItem[] = [
    {
      id: 'role',
      label: 'Change role',
      ariaLabel: `Change role for ${label}`,
      icon: <ShieldCheck aria-hidden="true" className="size-4" />,
      onSelect: () => onChoose('role', row),
    },
    {
      id: 'handover',
      label: 'Hand over work',
      ariaLabel: `Hand over work of ${label}`,
      icon: <ArrowRightLeft aria-hidden="true" className="size-4" />,
      onSelect: () => onChoose('handover', row),
    },
    ...(row.deactivated
      ? [
          {
            id: 'reactivate',
            label: 'Reactivate',
            ariaLabel: `Reactivate ${label}`,
            icon: <UserCheck aria-hidden="true" className="size-4" />,
            onSelect: () => onChoose('reactivate', row),
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
              onSelect: () => onChoose('deactivate', row),
            },
          ]),
  ];

  return (
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
  );
}
