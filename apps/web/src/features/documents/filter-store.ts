import { create } from 'zustand';
import { type DocumentFilters, EMPTY_FILTERS, type FilterKind } from '../../components/filters/document-filters';
import { track, WIKI_FILTER_APPLIED_EVENT } from '../../lib/analytics';

interface WikiFilterState extends DocumentFilters {
  /** Select the value, or deselect it when it is already selected. */
  toggle: (kind: FilterKind, value: string) => void;
  remove: (kind: FilterKind, value: string) => void;
  /** Forget every selection (the "Clear filters" button and leaving /wiki). */
  reset: () => void;
}

/**
 * The wiki page's filters. They live outside the page so the filter bar, the lists and the search
 * share them, and the page resets them when it unmounts (the filters reset on leaving /wiki).
 */
export const useWikiFilterStore = create<WikiFilterState>()((set, get) => ({
  ...EMPTY_FILTERS,
  toggle: (kind, value) => {
    const current = get()[kind];
    if (current.includes(value)) {
      set({ [kind]: current.filter((v) => v !== value) });
      return;
    }
    set({ [kind]: [...current, value] });
    const next = get();
    // Onboarding listens for { filter: 'domain', value: 'HTM' } ("HTM domain filter applied").
    track(WIKI_FILTER_APPLIED_EVENT, {
      filter: kind,
      value,
      category: next.category,
      domain: next.domain,
      subDomain: next.subDomain,
    });
  },
  remove: (kind, value) => set({ [kind]: get()[kind].filter((v) => v !== value) }),
  reset: () => set({ ...EMPTY_FILTERS }),
}));

export function selectFilters(state: DocumentFilters): DocumentFilters {
  return { category: state.category, domain: state.domain, subDomain: state.subDomain };
}
