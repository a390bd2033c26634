import { describe, expect, it } from 'vitest';
import { quoteAt } from './locate.ts';
import type { PolicyElement } from './types.ts';

const element = (text: string): PolicyElement => ({ index: 3, type: 'paragraph', text, page: 1, headingPath: [] });

describe('quoteAt', () => {
  it('runs a quote that stops inside a bracket it opened on to the bracket’s close', () => {
    const text = 'Lifting follows L113 (first edition, 1998) and the maker’s manual.';
    const start = text.indexOf('L113');
    expect(quoteAt(element(text), start, text.indexOf(','))).toEqual({
      location: { element: 3, start, end: text.indexOf(')') + 1 },
      quote: 'L113 (first edition, 1998)',
    });
  });

  it('leaves a quote whose brackets close, or whose bracket closes far away or not at all', () => {
    const closed = 'Lifting follows L113 (1998) and the manual.';
    expect(quoteAt(element(closed), 16, 27).quote).toBe('L113 (1998)');
    const far = `See L113 (first edition${' and more words'.repeat(6)}).`;
    expect(quoteAt(element(far), 4, 23).quote).toBe('L113 (first edition');
    expect(quoteAt(element('See L113 (first edition'), 4, 23).quote).toBe('L113 (first edition');
  });
});
