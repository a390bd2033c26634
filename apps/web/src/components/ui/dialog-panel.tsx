import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import type { DialogProps } from './dialog-types';
import { ModalOverlay } from './modal-overlay';

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/** The dialog itself, on Radix Dialog: see <Dialog>, which loads this module when first needed. */
export function DialogPanel({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  role = 'dialog',
  hideCloseButton = false,
  className,
}: DialogProps) {
  return (
    <ModalOverlay
      open={open}
      onClose={onClose}
      layerClassName="flex items-end justify-center p-0 sm:items-center sm:p-4"
      role={role}
      className={cn(
        'relative flex max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl',
        SIZES[size],
        className,
      )}
    >
      <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-6 py-4">
        <div className="min-w-0">
          <RadixDialog.Title className="font-semibold text-lg text-slate-900">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="mt-1 text-slate-600 text-sm">{description}</RadixDialog.Description>}
        </div>
        {!hideCloseButton && (
          <RadixDialog.Close
            aria-label="Close dialog"
            className="focus-ring -mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X className="size-5" aria-hidden="true" />
          </RadixDialog.Close>
        )}
      </div>
      {children && <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">{children}</div>}
      {footer && <div className="flex flex-wrap justify-end gap-2 border-slate-200 border-t px-6 py-4">{footer}</div>}
    </ModalOverlay>
  );
}
