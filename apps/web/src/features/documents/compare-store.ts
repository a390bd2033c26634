import type { DocumentReference } from '@verity/shared';
import { create } from 'zustand';
import { useAuthStore } from '../../lib/auth-store';

/** A comparison is between two documents (or two editions of one). */
export const COMPARE_LIMIT = 2;

interface CompareState {
  items: DocumentReference[];
  /**
   * Add the document, or take it out when it is already in. A third document replaces the one
   * chosen first; that one is returned so the page can say so.
   */
  toggle: (reference: DocumentReference) => { added: boolean; replaced: DocumentReference | null };
  remove: (shortId: string) => void;
  reset: () => void;
}

/**
 * The compare list. It outlives the wiki page so it survives opening a document and coming back,
 * and is forgotten when the session ends so the next user of the browser does not inherit it.
 */
export const useCompareStore = create<CompareState>()((set, get) => ({
  items: [],
  toggle: (reference) => {
    const items = get().items;
    if (items.some((item) => item.short_id === reference.short_id)) {
      set({ items: items.filter((item) => item.short_id !== reference.short_id) });
      return { added: false, replaced: null };
    }
    const replaced = items.length >= COMPARE_LIMIT ? (items[0] ?? null) : null;
    set({ items: [...items.slice(items.length >= COMPARE_LIMIT ? 1 : 0), reference] });
    return { added: true, replaced };
  },
  remove: (shortId) => set({ items: get().items.filter((item) => item.short_id !== shortId) }),
  reset: () => set({ items: [] }),
}));

useAuthStore.subscribe((state, previous) => {
  if (previous.user && state.user?.user_id !== previous.user.user_id) useCompareStore.getState().reset();
});

/** Older edition on the left: a superseded document goes left of a current one; otherwise the order chosen. */
export function compareOrder(items: readonly DocumentReference[]): [DocumentReference, DocumentReference] | null {
  const [first, second] = items;
  if (!first || !second) return null;
  if (first.status === 'current' && second.status === 'superseded') return [second, first];
  return [first, second];
}
