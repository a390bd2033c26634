import { describe, expect, test } from 'vitest';
import { WRITE_CONTENT_MAX_DEPTH, WRITE_TABLE_MAX_CELLS, writeContentProblem } from './write-content.ts';

const text = (value: string) => ({ type: 'text' as const, text: value });
const paragraph = (value: string) => ({ type: 'paragraph' as const, content: [text(value)] });
const cell = (value: string) => ({ type: 'tableCell' as const, content: [paragraph(value)] });

describe('the document the editor can load', () => {
  test('headings, paragraphs with marks and breaks, nested lists and tables are accepted', () => {
    const doc = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [text('Actions')] },
        { type: 'paragraph', content: [{ ...text('Bold'), marks: [{ type: 'bold' }] }, { type: 'hardBreak' }, text('next')] },
        { type: 'paragraph' },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              attrs: { item: 'action-1' },
              content: [paragraph('One'), { type: 'orderedList', content: [{ type: 'listItem', content: [paragraph('1.1')] }] }],
            },
          ],
        },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', content: [paragraph('Owner')] }] },
            { type: 'tableRow', content: [cell('Sam')] },
          ],
        },
      ],
    };
    expect(writeContentProblem(doc)).toBeNull();
  });

  test.each([
    [
      'a row outside a table',
      { type: 'doc', content: [{ type: 'tableRow', content: [cell('x')] }] },
      ['content', 0],
      /doc cannot hold a tableRow/,
    ],
    [
      'text in a list',
      { type: 'doc', content: [{ type: 'bulletList', content: [text('x')] }] },
      ['content', 0, 'content', 0],
      /bulletList cannot hold a text/,
    ],
    [
      'an empty text',
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: '' }] }] },
      ['content', 0, 'content', 0],
      /must hold text/,
    ],
    [
      'a heading of level 7',
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 7 }, content: [text('x')] }] },
      ['content', 0],
      /level 1, 2 or 3/,
    ],
    [
      'a list item without its paragraph',
      { type: 'doc', content: [{ type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'table', content: [] }] }] }] },
      ['content', 0, 'content', 0, 'content', 0],
      /starts with a paragraph/,
    ],
    ['an empty list', { type: 'doc', content: [{ type: 'bulletList', content: [] }] }, ['content', 0], /at least one/],
    ['marks on a paragraph', { type: 'doc', content: [{ type: 'paragraph', marks: [{ type: 'bold' }] }] }, ['content', 0], /Only text/],
  ])('%s is refused with where', (_, doc, path, message) => {
    expect(writeContentProblem(doc)).toEqual({ path, message: expect.stringMatching(message) });
  });

  test('one 5,000-cell row, and a table over the cell budget, are refused', () => {
    const wide = {
      type: 'doc',
      content: [{ type: 'table', content: [{ type: 'tableRow', content: Array.from({ length: 5_000 }, (_, i) => cell(`c${i}`)) }] }],
    };
    expect(writeContentProblem(wide)?.message).toMatch(/at most 50 columns/);
    const rows = Array.from({ length: WRITE_TABLE_MAX_CELLS / 10 + 1 }, () => ({
      type: 'tableRow',
      content: Array.from({ length: 10 }, () => cell('x')),
    }));
    expect(writeContentProblem({ type: 'doc', content: [{ type: 'table', content: rows }] })?.message).toMatch(/at most 10000 cells/);
  });

  test('lists nested past the depth limit are refused without recursion', () => {
    let list: Record<string, unknown> = { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph('deepest')] }] };
    for (let i = 0; i < WRITE_CONTENT_MAX_DEPTH; i++)
      list = { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(`level ${i}`), list] }] };
    expect(writeContentProblem({ type: 'doc', content: [list] } as never)?.message).toMatch(/nest at most/);
  });
});
