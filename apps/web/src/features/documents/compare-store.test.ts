import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { buildReference, buildTestUser } from '../../test/fixtures';
import { compareOrder, useCompareStore } from './compare-store';

const current = buildReference({ code: 'ACoP L8' });
const superseded = buildReference({ code: 'ACoP L8 (2000)', status: 'superseded' });
const other = buildReference({ code: 'HSG274' });

beforeEach(() => {
  useCompareStore.getState().reset();
  useAuthStore.setState({ authenticated: false, user: null });
});

describe('compare list', () => {
  it('toggles a document in and out', () => {
    expect(useCompareStore.getState().toggle(current)).toEqual({ added: true, replaced: null });
    expect(useCompareStore.getState().toggle(current)).toEqual({ added: false, replaced: null });
    expect(useCompareStore.getState().items).toEqual([]);
  });

  it('keeps at most two, a third replacing the one chosen first', () => {
    const { toggle } = useCompareStore.getState();
    toggle(current);
    toggle(superseded);
    expect(toggle(other)).toEqual({ added: true, replaced: current });
    expect(useCompareStore.getState().items.map((i) => i.code)).toEqual(['ACoP L8 (2000)', 'HSG274']);
  });

  it('puts the superseded edition on the left and otherwise keeps the chosen order', () => {
    expect(compareOrder([current, superseded])).toEqual([superseded, current]);
    expect(compareOrder([current, other])).toEqual([current, other]);
    expect(compareOrder([current])).toBeNull();
  });

  it('is forgotten when the user signs out, so the next user of the browser does not inherit it', () => {
    useAuthStore.setState({ authenticated: true, user: buildTestUser() });
    useCompareStore.getState().toggle(current);
    useAuthStore.setState({ authenticated: true, user: buildTestUser() });
    expect(useCompareStore.getState().items).toHaveLength(1);
    useAuthStore.setState({ authenticated: false, user: null });
    expect(useCompareStore.getState().items).toEqual([]);
  });
});
