import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AnalyticsEvent, registerAnalyticsSink, resetAnalytics, WIKI_FILTER_APPLIED_EVENT } from '../../lib/analytics';
import { useWikiFilterStore } from './filter-store';

let events: AnalyticsEvent[] = [];
let unregister: () => void = () => undefined;

beforeEach(() => {
  resetAnalytics();
  useWikiFilterStore.getState().reset();
  events = [];
  unregister = registerAnalyticsSink((batch) => events.push(...batch));
});

afterEach(() => unregister());

describe('wiki filter store', () => {
  it('toggles values in and out of each filter independently', () => {
    const { toggle } = useWikiFilterStore.getState();
    toggle('domain', 'HTM');
    toggle('domain', 'CQC');
    toggle('category', 'Guidance');
    toggle('domain', 'HTM');
    const state = useWikiFilterStore.getState();
    expect(state.domain).toEqual(['CQC']);
    expect(state.category).toEqual(['Guidance']);
    expect(state.subDomain).toEqual([]);
  });

  it('tracks an applied filter with its value and the whole selection, and not a removal', () => {
    useWikiFilterStore.getState().toggle('category', 'Guidance');
    useWikiFilterStore.getState().toggle('domain', 'HTM');
    useWikiFilterStore.getState().toggle('domain', 'HTM');
    expect(events.map((e) => [e.event, e.properties])).toEqual([
      [WIKI_FILTER_APPLIED_EVENT, { filter: 'category', value: 'Guidance', category: ['Guidance'], domain: [], subDomain: [] }],
      [WIKI_FILTER_APPLIED_EVENT, { filter: 'domain', value: 'HTM', category: ['Guidance'], domain: ['HTM'], subDomain: [] }],
    ]);
  });

  it('reset empties every filter', () => {
    const { toggle, remove } = useWikiFilterStore.getState();
    toggle('category', 'Legislation');
    toggle('subDomain', 'HTM 04 Water');
    toggle('domain', 'HTM');
    remove('domain', 'HTM');
    expect(useWikiFilterStore.getState().subDomain).toEqual(['HTM 04 Water']);
    useWikiFilterStore.getState().reset();
    const state = useWikiFilterStore.getState();
    expect([state.category, state.domain, state.subDomain]).toEqual([[], [], []]);
  });
});
