import type { DocumentReference } from '@verity/shared';
import { useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { DocumentCard, useCardActions } from './document-card';

/** Cards rendered at first and added per "Show more": enough to scan, few enough to stay quick. */
export const BROWSE_PAGE_SIZE = 24;

export interface DocumentListProps {
  references: readonly DocumentReference[];
  /** Changes when the list is a different selection (filters, tab), so it starts from the top again. */
  resetKey: string;
  /** Names the list for assistive tech, e.g. "Documents". */
  label: string;
}

export function DocumentList({ references, resetKey, label }: DocumentListProps) {
  const [shown, setShown] = useState(BROWSE_PAGE_SIZE);
  const actions = useCardActions();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new selection starts with one page again.
  useEffect(() => setShown(BROWSE_PAGE_SIZE), [resetKey]);
  const visible = references.slice(0, shown);
  const remaining = references.length - visible.length;

  return (
    <div className="flex flex-col gap-4">
      <ul aria-label={label} className="grid gap-3 lg:grid-cols-2">
        {visible.map((reference) => (
          <li key={reference.short_id} className="grid">
            <DocumentCard reference={reference} actions={actions} />
          </li>
        ))}
      </ul>
      {remaining > 0 && (
        <div className="flex flex-col items-center gap-1">
          <Button variant="secondary" onClick={() => setShown((n) => n + BROWSE_PAGE_SIZE)}>
            Show more
          </Button>
          <p className="text-slate-500 text-sm">
            Showing {visible.length} of {references.length}
          </p>
        </div>
      )}
    </div>
  );
}
