import type { DocumentReference } from '@verity/shared';
import { Button } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/loading-state';
import { DocumentList } from './document-list';
import { WikiEmptyState } from './wiki-empty-state';

export interface LibraryViewProps {
  /** The library's filter data (the documents listed): its failure is said above the filters. */
  status: 'pending' | 'error' | 'success';
  /** The documents the filters keep, in the library's order. */
  filtered: readonly DocumentReference[];
  filtersActive: boolean;
  /** Changes with the filters, to start the list from its top again. */
  filtersKey: string;
  onClearFilters: () => void;
}

/** The library browsed without a search: every document the filters keep, or why there are none. */
export function LibraryView({ status, filtered, filtersActive, filtersKey, onClearFilters }: LibraryViewProps) {
  if (status === 'pending') return <LoadingState message="Loading documents…" />;
  if (status === 'error') return null;
  if (filtered.length === 0) {
    return (
      <WikiEmptyState title={filtersActive ? 'No documents match these filters' : 'The library has no documents yet'}>
        {filtersActive && (
          <Button variant="secondary" size="sm" className="mt-2" onClick={onClearFilters}>
            Clear filters
          </Button>
        )}
      </WikiEmptyState>
    );
  }
  return <DocumentList references={filtered} resetKey={`documents:${filtersKey}`} label="Documents" />;
}
