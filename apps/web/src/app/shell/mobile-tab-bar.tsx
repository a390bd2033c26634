import { Ellipsis } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn';
import { DropdownMenu } from '../../components/ui/dropdown-menu';
import { NavItemLink } from './nav-item-link';
import { splitBarItems } from './nav-items';
import { useNav } from './use-nav';

/** Each bar slot needs about this much room for an icon and a short label. */
const SLOT_WIDTH_PX = 72;
const DEFAULT_CAPACITY = 5;

/**
 * Below 768px: the bottom bar. Write and Review live in the menu only; extra items go under More.
 */
export function MobileTabBar() {
  const { items, activeKey, onNavigate } = useNav();
  const navigate = useNavigate();
  const navRef = useRef<HTMLElement>(null);
  const [capacity, setCapacity] = useState(DEFAULT_CAPACITY);
  const barItems = items.filter((item) => !item.hiddenOnMobileBar);
  const showBar = barItems.length > 1;

  useLayoutEffect(() => {
    if (!showBar) return;
    const element = navRef.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? 0;
      if (width > 0) setCapacity(Math.max(2, Math.floor(width / SLOT_WIDTH_PX)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [showBar]);

  const { visible, overflow } = splitBarItems(barItems, activeKey, capacity);
  if (!showBar) return null;

  return (
    <nav
      ref={navRef}
      aria-label="Quick navigation"
      className="sticky bottom-0 z-30 border-slate-200 border-t bg-white pb-[env(safe-area-inset-bottom)] md:hidden print:hidden"
    >
      <ul className="flex items-stretch justify-around">
        {visible.map((item) => {
          const Icon = item.icon;
          const active = item.key === activeKey;
          return (
            <li key={item.key} className="flex-1">
              <NavItemLink
                item={item}
                active={active}
                onNavigate={onNavigate}
                className={cn(
                  'focus-ring relative flex h-14 flex-col items-center justify-center gap-0.5 font-medium text-[11px]',
                  active ? 'text-brand-800' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                <Icon className={cn('size-5', active && 'text-brand-700')} aria-hidden="true" />
                <span aria-hidden="true">{item.shortLabel}</span>
                {active && <span className="absolute top-0 h-0.5 w-8 rounded-full bg-brand-700" aria-hidden="true" />}
              </NavItemLink>
            </li>
          );
        })}
        {overflow.length > 0 && (
          <li className="flex-1">
            <DropdownMenu
              label="More"
              placement="top-end"
              className="h-full"
              items={overflow.map((item) => ({
                id: item.key,
                label: item.label,
                icon: <item.icon className="size-4" />,
                onSelect: () => {
                  onNavigate(item);
                  navigate(item.path);
                },
              }))}
              trigger={(props) => (
                <button
                  type="button"
                  {...props}
                  className="focus-ring flex h-14 w-full flex-col items-center justify-center gap-0.5 font-medium text-[11px] text-slate-600 hover:text-slate-900"
                >
                  <Ellipsis className="size-5" aria-hidden="true" />
                  More
                </button>
              )}
            />
          </li>
        )}
      </ul>
    </nav>
  );
}
