import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface MessageActionButtonProps extends ComponentProps<'button'> {
  icon: LucideIcon;
}

/** A quiet text button under a message (Copy, Regenerate, Edit, Sources). */
export function MessageActionButton({ icon: Icon, className, children, type = 'button', ...rest }: MessageActionButtonProps) {
  return (
    <button
      type={type}
      className={cn(
        'focus-ring inline-flex h-8 items-center gap-1.5 rounded-md px-2 font-medium text-slate-600 text-sm transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent',
        className,
      )}
      {...rest}
    >
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      {children}
    </button>
  );
}
