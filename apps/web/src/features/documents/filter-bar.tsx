import type { DocumentReference } from '@verity/shared';
import { X } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { FILTER_KINDS, FILTER_LABELS, hasActiveFilters } from '../../components/filters/document-filters';
import { FilterPickers } from '../../components/filters/filter-pickers';
import { selectFilters, useWikiFilterStore } from './filter-store';

export interface FilterBarProps {
  references: readonly DocumentReference[];
  disabled?: boolean;
}

/** Category, domain and subdomain pickers whose options narrow each other, and the active filters as chips. */
export function FilterBar({ references, disabled = false }: FilterBarProps) {
  const filters = useWikiFilterStore(useShallow(selectFilters));
  const toggle = useWikiFilterStore((s) => s.toggle);
  const remove = useWikiFilterStore((s) => s.remove);
  const reset = useWikiFilterStore((s) => s.reset);
  const active = hasActiveFilters(filters);

  return (
    <section aria-label="Filters" className="flex flex-col gap-3">
      <FilterPickers references={references} filters={filters} onToggle={toggle} disabled={disabled} />
      {active && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="sr-only">Active filters:</span>
          <ul className="contents">
            {FILTER_KINDS.flatMap((kind) =>
              filters[kind].map((value) => (
                <li key={`${kind}:${value}`}>
                  <span className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-0.5 pr-1 pl-3 text-brand-900 text-sm">
                    <span className="truncate">
                      <span className="text-brand-700">{FILTER_LABELS[kind]}:</span> {value}
                    </span>
                    <button
                      type="button"
                      onClick={() => remove(kind, value)}
                      aria-label={`Remove filter ${FILTER_LABELS[kind]}: ${value}`}
                      className="focus-ring inline-flex size-6 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-100"
                    >
                      <X aria-hidden="true" className="size-3.5" />
                    </button>
                  </span>
                </li>
              )),
            )}
          </ul>
          <button
            type="button"
            onClick={reset}
            className="focus-ring rounded-md px-2 py-1 font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
          >
            Clear filters
          </button>
        </div>
      )}
    </section>
  );
}
