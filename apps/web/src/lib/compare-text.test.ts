import { describe, expect, it } from 'vitest';
import { compareText } from './compare-text';

const collator = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

let seed = 11;
function random(): number {
  seed = (seed * 16_807) % 2_147_483_647;
  return seed / 2_147_483_647;
}
function text(alphabet: string, longest: number): string {
  let out = '';
  for (let length = Math.floor(random() * (longest + 1)); length > 0; length--) out += alphabet[Math.floor(random() * alphabet.length)];
  return out;
}

const PRINTABLE = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');

describe('compareText', () => {
  it('orders printable ASCII as Intl’s en-GB collator does (any case, numbers by value)', () => {
    const pairs: [string, string][] = [
      ['HTM 02', 'HTM 10'],
      ['a01', 'a1'],
      ['x', 'x0'],
      ['0', '00'],
      ['Freya Scott', 'freya scott'],
      ["O'Brien", 'Obrien'],
      ['smith-jones@nhs.net', 'smith_jones@nhs.net'],
      ['', ''],
      ['', ' '],
    ];
    // Letters, digits and punctuation mixed hard, then every printable character, then names and addresses.
    for (let i = 0; i < 30_000; i++) pairs.push([text('aAbB0019 -_.', 8), text('aAbB0019 -_.', 8)]);
    for (let i = 0; i < 30_000; i++) pairs.push([text(PRINTABLE, 10), text(PRINTABLE, 10)]);
    for (let i = 0; i < 5_000; i++) {
      const name = text('abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ', 9);
      pairs.push(
        [`${name} ${text("abcdeSTUV'-", 6)}`, `${name} ${text("abcdeSTUV'-", 6)}`],
        [`${name}${text('0123456789', 4)}@nhs.net`, `${name}@nhs.net`],
      );
    }
    for (const [a, b] of pairs) expect(compareText(a, b), JSON.stringify([a, b])).toBe(collator.compare(a, b));
  });

  it('leaves accents, other scripts, control characters and very long numbers to the collator', () => {
    const digits = '9'.repeat(300);
    const pairs: [string, string][] = [
      ['Zoë', 'Zoe'],
      ['Łukasz', 'Lukasz'],
      ['Ångström', 'Angstrom'],
      ['a\u0000b', 'ab'],
      ['ab', 'ab\u0007'],
      ['Ελένη', 'Eleni'],
      [`a${digits}`, `a${digits}8`],
      [`${digits}1`, `${digits}2`],
    ];
    for (let i = 0; i < 5_000; i++) pairs.push([text('aeéEÉ1 -\u00a0', 6), text('aeéEÉ1 -\u00a0', 6)]);
    for (const [a, b] of pairs) expect(compareText(a, b), JSON.stringify([a, b])).toBe(collator.compare(a, b));
  });

  it('sorts a list as the collator does', () => {
    const names = ['HTM 10', 'htm 2', 'HTM 02', 'HBN 00-01', 'Zoë Adams', 'zoe adams', 'Ada', 'ada', 'A-da', 'Ada 1', 'Ada 01'];
    expect([...names].sort(compareText)).toEqual([...names].sort(collator.compare));
  });
});
