import { Link } from 'react-router';
import { VerityMark } from '../../components/brand/verity-mark';
import { AvatarMenu } from './avatar-menu';
import { SidebarNavLink } from './sidebar-nav-link';
import { useNav } from './use-nav';
import { SIDEBAR_WIDTH_PX } from '../../lib/constants';

/** The 74px rail on screens 768px and wider. */
export function DesktopSidebar() {
  const { items, activeKey, onNavigate } = useNav();
  return (
    <aside
      style={{ width: SIDEBAR_WIDTH_PX }}
      className="sticky top-0 hidden h-dvh shrink-0 flex-col items-center bg-brand-900 py-3 md:flex print:hidden"
    >
      <Link to="/home" aria-label="Verity home" className="focus-ring mb-4 rounded-lg">
        <VerityMark className="size-9" tone="light" />
      </Link>
      <nav aria-label="Main" data-tour="nav-main" className="flex w-full flex-1 flex-col items-center">
        <ul className="flex flex-col items-center gap-1">
          {items.map((item) => (
            <li key={item.key}>
              <SidebarNavLink item={item} active={item.key === activeKey} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-3" data-tour="nav-avatar">
        <AvatarMenu placement="right-end" tone="sidebar" />
      </div>
    </aside>
  );
}
