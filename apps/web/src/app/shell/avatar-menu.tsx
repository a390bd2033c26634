import { MESSAGES } from '@verity/shared';
import { Bell, LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useNotifications } from '../../features/notifications/api';
import { useAuthStore } from '../../lib/auth-store';
import { cn } from '../../lib/cn';
import { useUiStore } from '../../lib/ui-store';
import { DropdownMenu, type DropdownPlacement } from '../../components/ui/dropdown-menu';
import { UnreadBadge } from './unread-badge';
import { initialsOf } from '../../components/avatar/avatar-colour';
import { UserAvatar } from '../../components/avatar/user-avatar';
import { formatUnreadBadge } from '../../lib/constants';

export interface AvatarMenuProps {
  placement: DropdownPlacement;
  /** 'sidebar' sits on the dark rail; 'topbar' on the white mobile bar. */
  tone: 'sidebar' | 'topbar';
}

export function AvatarMenu({ placement, tone }: AvatarMenuProps) {
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const setNotificationsOpen = useUiStore((s) => s.setNotificationsOpen);
  const { unreadCount } = useNotifications();
  const navigate = useNavigate();

  const name = [user?.firstname, user?.surname].filter(Boolean).join(' ') || 'your account';
  // The initials shown in place of a photo are the button's visible label, so its name says them
  // too (WCAG 2.5.3, label in name): "Account menu for Priya Shah, initials PS".
  const shownInitials = user && !user.photoURL ? `, initials ${initialsOf(user.firstname, user.surname)}` : '';
  const unreadLabel = unreadCount > 0 ? `, ${formatUnreadBadge(unreadCount)} unread notification${unreadCount === 1 ? '' : 's'}` : '';

  return (
    <DropdownMenu
      label="Account"
      placement={placement}
      items={[
        {
          id: 'notifications',
          label: 'Notifications',
          ariaLabel: unreadCount > 0 ? `Notifications, ${formatUnreadBadge(unreadCount)} unread` : undefined,
          icon: <Bell className="size-4" />,
          trailing: <UnreadBadge count={unreadCount} />,
          onSelect: () => setNotificationsOpen(true),
        },
        {
          id: 'profile',
          label: 'Profile',
          icon: <UserRound className="size-4" />,
          onSelect: () => navigate('/profile'),
        },
        {
          id: 'logout',
          label: 'Logout',
          icon: <LogOut className="size-4" />,
          onSelect: () => {
            // When the server refused, the user is still signed in and has been told so: stay.
            void logout(MESSAGES.logoutFailed).then((signedOut) => signedOut && navigate('/'));
          },
        },
      ]}
      trigger={(props) => (
        <button
          type="button"
          {...props}
          aria-label={`Account menu for ${name}${shownInitials}${unreadLabel}`}
          className={cn(
            'focus-ring relative rounded-full p-0.5',
            tone === 'sidebar' ? 'hover:ring-2 hover:ring-brand-400' : 'hover:ring-2 hover:ring-brand-200',
          )}
        >
          <UserAvatar
            firstname={user?.firstname}
            surname={user?.surname}
            photoURL={user?.photoURL}
            size={tone === 'sidebar' ? 'md' : 'sm'}
          />
          {/* Keeps the initials and the count apart as words, as the name says them. */}
          {unreadCount > 0 && ' '}
          {unreadCount > 0 && (
            <span className="absolute -top-1 -right-1.5">
              <UnreadBadge count={unreadCount} compact />
            </span>
          )}
        </button>
      )}
    />
  );
}
