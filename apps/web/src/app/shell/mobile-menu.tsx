import { X } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { useUiStore } from '../../lib/ui-store';
import { VerityLogo } from '../../components/brand/verity-logo';
import { Drawer } from '../../components/ui/drawer';
import { useNav } from './use-nav';

const MOBILE_MENU_WIDTH = 'min(18rem, 85vw)';

/** The slide-in menu with every item the user may open. */
export function MobileMenu() {
  const open = useUiStore((s) => s.mobileMenuOpen);
  const setOpen = useUiStore((s) => s.setMobileMenuOpen);
  const { items, activeKey, onNavigate } = useNav();
  const close = () => setOpen(false);

  return (
    <Drawer open={open} onClose={close} label="Menu" width={MOBILE_MENU_WIDTH}>
      <div className="flex h-14 shrink-0 items-center justify-between border-slate-200 border-b px-4">
        <VerityLogo />
        <button
          type="button"
          onClick={close}
          aria-label="Close menu"
          className="focus-ring rounded-md p-2 text-slate-600 hover:bg-slate-100"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </div>
      <nav aria-label="Main" className="flex-1 overflow-y-auto p-2">
        <ul className="flex flex-col gap-0.5">
          {items.map((item) => {
            const Icon = item.icon;
            const active = item.key === activeKey;
            return (
              <li key={item.key}>
                <Link
                  to={item.path}
                  aria-current={active ? 'page' : undefined}
                  onClick={() => {
                    onNavigate(item);
                    close();
                  }}
                  className={cn(
                    'focus-ring flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium text-sm',
                    active ? 'bg-brand-50 text-brand-800' : 'text-slate-700 hover:bg-slate-50',
                  )}
                >
                  <Icon className={cn('size-5', active ? 'text-brand-700' : 'text-slate-500')} aria-hidden="true" />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </Drawer>
  );
}
