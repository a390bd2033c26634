import { describe, expect, it } from 'vitest';
import { mentionsFact, opensWith } from './dev-set.ts';

describe('opensWith', () => {
  it('reads the first word of the answer, markup and case aside', () => {
    expect(opensWith('Yes. A written scheme is needed.', 'yes')).toBe(true);
    expect(opensWith('**No** — the library says otherwise.', 'no')).toBe(true);
    expect(opensWith('- yes, every six months', 'yes')).toBe(true);
  });

  it('is false when the answer opens with anything else, or says yes or no later', () => {
    expect(opensWith('A written scheme is needed, so yes.', 'yes')).toBe(false);
    expect(opensWith('Not usually.', 'no')).toBe(false);
    expect(opensWith('Yes.', 'no')).toBe(false);
    expect(opensWith('', 'yes')).toBe(false);
  });
});

describe('mentionsFact', () => {
  it('finds a wording whatever the degree sign and spacing', () => {
    expect(mentionsFact('Store hot water at 60 ºC or above.', ['60°C'])).toBe(true);
    expect(mentionsFact('Store hot water hot.', ['60°C', '60 degrees'])).toBe(false);
  });
});
