import { describe, expect, test } from 'vitest';
import { tidyFragment, withoutTableMarkup } from './snippet-text.ts';

describe('snippet text', () => {
  test('withoutTableMarkup reads a table as one line', () => {
    expect(withoutTableMarkup('A | B\nC | D')).toBe('A · B; C · D');
  });

  test('a fragment does not open or close on a separator', () => {
    expect(tidyFragment('| weekly flush · HSG274 Part 2;')).toBe('weekly flush · HSG274 Part 2');
    expect(tidyFragment(' — the outlets, ')).toBe('the outlets');
  });

  test('separators are trimmed by side: a fragment may end on a closing bracket and open on an opening one', () => {
    expect(tidyFragment('(see HSG274) ')).toBe('(see HSG274)');
    expect(tidyFragment(') weekly (')).toBe('weekly');
    expect(tidyFragment('\u00a0\u2003·;|–— ')).toBe('');
    expect(tidyFragment('')).toBe('');
  });

  test('text without bars, line breaks or middle dots is returned as it is', () => {
    const text = 'Sentinel outlets; checked monthly.';
    expect(withoutTableMarkup(text)).toBe(text);
    expect(withoutTableMarkup('A ·  ; B')).toBe('A; B');
  });
});
