import { describe, expect, test } from 'vitest';
import type { Citation } from '../citations.ts';
import { readRework } from '../question/rework.ts';
import { composeRework, type PreviousAnswer, statementsOf } from './rework.ts';

function citation(n: number, code: string, quote: string): Citation {
  return {
    n,
    source: 'library',
    document_id: `doc-${code}`,
    code,
    title: `${code} title`,
    edition: '2020',
    status: 'current',
    element_ids: [`el-${n}`],
    quote,
    superseded_by: null,
  };
}

const previous: PreviousAnswer = {
  question: 'What temperatures must the water reach?',
  text: [
    'Hot water reaches at least 55 °C within 1 minute. [1] Cold water is below 20 °C within 2 minutes. [2]',
    '',
    '**Key requirements**',
    '',
    '*HSG274 — Legionnaires’ disease*',
    '',
    '- Sentinel outlets are checked monthly. [3]',
    '- The checks cover:',
    '  - hot outlets; [4]',
    '  - cold outlets. [4]',
    '- It is written for dutyholders. [5]',
    '',
    '| Check | Interval |',
    '| --- | --- |',
    '| Calorifier temperature | Monthly [6] |',
    '',
    '**Sources**',
    '',
    '- HSG274 — Legionnaires’ disease (2014) [1][2][3][4][5][6]',
  ].join('\n'),
  citations: [
    citation(1, 'HSG274', 'Hot water reaches at least 55 °C within 1 minute.'),
    citation(2, 'HSG274', 'Cold water is below 20 °C within 2 minutes.'),
    citation(3, 'HTM 04-01 Part B', 'Sentinel outlets are checked monthly.'),
    citation(4, 'HSG274', 'The checks cover hot and cold outlets.'),
    citation(5, 'HSG274', 'It is written for dutyholders.'),
    citation(6, 'HSG274', 'Calorifier temperature | Monthly'),
  ],
  sources: [],
};

const rework = (message: string) => {
  const read = readRework(message);
  if (!read) throw new Error(`not a rework: ${message}`);
  return composeRework({ rework: read, previous });
};

const body = (text: string) => text.split('**Sources**')[0] ?? '';
const items = (text: string) =>
  body(text)
    .split('\n')
    .filter((line) => /^\s*(?:[-*]|\d+\.)\s/.test(line));

describe('the previous answer read as statements', () => {
  test('sentences and items keep their markers; a table row is read with its header; the sources are not statements', () => {
    const statements = statementsOf(previous.text);
    expect(statements.map((statement) => [statement.text, statement.markers])).toEqual([
      ['Hot water reaches at least 55 °C within 1 minute.', [1]],
      ['Cold water is below 20 °C within 2 minutes.', [2]],
      ['Sentinel outlets are checked monthly.', [3]],
      ['The checks cover: hot outlets; cold outlets', [4]],
      ['It is written for dutyholders.', [5]],
      ['Calorifier temperature — interval: Monthly', [6]],
    ]);
    expect(statements[0]?.lead).toBe(true);
    expect(statements[2]?.lead).toBe(false);
  });
});

describe('composeRework', () => {
  test('a summary in the bullets asked for keeps the figures, and every marker resolves to a citation of the previous answer', () => {
    const answer = rework('summarise that in two bullet points');
    expect(items(answer.text).length).toBeLessThanOrEqual(2);
    expect(body(answer.text)).toContain('55 °C');
    expect(body(answer.text)).toContain('20 °C');
    const quotes = new Set(previous.citations.map((c) => c.quote));
    for (const cited of answer.citations) expect(quotes.has(cited.quote)).toBe(true);
    const numbers = answer.citations.map((c) => c.n);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    for (const marker of answer.text.match(/\[(\d+)\]/g) ?? []) expect(numbers.map((n) => `[${n}]`)).toContain(marker);
  });

  test('shorter is shorter; a checklist is tick boxes; an e-mail opens with its greeting; a procedure is numbered', () => {
    const words = (text: string) => body(text).split(/\s+/).length;
    expect(words(rework('make that shorter').text)).toBeLessThan(words(previous.text));
    expect(items(rework('turn that into a checklist').text).every((line) => line.includes('☐'))).toBe(true);
    expect(rework('draft an email to the ward managers telling them this').text).toMatch(/^Dear ward managers,/);
    expect(items(rework('write that up as a short procedure').text)[0]).toMatch(/^1\. /);
  });

  test('a previous answer that cited nothing is not reworked', () => {
    const read = readRework('summarise that');
    if (!read) throw new Error('not read');
    const answer = composeRework({
      rework: read,
      previous: { question: 'q', text: 'I could not find anything in the library.', citations: [], sources: [] },
    });
    expect(answer).toMatchObject({ answered: false, citations: [] });
  });
});

describe('bounds', () => {
  test('a long answer without markers, and one of many claims, are read quickly and within the caps', () => {
    const started = performance.now();
    expect(statementsOf('word '.repeat(20_000))).toEqual([]);
    const many = Array.from({ length: 5000 }, (_, i) => `Claim number ${i} is stated. [${(i % 9) + 1}]`).join(' ');
    expect(statementsOf(many).length).toBeLessThanOrEqual(80);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('the documents named', () => {
  test('are those the reworked answer cites', () => {
    const read = readRework('summarise that in one bullet point');
    if (!read) throw new Error('not read');
    const answer = composeRework({
      rework: read,
      previous: {
        question: 'q',
        text: `Hot water is kept at 60 °C or above in calorifiers. [1]\n\n- ${'A long background note. '.repeat(15)}[2]`,
        citations: [citation(1, 'HSG274', 'a'), citation(2, 'ACoP L8', 'b')],
        sources: [],
      },
    });
    expect(answer.citations.map((c) => c.code)).toEqual(['HSG274']);
    expect(answer.text).toMatch(/^In summary, from HSG274:/);
  });
});
