import * as RadixToast from '@radix-ui/react-toast';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { type ToastKind, useToastStore } from './toast';
import { TOAST_DURATION_MS } from '../../lib/constants';

const STYLES: Record<ToastKind, { icon: typeof Info; className: string; iconClassName: string }> = {
  success: { icon: CircleCheck, className: 'border-emerald-200', iconClassName: 'text-emerald-700' },
  error: { icon: CircleAlert, className: 'border-red-200', iconClassName: 'text-red-700' },
  info: { icon: Info, className: 'border-brand-200', iconClassName: 'text-brand-700' },
};

/**
 * The toasts of the store on Radix Toast: each closes itself after TOAST_DURATION_MS (paused
 * while pointed at or focused), by its button, Escape or a swipe; errors are announced at once,
 * the rest politely. F8 moves focus to them.
 */
export function ToastViewport() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);

  return (
    <RadixToast.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {toasts.map((item) => {
        const { icon: Icon, className, iconClassName } = STYLES[item.kind];
        return (
          <RadixToast.Root
            key={item.id}
            open
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
            type={item.kind === 'error' ? 'foreground' : 'background'}
            className={cn(
              'focus-ring pointer-events-auto flex w-full max-w-sm items-start gap-2.5 rounded-lg border bg-white p-2 pr-1.5 shadow-lg sm:gap-3 sm:p-3 sm:pr-2',
              'data-[swipe=cancel]:translate-x-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)]',
              className,
            )}
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0', iconClassName)} aria-hidden="true" />
            <RadixToast.Description className="flex-1 text-slate-800 text-sm">{item.message}</RadixToast.Description>
            <RadixToast.Close
              aria-label="Dismiss notification"
              className="focus-ring rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-4" aria-hidden="true" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      {/* On a phone a one-line toast stays within the top bar (56px), over none of the page's own controls. */}
      <RadixToast.Viewport className="pointer-events-none fixed top-2 right-2 left-2 z-[60] flex flex-col items-end gap-2 outline-none sm:top-4 sm:right-4 sm:left-auto print:hidden" />
    </RadixToast.Provider>
  );
}
