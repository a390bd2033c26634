import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NavItem } from './nav-items';

export interface NavItemLinkProps {
  item: NavItem;
  active: boolean;
  onNavigate: (item: NavItem) => void;
  className?: string;
  /** What shows; hide it from assistive technology, as the item's full label is the accessible name. */
  children: ReactNode;
}

/** A nav item as a compact link (sidebar rail, mobile bar): named by its full label, marked as the current page when active. */
export function NavItemLink({ item, active, onNavigate, className, children }: NavItemLinkProps) {
  return (
    <Link
      to={item.path}
      onClick={() => onNavigate(item)}
      aria-current={active ? 'page' : undefined}
      aria-label={item.label}
      className={className}
    >
      {children}
    </Link>
  );
}
