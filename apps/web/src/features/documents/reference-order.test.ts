import { describe, expect, it } from 'vitest';
import { buildReference } from '../../test/fixtures';
import { sortReferences } from './reference-order';

describe('reference order', () => {
  it('sorts current editions before superseded ones, then by code in natural order', () => {
    const htm0601 = buildReference({ code: 'HTM 06-01' });
    const htm0601old = buildReference({ code: 'HTM 06-01 (2007)', status: 'superseded' });
    const htm10 = buildReference({ code: 'HTM 10' });
    const htm2 = buildReference({ code: 'HTM 2' });
    const l8 = buildReference({ code: 'ACoP L8' });
    expect(sortReferences([htm0601old, htm10, htm0601, htm2, l8]).map((r) => r.code)).toEqual([
      'ACoP L8',
      'HTM 2',
      'HTM 06-01',
      'HTM 10',
      'HTM 06-01 (2007)',
    ]);
  });
});
