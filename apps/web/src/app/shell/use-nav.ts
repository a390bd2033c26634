import { useLocation } from 'react-router';
import { track } from '../../lib/analytics';
import { useAuthStore } from '../../lib/auth-store';
import { useFlags } from '../../lib/flags';
import { activeNavKey, type NavItem, visibleNavItems } from './nav-items';

export interface NavState {
  items: NavItem[];
  activeKey: string | null;
  /** Fire the item's analytics event; call from the link's onClick. */
  onNavigate: (item: NavItem) => void;
}

export function useNav(): NavState {
  const roles = useAuthStore((s) => s.user?.account_roles) ?? [];
  const { flags } = useFlags();
  const { pathname } = useLocation();
  const items = visibleNavItems(roles, flags);
  return {
    items,
    activeKey: activeNavKey(items, pathname),
    onNavigate: (item) => {
      if (item.event) track(item.event);
    },
  };
}
