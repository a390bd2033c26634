import { describe, expect, it } from 'vitest';
import { buildFlags } from '../../test/fixtures';
import { activeNavKey, NAV_ITEMS, splitBarItems, visibleNavItems } from './nav-items';

const keys = (items: readonly { key: string }[]) => items.map((i) => i.key);
const bar = ['home', 'chat', 'wiki', 'reports', 'tutorials', 'dashboard', 'admin'].map((key) => ({ key }));

describe('splitBarItems (mobile bar)', () => {
  it('shows everything when it fits', () => {
    expect(splitBarItems(bar.slice(0, 4), 'chat', 5)).toEqual({ visible: bar.slice(0, 4), overflow: [] });
  });

  it('puts what does not fit under More, which takes one slot', () => {
    const { visible, overflow } = splitBarItems(bar, 'home', 5);
    expect(keys(visible)).toEqual(['home', 'chat', 'wiki', 'reports']);
    expect(keys(overflow)).toEqual(['tutorials', 'dashboard', 'admin']);
  });

  it('keeps the active item visible even when it would overflow', () => {
    const { visible, overflow } = splitBarItems(bar, 'admin', 5);
    expect(keys(visible)).toEqual(['home', 'chat', 'wiki', 'admin']);
    expect(keys(overflow)).toEqual(['reports', 'tutorials', 'dashboard']);
    expect(keys(overflow)).not.toContain('admin');
  });

  it('keeps the active item even in the narrowest bar', () => {
    const { visible, overflow } = splitBarItems(bar, 'tutorials', 1);
    expect(keys(visible)).toEqual(['tutorials']);
    expect(overflow).toHaveLength(bar.length - 1);
  });
});

describe('visibleNavItems', () => {
  it('gives a guest Home only', () => {
    expect(keys(visibleNavItems(['guest'], buildFlags()))).toEqual(['home']);
  });

  it('gives standard the tools, Reports only with the flag on', () => {
    expect(keys(visibleNavItems(['standard'], buildFlags()))).toEqual(['home', 'chat', 'write', 'review', 'wiki', 'reports', 'tutorials']);
    expect(keys(visibleNavItems(['standard'], buildFlags({ 'workforce-reports': false })))).not.toContain('reports');
  });

  it('adds Champion Dashboard for champions and Admin for verity_admin', () => {
    expect(keys(visibleNavItems(['standard', 'champion'], buildFlags()))).toContain('dashboard');
    expect(keys(visibleNavItems(['standard', 'verity_admin'], buildFlags()))).toContain('admin');
    expect(keys(visibleNavItems(['standard'], buildFlags()))).not.toContain('dashboard');
  });

  it('never lists the data library, and hides Write and Review from the mobile bar', () => {
    expect(NAV_ITEMS.some((i) => i.path === '/data-library')).toBe(false);
    expect(NAV_ITEMS.filter((i) => i.hiddenOnMobileBar).map((i) => i.key)).toEqual(['write', 'review']);
  });

  it('marks the section of the current path as active', () => {
    const items = visibleNavItems(['standard'], buildFlags());
    expect(activeNavKey(items, '/chat/abc')).toBe('chat');
    expect(activeNavKey(items, '/reporting/workforce-performance')).toBe('reports');
    expect(activeNavKey(items, '/writers')).toBeNull();
    expect(activeNavKey(items, '/profile')).toBeNull();
  });
});
