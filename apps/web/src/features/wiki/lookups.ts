import type { DocumentReference } from '@verity/shared';

/** The wiki's three multi-select filters: category, domain and subdomain. */
export interface WikiFilters {
  category: readonly string[];
  domain: readonly string[];
  subDomain: readonly string[];
}

export type FilterKind = keyof WikiFilters;

export const FILTER_KINDS: readonly FilterKind[] = ['category', 'domain', 'subDomain'];

export const FILTER_LABELS: Readonly<Record<FilterKind, string>> = {
  category: 'Category',
  domain: 'Domain',
  subDomain: 'Subdomain',
};

export const EMPTY_FILTERS: WikiFilters = { category: [], domain: [], subDomain: [] };

export function tagOf(reference: DocumentReference, kind: FilterKind): string {
  return kind === 'subDomain' ? reference.tags.subdomain : reference.tags[kind];
}

export function hasActiveFilters(filters: WikiFilters): boolean {
  return FILTER_KINDS.some((kind) => filters[kind].length > 0);
}

/** Lookup maps between categories, domains, subdomains and documents, derived from the references. */
export interface WikiLookups {
  documentsBy: Readonly<Record<FilterKind, ReadonlyMap<string, readonly DocumentReference[]>>>;
  domainsByCategory: ReadonlyMap<string, ReadonlySet<string>>;
  subDomainsByDomain: ReadonlyMap<string, ReadonlySet<string>>;
  categoriesBySubDomain: ReadonlyMap<string, ReadonlySet<string>>;
}

function addTo<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function addToSet(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

export function buildLookups(references: readonly DocumentReference[]): WikiLookups {
  const byCategory = new Map<string, DocumentReference[]>();
  const byDomain = new Map<string, DocumentReference[]>();
  const bySubDomain = new Map<string, DocumentReference[]>();
  const domainsByCategory = new Map<string, Set<string>>();
  const subDomainsByDomain = new Map<string, Set<string>>();
  const categoriesBySubDomain = new Map<string, Set<string>>();
  for (const reference of references) {
    const { category, domain, subdomain } = reference.tags;
    addTo(byCategory, category, reference);
    addTo(byDomain, domain, reference);
    addTo(bySubDomain, subdomain, reference);
    addToSet(domainsByCategory, category, domain);
    addToSet(subDomainsByDomain, domain, subdomain);
    addToSet(categoriesBySubDomain, subdomain, category);
  }
  return {
    documentsBy: { category: byCategory, domain: byDomain, subDomain: bySubDomain },
    domainsByCategory,
    subDomainsByDomain,
    categoriesBySubDomain,
  };
}

/** AND across kinds, OR within one kind (the same rule as /api/docs/search); `except` ignores one kind. */
export function matchesFilters(reference: DocumentReference, filters: WikiFilters, except?: FilterKind): boolean {
  return FILTER_KINDS.every((kind) => kind === except || filters[kind].length === 0 || filters[kind].includes(tagOf(reference, kind)));
}

export function filterReferences(references: readonly DocumentReference[], filters: WikiFilters): DocumentReference[] {
  return references.filter((reference) => matchesFilters(reference, filters));
}

export interface FilterOption {
  value: string;
  /** Documents carrying this value that also match the other kinds' selections. */
  count: number;
  selected: boolean;
}

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/**
 * The options of one filter, narrowed by the selections of the other two: a value is offered when
 * some document matching the other selections carries it. Selected values always stay listed (with
 * a count of 0 if nothing matches any more) so the user can see and undo them.
 */
export function optionsFor(references: readonly DocumentReference[], filters: WikiFilters, kind: FilterKind): FilterOption[] {
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
    .sort((a, b) => collator.compare(a.value, b.value));
}

/** Current editions before superseded ones, then by code in natural order (HTM 02 before HTM 10). */
export function compareReferences(a: DocumentReference, b: DocumentReference): number {
  if (a.status !== b.status) return a.status === 'current' ? -1 : 1;
  return collator.compare(a.code, b.code) || collator.compare(a.title, b.title);
}

export function sortReferences(references: readonly DocumentReference[]): DocumentReference[] {
  return [...references].sort(compareReferences);
}
