import type { DocumentReference } from '@verity/shared';
import { useMemo } from 'react';
import { type DocumentFilters, FILTER_KINDS, FILTER_LABELS, type FilterKind, optionsFor } from './document-filters';
import { MultiSelect } from './multi-select';

export interface FilterPickersProps {
  references: readonly DocumentReference[];
  filters: DocumentFilters;
  onToggle: (kind: FilterKind, value: string) => void;
  disabled?: boolean;
}

/** The category, domain and subdomain pickers, each offering only what the others' choices leave (the wiki's and the chat's). */
export function FilterPickers({ references, filters, onToggle, disabled = false }: FilterPickersProps) {
  const options = useMemo(
    () => ({
      category: optionsFor(references, filters, 'category'),
      domain: optionsFor(references, filters, 'domain'),
      subDomain: optionsFor(references, filters, 'subDomain'),
    }),
    [references, filters],
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)] gap-2 sm:grid-cols-3">
      {FILTER_KINDS.map((kind) => (
        <MultiSelect
          key={kind}
          label={FILTER_LABELS[kind]}
          options={options[kind]}
          onToggle={(value) => onToggle(kind, value)}
          disabled={disabled}
          alignEnd={kind === 'subDomain'}
        />
      ))}
    </div>
  );
}
