import { canAccessRoute, type FlagValues, findRoute } from '@verity/shared';
import {
  BookOpen,
  ChartColumn,
  FileSearch,
  FolderOpen,
  GraduationCap,
  House,
  LayoutDashboard,
  type LucideIcon,
  MessageSquare,
  PenLine,
  ShieldCheck,
} from 'lucide-react';
import type { NavigationEvent } from '../../lib/analytics';

export interface NavItem {
  key: string;
  /** Full name: menu entries, tooltips and the accessible name. */
  label: string;
  /** Fits under the icon in the 74px sidebar. */
  shortLabel: string;
  path: string;
  icon: LucideIcon;
  /** Analytics event fired on click (none for Reports). */
  event: NavigationEvent | null;
  /** Write and Review are hidden from the mobile bar: they need a larger screen. */
  hiddenOnMobileBar?: boolean;
}

/** Sidebar order. Who sees what comes from the route table, so the rules live in one place. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', label: 'Home', shortLabel: 'Home', path: '/home', icon: House, event: 'navigate_home' },
  { key: 'chat', label: 'Chat', shortLabel: 'Chat', path: '/chat', icon: MessageSquare, event: 'navigate_chat' },
  {
    key: 'write',
    label: 'Write',
    shortLabel: 'Write',
    path: '/write',
    icon: PenLine,
    event: 'navigate_writing_assistant',
    hiddenOnMobileBar: true,
  },
  {
    key: 'review',
    label: 'Review Assistant',
    shortLabel: 'Review',
    path: '/review',
    icon: FileSearch,
    event: 'navigate_review',
    hiddenOnMobileBar: true,
  },
  { key: 'wiki', label: 'Regulatory Wiki', shortLabel: 'Wiki', path: '/wiki', icon: BookOpen, event: 'navigate_wiki' },
  { key: 'reports', label: 'Reports', shortLabel: 'Reports', path: '/reporting', icon: ChartColumn, event: null },
  {
    key: 'tutorials',
    label: 'Tutorials & Documentation',
    shortLabel: 'Tutorials',
    path: '/tutorials',
    icon: GraduationCap,
    event: 'navigate_tutorials',
  },
  {
    key: 'dashboard',
    label: 'Champion Dashboard',
    shortLabel: 'Dashboard',
    path: '/dashboard',
    icon: LayoutDashboard,
    event: 'navigate_dashboard',
  },
  { key: 'admin', label: 'Admin', shortLabel: 'Admin', path: '/admin', icon: ShieldCheck, event: 'navigate_admin' },
];

/**
 * Tools reached from the tools page (/landing) but not from the menu, whose items SPEC lists:
 * the organisation's own Data Library.
 */
export const MORE_TOOLS: readonly NavItem[] = [
  { key: 'data-library', label: 'Data Library', shortLabel: 'Data', path: '/data-library', icon: FolderOpen, event: null },
];

function visibleOf(items: readonly NavItem[], accountRoles: readonly string[], flags: FlagValues | undefined): NavItem[] {
  return items.filter((item) => {
    const route = findRoute(item.path);
    if (!route || !canAccessRoute(route, accountRoles)) return false;
    return route.flag ? flags?.[route.flag] === true : true;
  });
}

/** The items this user may open: route roles must pass and the route's flag (if any) must be on. */
export function visibleNavItems(accountRoles: readonly string[], flags: FlagValues | undefined): NavItem[] {
  return visibleOf(NAV_ITEMS, accountRoles, flags);
}

/** The tools beyond the menu this user may open, by the same rule. */
export function visibleMoreTools(accountRoles: readonly string[], flags: FlagValues | undefined): NavItem[] {
  return visibleOf(MORE_TOOLS, accountRoles, flags);
}

/** The item whose section contains the path ('/chat/abc' → Chat, '/reporting/…' → Reports). */
export function activeNavKey(items: readonly NavItem[], pathname: string): string | null {
  const match = items.find((item) => pathname === item.path || pathname.startsWith(`${item.path}/`));
  return match?.key ?? null;
}

export interface BarSplit<T> {
  visible: T[];
  overflow: T[];
}

/**
 * The mobile bar: items that do not fit go under 'More' (which takes one slot), and the active
 * item always stays in the bar, taking the last slot if it would otherwise overflow.
 */
export function splitBarItems<T extends { key: string }>(items: readonly T[], activeKey: string | null, capacity: number): BarSplit<T> {
  const slots = Math.max(2, Math.floor(capacity));
  if (items.length <= slots) return { visible: [...items], overflow: [] };
  const inBar = slots - 1;
  const visible = items.slice(0, inBar);
  const active = items.find((item) => item.key === activeKey);
  if (active && !visible.includes(active)) visible[inBar - 1] = active;
  const overflow = items.filter((item) => !visible.includes(item));
  return { visible, overflow };
}
