import { cn } from '../../lib/cn';

export const COMING_SOON = 'Coming soon';

/** The visible mark on a tool that is not built yet (sidebar, menu, Home). */
export function ComingSoonBadge({ className, tone = 'light' }: { className?: string; tone?: 'light' | 'sidebar' }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center whitespace-nowrap rounded-full font-semibold leading-none',
        tone === 'sidebar' ? 'bg-brand-800 px-1 py-0.5 text-[9px] text-brand-50' : 'bg-slate-200 px-2 py-1 text-[11px] text-slate-800',
        className,
      )}
    >
      {COMING_SOON}
    </span>
  );
}
