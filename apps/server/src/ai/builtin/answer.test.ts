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
      /^DOC 1, under "What it covered", says:\n\n- volumes on management and provision of linen services; \[1\]\n- linen processors adopting the European laundry standard\. \[2\]/,
    );
    // An introduction ending in a colon is said as it is, its items as a list under it.
    const introduced = retrievalOf(
      'which european standard should the laundry be certified to?',
      [
        { id: 'i0', type: 'paragraph', text: 'The guidance had separate volumes for:' },
        ...items.map((text, i) => ({ id: `e${i}`, type: 'list_item' as const, text })),
      ],
      ['What it covered'],
    );
    expect(composeAnswerText(introduced).text).toMatch(
      /^DOC 1, under "What it covered", says:\n\nThe guidance had separate volumes for: \[1\]\n\n- volumes on management and provision of linen services; \[2\]\n- linen processors/,
    );
    expect(text).not.toMatch(/holds these passages/);
    expect(citations).toHaveLength(2);
  });

  it('leads with the item of a list of changes that gives the figure asked, though it sits in the history', () => {
    const retrieval = retrievalOf(
      'can the eye lens dose be averaged over a number of years, and what is the limit?',
      [
        { id: 'e0', type: 'paragraph', text: 'The main changes were:' },
        { id: 'e1', type: 'list_item', text: 'a graded approach to registration replaced prior authorisation;' },
        {
          id: 'e2',
          type: 'list_item',
          text: 'the annual dose limit for the lens of the eye fell from 150 mSv to 20 mSv, with averaging over five years in defined circumstances;',
        },
      ],
      ['What changed from the previous edition'],
    );
    expect(composeAnswerText(retrieval).text).toMatch(
      /^The main changes were: the annual dose limit for the lens of the eye fell from 150 mSv to 20 mSv, with averaging over five years in defined circumstances\. \[1\]/,
    );
  });

  it('says a table row with the column that names which row it is beside the figure asked', () => {
    const retrieval = retrievalOf(
      "what's the annual eye lens dose limit for our radiology staff?",
      [
        {
          id: 'e0',
          type: 'table',
          text: 'Group | Quantity | Annual limit\nEmployees | Effective dose | 20 mSv\nEmployees | Equivalent dose to the lens of the eye | 20 mSv\nPublic | Effective dose | 1 mSv',
        },
      ],
      ['Dose limits'],
    );
    expect(composeAnswerText(retrieval).text).toMatch(
      /^For employees, the quantity is equivalent dose to the lens of the eye, and the annual limit is 20 mSv\. \[1\]/,
    );
  });

  it('never says a common failing as the answer, however much of the question it holds', () => {
    const gap = 'Assuming that waste collected by the council needs no transfer notes or duty of care checks.';
    const retrieval = retrievalOf(
      'the council collects our waste so we skip transfer notes and duty of care checks, is that fine?',
      [],
      [],
    );
    const passages = [
      ...retrievalOf('', [{ id: 'g0', type: 'paragraph', text: gap }], ['Common compliance gaps']).passages,
      ...retrievalOf(
        '',
        [{ id: 'd0', type: 'paragraph', text: 'Waste transfer notes must be kept for at least 2 years.' }],
        ['Duty of care'],
      ).passages,
    ];
    expect(composeAnswerText({ ...retrieval, passages }).text).not.toMatch(/^Assuming/);
  });

  it('leads with the sentence holding a name the question quotes', () => {
    const retrieval = retrievalOf(
      "the consultant keeps quoting a 'technical design manual' for the acoustic design of the clinic. what is it?",
      [
        { id: 'e0', type: 'paragraph', text: 'The acoustic consultant advises on the acoustic design of the clinic and its plant.' },
        { id: 'e1', type: 'paragraph', text: 'In 2011 the Department issued a technical design manual on acoustics, later replaced.' },
      ],
      ['Acoustics'],
    );
    expect(composeAnswerText(retrieval).text).toMatch(/^In 2011 the Department issued a technical design manual/);
  });

  it('reads a list introduced by "They:" as what the name opening its paragraph did', () => {
    const retrieval = retrievalOf(
      'under the old waste licensing regs, what tests did an operator have to pass to hold a licence?',
      [
        { id: 'e0', type: 'paragraph', text: 'The 1994 Regulations put the waste licensing regime into effect. They:' },
        { id: 'e1', type: 'list_item', text: 'required a licence for keeping or treating waste on land;' },
        { id: 'e2', type: 'list_item', text: 'set the tests for granting a licence, including a fit and proper person as the holder;' },
      ],
      ['What it covered'],
    );
    const [passage] = retrieval.passages;
    if (!passage) throw new Error('no passage');
    // The paragraph's two sentences, as the scorer splits them.
    passage.sentences = [
      { text: 'The 1994 Regulations put the waste licensing regime into effect.', elementId: 'e0', listItem: false, score: 0.4 },
      { text: 'They:', elementId: 'e0', listItem: false, score: 0.4 },
      ...passage.sentences.slice(1),
    ];
    expect(composeAnswerText(retrieval).text).toMatch(
      /^The 1994 Regulations set the tests for granting a licence, including a fit and proper person as the holder\. \[1\]/,
    );
  });

  it('says "It" opening a section headed with "it" ("What it covered") as the document', () => {
    const retrieval = retrievalOf(
      'which older laundry memos did it bring together?',
      [{ id: 'e0', type: 'paragraph', text: 'It brought together and replaced the older laundry memos HTM 2027 and HTM 2040.' }],
      ['What it covered'],
    );
    expect(composeAnswerText(retrieval).text).toMatch(/^DOC 1 brought together and replaced the older laundry memos/);
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
