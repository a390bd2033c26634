import type { DocumentElement } from '@verity/shared';
import { describe, expect, it } from 'vitest';
import { headingLevel } from '../../../lib/heading-level';
import { buildBlocks, buildToc, highlightedIds, parseTable, splitTitle } from './document-model';

let counter = 0;
function element(overrides: Partial<DocumentElement> & Pick<DocumentElement, 'type' | 'text'>): DocumentElement {
  counter += 1;
  return { id: `el${counter}`, page: 1, heading_path: [], highlighted: false, ...overrides };
}

describe('headingLevel', () => {
  it('makes top-level sections h2 and nests deeper ones, stopping at h4', () => {
    expect(headingLevel({ heading_path: [] })).toBe(2);
    expect(headingLevel({ heading_path: ['Duties'] })).toBe(3);
    expect(headingLevel({ heading_path: ['Duties', 'Part A'] })).toBe(4);
    expect(headingLevel({ heading_path: ['Duties', 'Part A', 'Resilience', 'Deeper'] })).toBe(4);
  });
});

describe('parseTable', () => {
  it('reads the first row as the header and pads short rows to the widest', () => {
    expect(
      parseTable({ text: 'Role | Duty | Equivalent\nDutyholder | Carries the legal duty\nResponsible person | Manages | RP (Water)' }),
    ).toEqual({
      header: ['Role', 'Duty', 'Equivalent'],
      rows: [
        ['Dutyholder', 'Carries the legal duty', ''],
        ['Responsible person', 'Manages', 'RP (Water)'],
      ],
    });
  });

  it('keeps a bar inside a cell that is not a cell separator', () => {
    expect(parseTable({ text: 'Term | Meaning\nA|B | Either' }).rows).toEqual([['A|B', 'Either']]);
  });

  it('reads every row as a body row when the file says the table has no header row', () => {
    expect(parseTable({ text: 'Policy number | FD-07\nVersion | 3.0 | draft', header_row: false })).toEqual({
      header: [],
      rows: [
        ['Policy number', 'FD-07', ''],
        ['Version', '3.0', 'draft'],
      ],
    });
  });
});

describe('buildBlocks', () => {
  it('groups consecutive list items into one list and starts a new list after other content', () => {
    const items = [
      element({ type: 'list_item', text: 'One' }),
      element({ type: 'list_item', text: 'Two' }),
      element({ type: 'paragraph', text: 'Between' }),
      element({ type: 'list_item', text: 'Three' }),
    ];
    const blocks = buildBlocks(items);
    expect(blocks.map((b) => b.kind)).toEqual(['list', 'paragraph', 'list']);
    const [first, , second] = blocks;
    expect(first?.kind === 'list' && first.items.map((i) => i.text)).toEqual(['One', 'Two']);
    expect(second?.kind === 'list' && second.items.map((i) => i.text)).toEqual(['Three']);
  });

  it('gives headings their level and parses tables', () => {
    const blocks = buildBlocks([
      element({ type: 'heading', text: 'Duties' }),
      element({ type: 'heading', text: 'Part A', heading_path: ['Duties'] }),
      element({ type: 'table', text: 'A | B\n1 | 2', heading_path: ['Duties', 'Part A'] }),
    ]);
    expect(blocks[0]).toMatchObject({ kind: 'heading', level: 2 });
    expect(blocks[1]).toMatchObject({ kind: 'heading', level: 3 });
    expect(blocks[2]).toMatchObject({ kind: 'table', table: { header: ['A', 'B'], rows: [['1', '2']] } });
  });
});

describe('buildToc', () => {
  it('nests headings by depth and ignores other elements', () => {
    const toc = buildToc([
      element({ type: 'title', text: 'HTM 06-01' }),
      element({ id: 'h-scope', type: 'heading', text: 'Scope' }),
      element({ type: 'paragraph', text: 'Body', heading_path: ['Scope'] }),
      element({ id: 'h-duties', type: 'heading', text: 'Duties' }),
      element({ id: 'h-a', type: 'heading', text: 'Part A', heading_path: ['Duties'] }),
      element({ id: 'h-a1', type: 'heading', text: 'Resilience', heading_path: ['Duties', 'Part A'] }),
      element({ id: 'h-b', type: 'heading', text: 'Part B', heading_path: ['Duties'] }),
    ]);
    expect(toc).toEqual([
      { id: 'h-scope', text: 'Scope', level: 2, children: [] },
      {
        id: 'h-duties',
        text: 'Duties',
        level: 2,
        children: [
          { id: 'h-a', text: 'Part A', level: 3, children: [{ id: 'h-a1', text: 'Resilience', level: 4, children: [] }] },
          { id: 'h-b', text: 'Part B', level: 3, children: [] },
        ],
      },
    ]);
  });

  it('hangs a heading whose parent level is missing under the nearest shallower one', () => {
    const toc = buildToc([
      element({ id: 'top', type: 'heading', text: 'Top' }),
      element({ id: 'deep', type: 'heading', text: 'Deep', heading_path: ['Top', 'Missing'] }),
    ]);
    expect(toc).toEqual([{ id: 'top', text: 'Top', level: 2, children: [{ id: 'deep', text: 'Deep', level: 4, children: [] }] }]);
  });
});

describe('splitTitle', () => {
  it('takes the title element out of the body', () => {
    const title = element({ type: 'title', text: 'Water Safety Policy' });
    const scope = element({ type: 'heading', text: 'Scope' });
    expect(splitTitle({ title: 'Water Safety Policy', elements: [title, scope] })).toEqual({ titleElement: title, body: [scope] });
  });

  it('reads a heading that names the document as its title, and its sections from the top', () => {
    const organisation = element({ type: 'heading', text: 'Heronsgate Lodge Nursing Home' });
    const title = element({ type: 'heading', text: 'Water  Safety Policy ' });
    const scope = element({ type: 'heading', text: 'Scope', heading_path: ['Water  Safety Policy '] });
    const body = element({ type: 'paragraph', text: 'All outlets.', heading_path: ['Water  Safety Policy ', 'Scope'] });
    const { titleElement, body: rest } = splitTitle({ title: 'Water Safety Policy', elements: [organisation, title, scope, body] });
    expect(titleElement).toBe(title);
    expect(rest.map((item) => [item.text, item.heading_path])).toEqual([
      ['Heronsgate Lodge Nursing Home', []],
      ['Scope', []],
      ['All outlets.', ['Scope']],
    ]);
    expect(buildToc(rest).map((entry) => [entry.text, entry.level])).toEqual([
      ['Heronsgate Lodge Nursing Home', 2],
      ['Scope', 2],
    ]);
  });

  it('reads an opening line that names the document as its title, leaving the sections as they are', () => {
    const line = element({ type: 'paragraph', text: 'Asbestos Management Plan' });
    const scope = element({ type: 'heading', text: 'Scope' });
    expect(splitTitle({ title: 'Asbestos Management Plan', elements: [line, scope] })).toEqual({ titleElement: line, body: [scope] });
  });

  it('leaves the body whole when no opening element reads the title', () => {
    const opening = Array.from({ length: 12 }, (_, index) => element({ type: 'paragraph', text: `Line ${index}` }));
    const late = element({ type: 'heading', text: 'Fire Safety Policy' });
    const { titleElement, body } = splitTitle({ title: 'Fire Safety Policy', elements: [...opening, late] });
    expect(titleElement).toBeUndefined();
    expect(body).toHaveLength(13);
  });
});

describe('highlightedIds', () => {
  it('lists highlighted elements in reading order', () => {
    expect(
      highlightedIds([
        element({ id: 'a', type: 'paragraph', text: 'A', highlighted: true }),
        element({ id: 'b', type: 'paragraph', text: 'B' }),
        element({ id: 'c', type: 'list_item', text: 'C', highlighted: true }),
      ]),
    ).toEqual(['a', 'c']);
  });
});
