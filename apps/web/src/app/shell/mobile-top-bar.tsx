import { Menu } from 'lucide-react';
import { Link } from 'react-router';
import { useUiStore } from '../../lib/ui-store';
import { VerityLogo } from '../../components/brand/verity-logo';
import { AvatarMenu } from './avatar-menu';

/** Below 768px: menu button, logo and the avatar menu. */
export function MobileTopBar() {
  const mobileMenuOpen = useUiStore((s) => s.mobileMenuOpen);
  const setMobileMenuOpen = useUiStore((s) => s.setMobileMenuOpen);
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-2 border-slate-200 border-b bg-white px-2 md:hidden print:hidden">
      <button
        type="button"
        onClick={() => setMobileMenuOpen(true)}
        aria-label="Open menu"
        aria-expanded={mobileMenuOpen}
        aria-haspopup="dialog"
        className="focus-ring rounded-md p-2 text-slate-700 hover:bg-slate-100"
      >
        <Menu className="size-6" aria-hidden="true" />
      </button>
      <Link to="/home" className="focus-ring rounded-md">
        <VerityLogo />
      </Link>
      <div className="ml-auto pr-1">
        <AvatarMenu placement="bottom-end" tone="topbar" />
      </div>
    </header>
  );
}
