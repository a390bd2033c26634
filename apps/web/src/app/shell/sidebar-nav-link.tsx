import { cn } from '../../lib/cn';
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
