import { describe, expect, it } from 'vitest';
import { AVATAR_COLOURS, avatarColour, initialsOf } from './avatar-colour';

describe('avatar initials and colour', () => {
  it('takes the first letters of first name and surname, upper-cased', () => {
    expect(initialsOf('amara', 'okafor')).toBe('AO');
    expect(initialsOf('  Siân ', 'Évans')).toBe('SÉ');
    expect(initialsOf('Cher', '')).toBe('C');
    expect(initialsOf('', null)).toBe('?');
  });

  it('gives the same initials the same colour every time', () => {
    expect(avatarColour('AO')).toBe(avatarColour('AO'));
    expect(avatarColour(initialsOf('Amara', 'Okafor'))).toBe(avatarColour(initialsOf('Ama', 'Oyelaran')));
    expect(AVATAR_COLOURS).toContain(avatarColour('AO'));
  });

  it('spreads different initials over the palette', () => {
    const colours = new Set(['AO', 'JS', 'PK', 'RW', 'LM', 'TB', 'HC', 'NE'].map(avatarColour));
    expect(colours.size).toBeGreaterThan(3);
  });
});
