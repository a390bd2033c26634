import { NavLink, Outlet } from 'react-router';
import { cn } from '../../lib/cn';

const TABS = [
  { to: '/profile', label: 'Edit profile', end: true },
  { to: '/profile/update-password', label: 'Update password', end: false },
  { to: '/profile/help-support', label: 'Help & support', end: false },
] as const;

/** /profile and its children: one heading, a tab bar that follows the URL, then the tab's page. */
export function ProfileLayout() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 lg:py-10">
      <header className="mb-6 space-y-1">
        <h1 className="font-semibold text-2xl text-slate-900 tracking-tight sm:text-3xl">Your profile</h1>
        <p className="text-slate-600 text-sm sm:text-base">Manage your details, your password and how to get help.</p>
      </header>
      <nav aria-label="Profile sections" className="-mx-4 mb-8 overflow-x-auto border-slate-200 border-b px-4 sm:mx-0 sm:px-0">
        <ul className="flex min-w-max sm:gap-1">
          {TABS.map((tab) => (
            <li key={tab.to}>
              <NavLink
                to={tab.to}
                end={tab.end}
                className={({ isActive }) =>
                  cn(
                    'focus-ring -mb-px inline-flex h-11 items-center rounded-t-md border-b-2 px-2 font-medium text-sm transition-colors min-[25rem]:px-3',
                    isActive
                      ? 'border-brand-700 text-brand-800'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
                  )
                }
              >
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
