import { describe, expect, it } from 'vitest';
import { sideLabel, sideSpans } from './compare-view';

describe('a compared column’s document', () => {
  it('names the edition once, whether or not the code already carries it', () => {
    expect(sideLabel({ code: 'HTM 04-01 (2006)', edition: '2006' }, 'left')).toBe('HTM 04-01 (2006)');
    expect(sideLabel({ code: 'ACoP L8', edition: '4th edition 2013' }, 'right')).toBe('ACoP L8 (4th edition 2013)');
    expect(sideLabel({ code: 'POL-7', edition: '' }, 'right')).toBe('POL-7 (right)');
  });
});

describe('where a changed row’s differences sit in each side’s text', () => {
  const segments = [
    { kind: 'equal' as const, text: 'Outlet | Check\nHot | ' },
    { kind: 'removed' as const, text: 'monthly' },
    { kind: 'added' as const, text: 'weekly' },
    { kind: 'equal' as const, text: '' },
  ];

  it('gives each side the unchanged text and its own change, with offsets in that side’s text', () => {
    expect(sideSpans(segments, 'left', 'Outlet | Check\nHot | monthly')).toEqual([
      { start: 0, end: 21, changed: false },
      { start: 21, end: 28, changed: true },
      { start: 28, end: 28, changed: false },
    ]);
    expect(sideSpans(segments, 'right', 'Outlet | Check\nHot | weekly')?.filter((span) => span.changed)).toEqual([
      { start: 21, end: 27, changed: true },
    ]);
  });

  it('gives none when the segments do not spell the text, so nothing is marked in the wrong place', () => {
    expect(sideSpans(segments, 'left', 'Outlet | Check\nCold | monthly')).toBeUndefined();
    expect(sideSpans(segments, 'left', 'Outlet | Check\nHot | monthly and more')).toBeUndefined();
    expect(sideSpans(undefined, 'left', 'anything')).toBeUndefined();
  });
});
