import { describe, expect, test } from 'vitest';
import { tableRowFor } from './review.ts';

describe('the excerpt of a table that supports a finding', () => {
  const table = ['Record | Kept for', 'Transfer notes | 2 years', 'Consignment notes | 3 years', 'Training records | 5 years'].join('\n');

  test('is the row that says most of what the finding says, after the header', () => {
    const draft = {
      expected: 'Kept for at least 3 years',
      explanation: 'The policy keeps consignment notes for one year, but the library says 3 years.',
      suggestion: 'Keep consignment notes for at least three years.',
    };
    expect(tableRowFor(table, draft)).toBe('Record | Kept for: Consignment notes | 3 years');
  });

  test('is the whole text when there are no rows under the header', () => {
    expect(tableRowFor('Record | Kept for', { expected: null, explanation: 'x', suggestion: 'y' })).toBe('Record | Kept for');
  });
});
