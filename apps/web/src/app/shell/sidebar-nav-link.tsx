import { cn } from '../../lib/cn';
import { COMING_SOON, ComingSoonBadge } from './coming-soon-badge';
import { NavItemLink } from './nav-item-link';
import type { NavItem } from './nav-items';

export interface SidebarNavLinkProps {
  item: NavItem;
  active: boolean;
  onNavigate: (item: NavItem) => void;
}

/** Icon over a short label; the full name shows as a tooltip and is the accessible name. */
export function SidebarNavLink({ item, active, onNavigate }: SidebarNavLinkProps) {
  const Icon = item.icon;
  return (
    <NavItemLink
      item={item}
      active={active}
      onNavigate={onNavigate}
      className={cn(
        'focus-ring group relative flex w-[68px] flex-col items-center gap-1 rounded-lg px-0.5 py-2 text-center transition-colors',
        active ? 'bg-brand-600 text-white shadow-sm' : 'text-brand-100 hover:bg-brand-800 hover:text-white',
      )}
    >
      <Icon className="size-5" aria-hidden="true" />
      <span className="w-full truncate font-medium text-[10px] leading-tight tracking-tight" aria-hidden="true">
        {item.shortLabel}
      </span>
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-full z-50 ml-3 hidden -translate-y-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 font-medium text-white text-xs shadow-lg group-hover:block group-focus-visible:block"
      >
        {item.label}
      </span>
    </NavItemLink>
  );
}

/**
 * A tool that is not built yet: not a link. A disabled button (still focusable, so its tooltip
 * can be read) named by what it shows, its short label and "Coming soon" (the space after the
 * label keeps the visible words apart, so the name contains the visible label).
 */
export function SidebarComingSoonItem({ item }: { item: NavItem }) {
  const Icon = item.icon;
  return (
    <button
      type="button"
      aria-disabled="true"
      aria-label={`${item.shortLabel} ${COMING_SOON}`}
      onClick={(event) => event.preventDefault()}
      className="focus-ring group relative flex w-[68px] cursor-default flex-col items-center gap-1 rounded-lg px-0.5 py-1.5 text-center text-brand-200"
    >
      <Icon className="size-5 opacity-70" aria-hidden="true" />
      <span className="w-full truncate font-medium text-[10px] leading-tight tracking-tight" aria-hidden="true">
        {item.shortLabel}{' '}
      </span>
      <ComingSoonBadge tone="sidebar" />
      <span
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-full z-50 ml-3 hidden -translate-y-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 font-medium text-white text-xs shadow-lg group-hover:block group-focus-visible:block"
      >
        {item.label} — {COMING_SOON.toLowerCase()}
      </span>
    </button>
  );
}
