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
});
