import { X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { cn } from '../../lib/cn';
import { ModalOverlay } from './modal-overlay';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Optional supporting text under the title, linked with aria-describedby. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row, right-aligned under the content. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Role 'alertdialog' for errors that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Hide the × button (e.g. when the footer already offers Close). */
  hideCloseButton?: boolean;
  className?: string;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/** A modal dialog: focus is trapped inside, Escape and the backdrop close it, the page does not scroll. */
export function Dialog({
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
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  if (!open) return null;

  return (
    <ModalOverlay panelRef={panelRef} onClose={onClose} className="flex items-end justify-center p-0 sm:items-center sm:p-4">
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is 'dialog' or 'alertdialog', both support aria-modal. */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cn(
          'relative flex max-h-[90dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none sm:rounded-2xl',
          SIZES[size],
          className,
        )}
      >
        <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-6 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="font-semibold text-lg text-slate-900">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-1 text-slate-600 text-sm">
                {description}
              </p>
            )}
          </div>
          {!hideCloseButton && (
            <button
              type="button"
              onClick={onClose}
              aria-label="Close dialog"
              className="focus-ring -mr-2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          )}
        </div>
        {children && <div className="min-h-0 flex-1 overflow-y-auto px-6 py-4">{children}</div>}
        {footer && <div className="flex flex-wrap justify-end gap-2 border-slate-200 border-t px-6 py-4">{footer}</div>}
      </div>
    </ModalOverlay>
  );
}
