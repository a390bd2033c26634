import type { DocumentReference } from '@verity/shared';
import { compareText } from '../../lib/compare-text';

/** The library's three multi-select filters (the wiki's and the chat's scope): category, domain and subdomain. */
export interface DocumentFilters {
  category: readonly string[];
  domain: readonly string[];
  subDomain: readonly string[];
}

export type FilterKind = keyof DocumentFilters;

export const FILTER_KINDS: readonly FilterKind[] = ['category', 'domain', 'subDomain'];

export const FILTER_LABELS: Readonly<Record<FilterKind, string>> = {
  category: 'Category',
  domain: 'Domain',
  subDomain: 'Subdomain',
};

export const EMPTY_FILTERS: DocumentFilters = { category: [], domain: [], subDomain: [] };

function tagOf(reference: DocumentReference, kind: FilterKind): string {
  return kind === 'subDomain' ? reference.tags.subdomain : reference.tags[kind];
}

/** How many values narrow a search or question (a badge's count). */
export function countFilters(filters: DocumentFilters): number {
  return filters.category.length + filters.domain.length + filters.subDomain.length;
}

export function hasActiveFilters(filters: DocumentFilters): boolean {
  return FILTER_KINDS.some((kind) => filters[kind].length > 0);
}

/** AND across kinds, OR within one kind (the same rule as the library search); `except` ignores one kind. */
function matchesFilters(reference: DocumentReference, filters: DocumentFilters, except?: FilterKind): boolean {
  return FILTER_KINDS.every((kind) => kind === except || filters[kind].length === 0 || filters[kind].includes(tagOf(reference, kind)));
}

export function filterReferences(references: readonly DocumentReference[], filters: DocumentFilters): DocumentReference[] {
  return references.filter((reference) => matchesFilters(reference, filters));
}

export interface FilterOption {
  value: string;
  /** Documents carrying this value that also match the other kinds' selections. */
  count: number;
  selected: boolean;
}

/**
 * The options of one filter, narrowed by the selections of the other two: a value is offered when
 * some document matching the other selections carries it. Selected values always stay listed (with
 * a count of 0 if nothing matches any more) so the user can see and undo them.
 */
export function optionsFor(references: readonly DocumentReference[], filters: DocumentFilters, kind: FilterKind): FilterOption[] {
  const counts = new Map<string, number>();
  for (const reference of references) {
    if (!matchesFilters(reference, filters, kind)) continue;
    const value = tagOf(reference, kind);
    if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  for (const value of filters[kind]) if (!counts.has(value)) counts.set(value, 0);
  const selected = new Set(filters[kind]);
  return [...counts.entries()]
    .map(([value, count]) => ({ value, count, selected: selected.has(value) }))
    .sort((a, b) => compareText(a.value, b.value));
}
