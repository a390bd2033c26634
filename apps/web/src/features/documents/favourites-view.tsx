import { type DocumentReference, MESSAGES } from '@verity/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/loading-state';
import { DocumentList } from './document-list';
import { WikiEmptyState } from './wiki-empty-state';

export interface FavouritesViewProps {
  favourites: UseQueryResult<DocumentReference[]>;
  /** The favourites the filters keep. */
  filtered: readonly DocumentReference[];
  /** Changes with the filters, to start the list from its top again. */
  filtersKey: string;
  onClearFilters: () => void;
}

/** The reader's favourites, narrowed by the filters, or why there are none to show. */
export function FavouritesView({ favourites, filtered, filtersKey, onClearFilters }: FavouritesViewProps) {
  if (favourites.isPending) return <LoadingState message="Loading your favourites…" />;
  if (favourites.isError) {
    return (
      <Alert>
        <p>{MESSAGES.favouritesFetchFailed}</p>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => favourites.refetch()}>
          {MESSAGES.tryAgain}
        </Button>
      </Alert>
    );
  }
  if (favourites.data.length === 0) {
    return (
      <WikiEmptyState title="No favourites yet">
        <p>Select the star on a document to keep it here for quick access.</p>
      </WikiEmptyState>
    );
  }
  if (filtered.length === 0) {
    return (
      <WikiEmptyState title="None of your favourites match the filters">
        <Button variant="secondary" size="sm" className="mt-2" onClick={onClearFilters}>
          Clear filters
        </Button>
      </WikiEmptyState>
    );
  }
  return <DocumentList references={filtered} resetKey={`favourites:${filtersKey}`} label="Favourites" />;
}
