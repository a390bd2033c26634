import { useState } from 'react';
import { cn } from '../../lib/cn';
import { avatarColour, initialsOf } from './avatar-colour';

export type UserAvatarSize = 'sm' | 'md' | 'xl';

export interface UserAvatarProps {
  firstname?: string | null;
  surname?: string | null;
  photoURL?: string | null;
  /** sm and md sit in the shell's buttons; xl is the large avatar on the profile page. */
  size?: UserAvatarSize;
  /**
   * Give the avatar the person's name as its accessible name, for where it is the content (the
   * profile page). Leave off where it is decoration inside a control that is already labelled.
   */
  labelled?: boolean;
  className?: string;
}

const SIZES: Record<UserAvatarSize, string> = {
  sm: 'size-8 text-xs',
  md: 'size-10 text-sm',
  xl: 'size-24 text-3xl',
};

/** The large avatar sits on a white card, where a pale photo needs an edge. */
const PHOTO_EDGES: Record<UserAvatarSize, string | undefined> = { sm: undefined, md: undefined, xl: 'border border-slate-200' };

/** The user's photo, or their initials on a colour derived from the initials (the same everywhere). */
export function UserAvatar({ firstname, surname, photoURL, size = 'md', labelled = false, className }: UserAvatarProps) {
  const [photoFailed, setPhotoFailed] = useState<string | null>(null);
  const initials = initialsOf(firstname, surname);
  // Labelled: the photo is named after the person and the initials say whose they are. Otherwise
  // both are hidden, and assistive tech reads the label of the control around the avatar.
  const name = `${firstname ?? ''} ${surname ?? ''}`.trim();

  if (photoURL && photoFailed !== photoURL) {
    return (
      <img
        src={photoURL}
        alt={labelled ? name : ''}
        aria-hidden={labelled ? undefined : true}
        onError={() => setPhotoFailed(photoURL)}
        className={cn('shrink-0 rounded-full object-cover', SIZES[size], PHOTO_EDGES[size], className)}
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the label is only set together with role 'img'.
    <span
      role={labelled ? 'img' : undefined}
      aria-label={labelled ? `Initials of ${name}` : undefined}
      aria-hidden={labelled ? undefined : true}
      data-testid="avatar-initials"
      style={{ backgroundColor: avatarColour(initials) }}
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-white',
        SIZES[size],
        className,
      )}
    >
      {initials}
    </span>
  );
}
