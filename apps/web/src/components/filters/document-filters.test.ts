import { describe, expect, it } from 'vitest';
import { buildReference } from '../../test/fixtures';
import { type DocumentFilters, EMPTY_FILTERS, filterReferences, optionsFor } from './document-filters';

const htm0601 = buildReference({
  code: 'HTM 06-01',
  tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services' },
});
const htm0601old = buildReference({
  code: 'HTM 06-01 (2007)',
  status: 'superseded',
  tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services' },
});
const htm0401 = buildReference({ code: 'HTM 04-01 Part A', tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 04 Water' } });
const l8 = buildReference({
  code: 'ACoP L8',
  tags: { category: 'Code of practice', domain: 'Health & Safety', subdomain: 'Legionella and water safety' },
});
const hswa = buildReference({ code: 'HSWA 1974', tags: { category: 'Legislation', domain: 'Health & Safety', subdomain: 'Core duties' } });
const cqc = buildReference({ code: 'CQC Reg 15', tags: { category: 'Legislation', domain: 'CQC', subdomain: 'Fundamental standards' } });
const all = [hswa, htm0601old, l8, htm0401, cqc, htm0601];

function filters(overrides: Partial<DocumentFilters>): DocumentFilters {
  return { ...EMPTY_FILTERS, ...overrides };
}

describe('document filters', () => {
  it('offers every value with its document count when nothing is selected', () => {
    expect(optionsFor(all, EMPTY_FILTERS, 'domain')).toEqual([
      { value: 'CQC', count: 1, selected: false },
      { value: 'Health & Safety', count: 2, selected: false },
      { value: 'HTM', count: 3, selected: false },
    ]);
  });

  it('narrows the subdomain and category options to the selected domain', () => {
    const htm = filters({ domain: ['HTM'] });
    expect(optionsFor(all, htm, 'subDomain').map((o) => o.value)).toEqual(['HTM 04 Water', 'HTM 06 Electrical services']);
    expect(optionsFor(all, htm, 'category').map((o) => o.value)).toEqual(['Guidance']);
  });

  it('does not narrow a filter by its own selection, so more values of it can be added', () => {
    const domains = optionsFor(all, filters({ domain: ['HTM'] }), 'domain');
    expect(domains.map((o) => o.value)).toEqual(['CQC', 'Health & Safety', 'HTM']);
    expect(domains.find((o) => o.value === 'HTM')?.selected).toBe(true);
  });

  it('narrows domains by the selected category', () => {
    expect(optionsFor(all, filters({ category: ['Legislation'] }), 'domain').map((o) => o.value)).toEqual(['CQC', 'Health & Safety']);
  });

  it('keeps a selected value listed with a count of 0 when the other filters exclude it', () => {
    const options = optionsFor(all, filters({ category: ['Legislation'], subDomain: ['HTM 04 Water'] }), 'subDomain');
    expect(options).toContainEqual({ value: 'HTM 04 Water', count: 0, selected: true });
    expect(options.map((o) => o.value)).toEqual(['Core duties', 'Fundamental standards', 'HTM 04 Water']);
  });

  it('filters with AND across kinds and OR within one kind', () => {
    expect(filterReferences(all, filters({ domain: ['HTM', 'CQC'] }))).toEqual([htm0601old, htm0401, cqc, htm0601]);
    expect(filterReferences(all, filters({ domain: ['HTM', 'CQC'], category: ['Legislation'] }))).toEqual([cqc]);
    expect(filterReferences(all, filters({ domain: ['HTM'], subDomain: ['Core duties'] }))).toEqual([]);
    expect(filterReferences(all, EMPTY_FILTERS)).toEqual(all);
  });
});
