import { describe, expect, test } from 'vitest';
import {
  expandSeed,
  headingHits,
  keepBest,
  type PassageElement,
  passageScorer,
  pickPassages,
  type QueryTerm,
  type ScoringElement,
  splitSentences,
} from './passage-scoring.ts';

const term = (word: string, weight: number, carried = false): QueryTerm => ({ word, lexeme: word, weight, carried });

interface Element extends ScoringElement {
  id: string;
  contextHits: number[];
}

let next = 0;
function element(type: PassageElement['type'], text: string, headingPath: string[] = [], hits: number[] = []): Element {
  next++;
  return { id: `e${next}`, type, text, headingPath, hits, contextHits: hits.map(() => 0) };
}

describe('an element’s score', () => {
  const terms = [term('legionella', 3), term('temperatur', 1), term('hospit', 2, true)];
  const scorer = passageScorer(terms);

  test('is the share of the term weight it holds, carried terms included', () => {
    expect(scorer.totalWeight).toBe(6);
    expect(scorer.ownWeight).toBe(4);
    expect(scorer.coverage({ hits: [1, 1, 0], contextHits: [0, 0, 0] }, false)).toBeCloseTo(4 / 6);
    expect(scorer.coverage({ hits: [1, 1, 1], contextHits: [0, 0, 0] }, false)).toBe(1);
  });

  test('counts a term only its headings or title hold at half', () => {
    expect(scorer.coverage({ hits: [0, 1, 0], contextHits: [1, 0, 0] }, false)).toBeCloseTo((1.5 + 1) / 6);
    // Held by the element itself, the heading adds nothing.
    expect(scorer.coverage({ hits: [1, 0, 0], contextHits: [1, 0, 0] }, false)).toBeCloseTo(3 / 6);
  });

  test('of the question’s own terms leaves carried ones out of both sides', () => {
    expect(scorer.coverage({ hits: [1, 0, 1], contextHits: [0, 0, 0] }, true)).toBeCloseTo(3 / 4);
    expect(scorer.coverage({ hits: [0, 0, 1], contextHits: [0, 0, 0] }, true)).toBe(0);
  });

  test('is 0 when there is no weight to hold', () => {
    const none = passageScorer([]);
    expect(none.coverage({ hits: [], contextHits: [] }, false)).toBe(0);
    expect(passageScorer([term('x', 1, true)]).coverage({ hits: [1], contextHits: [0] }, true)).toBe(0);
  });
});

describe('heading context', () => {
  test('an element holds the terms of every heading above it, and a heading text’s terms are those of all its elements', () => {
    const elements = [
      element('heading', 'Water', [], [1, 0]),
      element('paragraph', 'a', ['Water'], [0, 0]),
      element('heading', 'Monitoring', ['Water'], [0, 0]),
      element('paragraph', 'b', ['Water', 'Monitoring'], [0, 0]),
      element('heading', 'Monitoring', ['Other'], [0, 1]),
      element('paragraph', 'c', ['Other'], [0, 0]),
    ];
    expect(headingHits(elements, 2)).toEqual([
      [0, 0],
      [1, 0],
      [1, 0],
      [1, 1],
      [0, 0],
      [0, 0],
    ]);
  });
});

describe('a seed’s passage', () => {
  const list = (count: number, section = ['Duties']) => Array.from({ length: count }, (_, i) => element('list_item', `item ${i}`, section));

  test('a list item brings its list and the paragraph introducing it', () => {
    const intro = element('paragraph', 'The duty holder must:', ['Duties']);
    const items = list(3);
    const after = element('paragraph', 'After the list.', ['Duties']);
    const elements = [element('heading', 'Duties'), intro, ...items, after];
    expect(expandSeed(items[1] as Element, elements)).toEqual([intro, ...items]);
  });

  test('a list is cut to eight items, those before the seed first, and stops at the section’s end', () => {
    const items = list(12);
    expect(expandSeed(items[1] as Element, items)).toEqual(items.slice(0, 8));
    expect(expandSeed(items[10] as Element, items)).toEqual(items.slice(3, 11));
    const short = list(3);
    const elsewhere = element('list_item', 'elsewhere', ['Other']);
    expect(expandSeed(short[2] as Element, [...short, elsewhere])).toEqual(short);
  });

  test('a paragraph introducing the table after it brings that table; other paragraphs do not', () => {
    const intro = element('paragraph', 'Containers are colour coded. The table below summarises the colours.', ['Segregation']);
    const table = element('table', 'Colour | Stream\nYellow | Infectious', ['Segregation']);
    expect(expandSeed(intro, [intro, table])).toEqual([intro, table]);
    const plain = element('paragraph', 'Containers are colour coded.', ['Segregation']);
    expect(expandSeed(plain, [plain, table])).toEqual([plain]);
    const elsewhere = element('table', 'Colour | Stream', ['Other']);
    expect(expandSeed(intro, [intro, elsewhere])).toEqual([intro]);
  });

  test('a paragraph ending in a colon brings the list it opens; any other element stands alone', () => {
    const intro = element('paragraph', 'Records must include:', ['Records']);
    const items = list(2, ['Records']);
    expect(expandSeed(intro, [intro, ...items])).toEqual([intro, ...items]);
    const plain = element('paragraph', 'Records are kept.', ['Records']);
    expect(expandSeed(plain, [plain, ...items])).toEqual([plain]);
  });
});

describe('picking passages', () => {
  const seedsOf = (scores: number[]) => {
    const elements = scores.map((_, i) => element('paragraph', `p${i}`));
    return { elements, seeds: elements.map((row, i) => ({ row, score: scores[i] ?? 0 })) };
  };

  test('after the first, a seed below 0.6 of the best or scoring nothing ends them', () => {
    const { elements, seeds } = seedsOf([1, 0.7, 0.5, 0.9]);
    const picked = pickPassages(seeds, elements, { max: 5, best: 1, cut: true });
    expect(picked.map((entry) => entry.seed.score)).toEqual([1, 0.7]);
    const zero = seedsOf([0, 0]);
    expect(pickPassages(zero.seeds, zero.elements, { max: 5, best: 0, cut: true })).toHaveLength(1);
  });

  test('without the cut (a file’s opening) every seed counts, up to max', () => {
    const { elements, seeds } = seedsOf([0, 0, 0, 0]);
    expect(pickPassages(seeds, elements, { max: 3, best: 0, cut: false })).toHaveLength(3);
  });

  test('a seed inside a passage already taken is skipped, and an accepted seed after a refused one is first', () => {
    const intro = element('paragraph', 'Do:', []);
    const items = [element('list_item', 'one'), element('list_item', 'two')];
    const elements = [intro, ...items];
    const seeds = [
      { row: items[0] as Element, score: 1 },
      { row: items[1] as Element, score: 0.9 },
      { row: intro, score: 0.8 },
    ];
    const picked = pickPassages(seeds, elements, { max: 3, best: 1, cut: true });
    expect(picked).toHaveLength(1);
    expect(picked[0]?.elements).toEqual(elements);

    const lone = seedsOf([1, 0.2]);
    const accepted = pickPassages(lone.seeds, lone.elements, { max: 3, best: 1, cut: true, accept: (seed) => seed.score < 1 });
    // The refused best does not count as the first: the weak seed after it is taken.
    expect(accepted.map((entry) => entry.seed.score)).toEqual([0.2]);
  });
});

describe('keeping the best passages', () => {
  const draft = (score: number) => ({ passage: { score } });

  test('every source keeps its best while there is room; the rest goes to the best-scoring others', () => {
    const a = [draft(0.9), draft(0.8), draft(0.3)];
    const b = [draft(0.5), draft(0.6)];
    const kept = keepBest([a, b], 4);
    expect([...kept]).toEqual([a[0], b[0], a[1], b[1]]);
  });

  test('with more sources than room, the first sources’ bests are kept', () => {
    const groups = [[draft(0.1)], [draft(0.2)], [draft(0.3)]];
    expect([...keepBest(groups, 2)]).toEqual([groups[0]?.[0], groups[1]?.[0]]);
  });
});

describe('sentences', () => {
  test('a paragraph splits at sentence ends; a list item or a table row is one sentence', () => {
    expect(splitSentences({ id: 'p', type: 'paragraph', text: 'Inspect  monthly. Record it!  "Keep" records. e.g. here' })).toEqual([
      { text: 'Inspect monthly.', elementId: 'p', listItem: false },
      { text: 'Record it!', elementId: 'p', listItem: false },
      { text: '"Keep" records. e.g. here', elementId: 'p', listItem: false },
    ]);
    expect(splitSentences({ id: 'l', type: 'list_item', text: 'One. Two.' })).toEqual([
      { text: 'One. Two.', elementId: 'l', listItem: true },
    ]);
    expect(splitSentences({ id: 't', type: 'table', text: 'A | B. C' })).toEqual([{ text: 'A | B. C', elementId: 't', listItem: false }]);
    expect(splitSentences({ id: 'e', type: 'paragraph', text: '   ' })).toEqual([]);
  });
});
