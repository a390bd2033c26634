/**
 * The answer composer on passages written for the test (no database): what it says when no sentence
 * answers on its own, and how it names the current document after a verdict on an older citation.
 */
import { describe, expect, it } from 'vitest';
import type { PassageElement } from '../passage-scoring.ts';
import { readQuestion } from '../question/read.ts';
import type { Passage, RetrievalResult } from '../retrieval.ts';
import { composeAnswerText } from './answer.ts';

function retrievalOf(question: string, elements: PassageElement[], headingPath: string[]): RetrievalResult {
  const passage: Passage = {
    source: 'library',
    documentId: 'doc',
    code: 'DOC 1',
    title: 'Laundry guidance',
    edition: '2016',
    status: 'current',
    supersededByCode: null,
    supersededBy: null,
    headingPath,
    elements,
    score: 0.4,
    sentences: elements.map((element) => ({
      text: element.text,
      elementId: element.id,
      listItem: element.type === 'list_item',
      score: 0.4,
    })),
  };
  const words = [...new Set(question.toLowerCase().match(/[a-z]{4,}/g) ?? [])];
  return {
    question: readQuestion(question),
    terms: words.map((word) => ({ word, lexeme: word, weight: 1, carried: false })),
    passages: [passage],
    filters: { category: [], domain: [], subDomain: [] },
    includeInternal: false,
    elapsedMs: 1,
  };
}

describe('composeAnswerText', () => {
  it('quotes the best passage under its section when no sentence answers on its own, never an empty answer', () => {
    const items = ['volumes on management and provision of linen services;', 'linen processors adopting the European laundry standard.'];
    const retrieval = retrievalOf(
      'which european standard should the laundry be certified to?',
      items.map((text, i) => ({ id: `e${i}`, type: 'list_item', text })),
      ['What it covered'],
    );
    const { text, citations } = composeAnswerText(retrieval);
    expect(text).toMatch(
      /^DOC 1 \(what it covered\) says:\n\n- volumes on management and provision of linen services; \[1\]\n- linen processors adopting the European laundry standard\. \[2\]/,
    );
    expect(text).not.toMatch(/holds these passages/);
    expect(citations).toHaveLength(2);
  });

  it('after a yes on an older citation, names the current document that replaced it', () => {
    const retrieval = retrievalOf(
      'our policy still points to HSG(95)18 for soiled linen. is that out of date?',
      [{ id: 'e0', type: 'paragraph', text: 'Earlier arrangements were set out in the 1995 guidance HSG(95)18 on hospital laundry.' }],
      ['History and what changed'],
    );
    const { text } = composeAnswerText(retrieval);
    expect(text).toMatch(
      /^Yes — earlier arrangements were set out in the 1995 guidance HSG\(95\)18 on hospital laundry\. \[1\] The current document is DOC 1 — Laundry guidance \(2016\)\./,
    );
  });
});
