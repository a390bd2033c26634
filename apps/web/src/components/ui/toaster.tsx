import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { type ToastKind, useToastStore } from './toast';

const STYLES: Record<ToastKind, { icon: typeof Info; className: string; iconClassName: string }> = {
  success: { icon: CircleCheck, className: 'border-emerald-200', iconClassName: 'text-emerald-700' },
  error: { icon: CircleAlert, className: 'border-red-200', iconClassName: 'text-red-700' },
  info: { icon: Info, className: 'border-brand-200', iconClassName: 'text-brand-700' },
};

/** Renders the toasts raised with `toast.*()`, top-right, newest last. */
export function Toaster() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);

  return (
    <div
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed top-4 right-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto print:hidden"
    >
      {toasts.map((item) => {
        const { icon: Icon, className, iconClassName } = STYLES[item.kind];
        return (
          <div
            key={item.id}
            role={item.kind === 'error' ? 'alert' : 'status'}
            className={cn(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-white p-3 pr-2 shadow-lg',
              className,
            )}
          >
            <Icon className={cn('mt-0.5 size-5 shrink-0', iconClassName)} aria-hidden="true" />
            <p className="flex-1 text-slate-800 text-sm">{item.message}</p>
            <button
              type="button"
              onClick={() => dismiss(item.id)}
              aria-label="Dismiss notification"
              className="focus-ring rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </div>
        );
      })}
    </div>
  );
}
