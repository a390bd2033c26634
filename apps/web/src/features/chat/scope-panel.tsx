import type { DocumentReference } from '@verity/shared';
import { lazy, Suspense } from 'react';
import type { DocumentFilters } from '../../components/filters/document-filters';
import { type ComposerDraft, useChatStore } from './chat-store';

// The scope panel's pickers load when it is first opened: no first visit to the chat pays for them.
const ChatFilters = lazy(() => import('./chat-filters').then((module) => ({ default: module.ChatFilters })));

export interface ScopePanelProps {
  id: string;
  draft: ComposerDraft;
  draftKey: string;
  /** The draft's filters, or the library's default categories while it has none of its own. */
  filters: DocumentFilters;
  /** The library's documents; null until the filter data has loaded. */
  references: readonly DocumentReference[] | null;
}

/** The scope of the next question, kept in the conversation's draft. */
export function ScopePanel({ id, draft, draftKey, filters, references }: ScopePanelProps) {
  const updateDraft = useChatStore((state) => state.updateDraft);
  return (
    <Suspense fallback={null}>
      <ChatFilters
        id={id}
        references={references ?? []}
        filters={filters}
        onChange={(next) => updateDraft(draftKey, { filters: next })}
        onReset={() => updateDraft(draftKey, { filters: null })}
        isDefault={draft.filters === null}
        includeInternal={draft.includeInternal}
        onIncludeInternalChange={(includeInternal) => updateDraft(draftKey, { includeInternal })}
        disabled={!references}
      />
    </Suspense>
  );
}
