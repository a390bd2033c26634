import type { DocumentReference } from '@verity/shared';
import type { DocumentFilters, FilterKind } from '../../components/filters/document-filters';
import { FilterPickers } from '../../components/filters/filter-pickers';
import { cn } from '../../lib/cn';

export interface ChatFiltersProps {
  id?: string;
  references: readonly DocumentReference[];
  filters: DocumentFilters;
  onChange: (filters: DocumentFilters) => void;
  /** Back to the library's default categories and no domain or subdomain. */
  onReset: () => void;
  isDefault: boolean;
  includeInternal: boolean;
  onIncludeInternalChange: (value: boolean) => void;
  disabled?: boolean;
}

/**
 * The scope of the next question: the wiki's category, domain and subdomain pickers (options
 * narrowing each other the same way) and whether the organisation's internal documents count.
 */
export function ChatFilters({
  id,
  references,
  filters,
  onChange,
  onReset,
  isDefault,
  includeInternal,
  onIncludeInternalChange,
  disabled = false,
}: ChatFiltersProps) {
  const toggle = (kind: FilterKind, value: string) => {
    const current = filters[kind];
    const next = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
    onChange({ ...filters, [kind]: next });
  };

  return (
    <section id={id} aria-label="Scope of the next question" className="border-slate-200 border-b bg-white px-4 py-3">
      <div className="mx-auto flex max-w-3xl flex-col gap-3">
        <FilterPickers references={references} filters={filters} onToggle={toggle} disabled={disabled} />
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <label className="inline-flex cursor-pointer items-center gap-2.5 text-slate-800 text-sm">
            <button
              type="button"
              role="switch"
              aria-checked={includeInternal}
              onClick={() => onIncludeInternalChange(!includeInternal)}
              className={cn(
                'focus-ring relative inline-flex h-6 w-10 shrink-0 items-center rounded-full transition-colors',
                includeInternal ? 'bg-brand-700' : 'bg-slate-300',
              )}
            >
              <span
                aria-hidden="true"
                className={cn(
                  'inline-block size-5 rounded-full bg-white shadow transition-transform',
                  includeInternal ? 'translate-x-[1.125rem]' : 'translate-x-0.5',
                )}
              />
            </button>
            Include our internal documents
          </label>
          {!isDefault && (
            <button
              type="button"
              onClick={onReset}
              className="focus-ring rounded-md px-2 py-1 font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
            >
              Reset to default scope
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
