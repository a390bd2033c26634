import type { DocumentReference } from '@verity/shared';
import { Star } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useFavourites, useSetFavourite } from './api';

export interface FavouriteButtonProps {
  reference: DocumentReference;
  /** 'sm' sits on a card; 'md' in a page header. */
  size?: 'sm' | 'md';
  /** Show the action ("Add to favourites" / "Remove from favourites") next to the star: it is also the name. */
  showLabel?: boolean;
  className?: string;
}

/**
 * A star that adds the document to the user's favourites or removes it. The state comes from the
 * favourites query, which useSetFavourite updates optimistically, so every star for the same
 * document (card, reader, favourites view) changes together.
 */
export function FavouriteButton({ reference, ...props }: FavouriteButtonProps) {
  const favourites = useFavourites();
  const setFavourite = useSetFavourite();
  const isFavourite = favourites.data?.some((f) => f.short_id === reference.short_id) ?? false;
  return (
    <FavouriteStar
      {...props}
      isFavourite={isFavourite}
      pending={favourites.isPending}
      onToggle={() => setFavourite.mutate({ reference, like: !isFavourite })}
    />
  );
}

export interface FavouriteStarProps extends Omit<FavouriteButtonProps, 'reference'> {
  isFavourite: boolean;
  /** The favourites are not known yet: the star cannot say which way a click would go. */
  pending: boolean;
  onToggle: () => void;
}

/** The star itself, for a list that reads the favourites once for all its cards. */
export function FavouriteStar({ isFavourite, pending, onToggle, size = 'sm', showLabel = false, className }: FavouriteStarProps) {
  const label = isFavourite ? 'Remove from favourites' : 'Add to favourites';
  return (
    <button
      type="button"
      // With the words shown, they are the name (WCAG 2.5.3, label in name); a bare star is named by aria-label.
      aria-label={showLabel ? undefined : label}
      aria-pressed={isFavourite}
      title={showLabel ? undefined : label}
      disabled={pending}
      onClick={(event) => {
        // Cards open the document on click; the star must not.
        event.stopPropagation();
        onToggle();
      }}
      className={cn(
        'focus-ring inline-flex shrink-0 items-center justify-center gap-1.5 rounded-md font-medium text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-50',
        size === 'sm' ? 'h-8 min-w-8 px-1.5' : 'h-9 min-w-9 px-2',
        // amber-700: the words "Remove from favourites" need 4.5:1 on white and on the hover tint (amber-600 gave 3.2:1).
        isFavourite ? 'text-amber-700 hover:bg-amber-50' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-700',
        className,
      )}
    >
      <Star aria-hidden="true" className={cn(size === 'sm' ? 'size-4' : 'size-5', isFavourite && 'fill-current')} />
      {showLabel && <span>{label}</span>}
    </button>
  );
}
