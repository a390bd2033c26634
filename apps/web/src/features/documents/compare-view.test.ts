import { describe, expect, it } from 'vitest';
import { sideLabel } from './compare-view';

describe('a compared column’s document', () => {
  it('names the edition once, whether or not the code already carries it', () => {
    expect(sideLabel({ code: 'HTM 04-01 (2006)', edition: '2006' }, 'left')).toBe('HTM 04-01 (2006)');
    expect(sideLabel({ code: 'ACoP L8', edition: '4th edition 2013' }, 'right')).toBe('ACoP L8 (4th edition 2013)');
    expect(sideLabel({ code: 'POL-7', edition: '' }, 'right')).toBe('POL-7 (right)');
  });
});
