/**
 * The verdict on a yes/no question, on passages written for the test (no database): a yes or no
 * first only when a sentence addresses the claim and reads one way; none when the evidence is weak,
 * mixed, conditional, hedged or gives another figure, and none for questions that are not yes/no.
 */
import { describe, expect, it } from 'vitest';
import type { PassageElement } from '../passage-scoring.ts';
import { readQuestion } from '../question/read.ts';
import type { Passage, RetrievalResult } from '../retrieval.ts';
import { composeAnswer } from './engine.ts';
import { leadCandidates } from './lead.ts';
import { textTerms } from './terms.ts';
import { verdictOf } from './verdict.ts';

/** One current passage whose paragraphs are the given sentences. */
function passage(sentences: string[], headingPath = ['Key duties and requirements']): Passage {
  const elements: PassageElement[] = sentences.map((text, i) => ({ id: `e${i}`, type: 'paragraph', text }));
  return {
    source: 'library',
    documentId: 'doc',
    code: 'DOC 1',
    title: 'A regulation',
    edition: '2020',
    status: 'current',
    supersededByCode: null,
    supersededBy: null,
    headingPath,
    elements,
    score: 1,
    sentences: sentences.map((text, i) => ({ text, elementId: `e${i}`, listItem: false, score: 0.5 })),
  };
}

/** The retrieval of a question over sentences, its terms being its own longer words at even weight. */
function retrievalOf(
  question: string,
  sentences: string[],
  specific: readonly string[] = [],
  absent: readonly string[] = [],
  heavy: readonly string[] = [],
): RetrievalResult {
  const words = [...new Set(question.toLowerCase().match(/[a-z]{4,}/g) ?? [])];
  return {
    question: readQuestion(question),
    terms: words.map((word) => ({
      word,
      lexeme: word,
      weight: absent.includes(word) ? 3 : heavy.includes(word) ? 2 : 1,
      carried: false,
      specific: specific.includes(word),
      absent: absent.includes(word),
    })),
    passages: [passage(sentences)],
    filters: { category: [], domain: [], subDomain: [] },
    includeInternal: false,
    elapsedMs: 1,
  };
}

function verdict(
  question: string,
  sentences: string[],
  specific: readonly string[] = [],
  absent: readonly string[] = [],
  heavy: readonly string[] = [],
) {
  const retrieval = retrievalOf(question, sentences, specific, absent, heavy);
  const read = retrieval.question;
  const found = verdictOf(read, retrieval, leadCandidates(retrieval.passages, textTerms(retrieval, read), read.intents, read));
  return found ? `${found.answer}: ${found.candidate.text}` : null;
}

/** The verdict over the same sentences as a superseded edition's passage. */
function editionVerdict(question: string, sentences: string[]) {
  const current = retrievalOf(question, sentences);
  const retrieval = { ...current, passages: current.passages.map((entry) => ({ ...entry, status: 'superseded' as const })) };
  const read = retrieval.question;
  const found = verdictOf(read, retrieval, leadCandidates(retrieval.passages, textTerms(retrieval, read), read.intents, read));
  return found ? `${found.answer}: ${found.candidate.text}` : null;
}

describe('verdictOf', () => {
  it('answers a reported denial the other way round: a duty says no, a denial says yes', () => {
    const duty = ['A hot work permit must be issued for brazing in plant rooms.'];
    expect(verdict("our estates lead says we don't need a hot work permit for brazing in plant rooms. is that correct?", duty)).toBe(
      `No: ${duty[0]}`,
    );
    const denial = ['A hot work permit is not needed for brazing in plant rooms.'];
    expect(verdict('the contractor says brazing in plant rooms needs no hot work permit - is he right?', denial)).toBe(`Yes: ${denial[0]}`);
    // The same statement made positively is confirmed by the duty.
    expect(verdict('our estates lead says we need a hot work permit for brazing in plant rooms. is she right?', duty)).toBe(
      `Yes: ${duty[0]}`,
    );
  });

  it('reads an instruction opening with any verb as a duty', () => {
    const sentence = ['Carry out a data protection impact assessment before installing cameras in clinical areas.'];
    expect(verdict('do we need a data protection impact assessment before installing cameras?', sentence)).toBe(`Yes: ${sentence[0]}`);
  });

  it('does not weigh the asker’s words the library lacks', () => {
    const rest = ['Employers must provide rest facilities for pregnant staff and nursing mothers.'];
    expect(verdict('do we have to provide rest facilities for pregnant staff and nursing mums?', rest, [], ['mums'])).toBe(
      `Yes: ${rest[0]}`,
    );
  });

  it('lets a sentence holding most of a long claim’s weight miss a third of its words', () => {
    const rest = ['Employers must provide a place for pregnant staff and nursing mothers to rest during long shifts.'];
    const question = 'do we have to provide somewhere quiet for pregnant staff and nursing mothers to rest during long shifts?';
    const heavy = ['pregnant', 'nursing', 'mothers'];
    expect(verdict(question, rest, [], [], heavy)).toBe(`Yes: ${rest[0]}`);
    // Half the claim missing is not a yes.
    expect(verdict('do we have to provide somewhere quiet and private for pregnant staff to rest?', rest, [], [], heavy)).toBeNull();
  });

  it("reads a document's own sentences as speaking of it: its code and edition named in the claim are held by them", () => {
    // The passage is DOC 1, 2020 edition: "does the 2020 DOC still apply …" is answered by its sentence on what it applies to.
    const scope = ['The regulation applies to existing installations regardless of when they were built.'];
    expect(verdict('our plant was built in the 90s - does the 2020 DOC still apply to existing installations?', scope)).toBe(
      'Yes: The regulation applies to existing installations regardless of when they were built.',
    );
    // Another year is a figure the sentence does not state: no verdict.
    expect(verdict('our plant was built in the 90s - does the 2014 DOC still apply to existing installations?', scope)).toBeNull();
  });

  it("answers whether an edition still stands from a superseded edition's sentence saying what replaced it", () => {
    const record = ['The framework was published in 2013.', 'In 2016 it was reissued as the current guidance.'];
    expect(editionVerdict('our procedures cite the 2013 framework. is that still the right one?', record)).toBe(
      'No: In 2016 it was reissued as the current guidance.',
    );
    expect(editionVerdict('is that still a thing?', record)).toMatch(/^No: In 2016/);
    expect(editionVerdict('has the 2013 framework been replaced?', record)).toMatch(/^Yes: In 2016/);
    // As people ask it: the version to use, out of date, a later version.
    expect(editionVerdict('our designers used the 2013 framework. is that the version we should be using?', record)).toMatch(
      /^No: In 2016/,
    );
    expect(editionVerdict('our procedure still points to the 2013 framework. is that out of date?', record)).toMatch(/^Yes: In 2016/);
    expect(editionVerdict('the brief lists the 2013 framework. has there been a later version since?', record)).toMatch(/^Yes: In 2016/);
    // A current document, or a superseded one that does not say what replaced it, settles nothing.
    expect(verdict('our procedures cite the 2013 framework. is that still the right one?', record)).toBeNull();
    expect(editionVerdict('is that still the right one?', ['The framework was published in 2013.'])).toBeNull();
    // A current edition the library says still stands.
    const current = ['The May 2006 edition is still current and should not be flagged as outdated.'];
    expect(verdict('is the 2006 framework still the current guidance?', current)).toMatch(/^Yes: The May 2006 edition is still current/);
    expect(verdict('has the 2006 framework been replaced?', current)).toMatch(/^No: The May 2006 edition/);
  });

  it("answers whether what the asker cites is out of date from a current document's history naming it", () => {
    const history = [
      'Earlier arrangements were set out in the 1995 guidance HSG(95)18 on hospital laundry.',
      'The guidance was re-issued in 2016 with advice for social care.',
    ];
    const withHistory = (question: string) => {
      const retrieval = retrievalOf(question, history);
      const passages = retrieval.passages.map((entry) => ({ ...entry, headingPath: ['History and what changed'] }));
      const read = retrieval.question;
      const found = verdictOf(read, { ...retrieval, passages }, leadCandidates(passages, textTerms(retrieval, read), read.intents, read));
      return found ? `${found.answer}: ${found.candidate.text} (current: ${found.current?.code ?? '-'})` : null;
    };
    expect(withHistory('our laundry policy still points to HSG(95)18. is that out of date?')).toBe(
      'Yes: Earlier arrangements were set out in the 1995 guidance HSG(95)18 on hospital laundry. (current: DOC 1)',
    );
    expect(withHistory('our laundry policy cites HSG(95)18. is that still current?')).toMatch(/^No: Earlier arrangements/);
    // A year the asker gives for the document itself: an older edition of it, which its history says was replaced.
    const dated = ['The current edition is dated 2014. It replaced an earlier note dated 2013.'];
    const retrieval = retrievalOf('the brief lists DOC 1 dated 2013. has there been a later version since?', dated);
    const read = retrieval.question;
    const found = verdictOf(read, retrieval, leadCandidates(retrieval.passages, textTerms(retrieval, read), read.intents, read));
    expect(found?.answer).toBe('Yes');
    expect(found?.current).toBeUndefined();
    // A code the library holds, or one the history does not name, settles nothing this way.
    expect(withHistory('our laundry policy still points to HSG(96)12. is that out of date?')).toBeNull();
    expect(withHistory('our laundry policy cites DOC 1. is that out of date?')).toBeNull();
    // A claim about the document the library holds is not a claim about what its history names.
    expect(withHistory('our laundry was designed to HSG(95)18 - is DOC 1 still current for it?') ?? '').not.toMatch(/^No: Earlier/);
  });

  it('reads a sentence opening on the one before it ("These expectations …") as speaking of what that one says', () => {
    expect(
      verdict('our lead reckons acting on safety alerts is written into the wording of the regulation itself. is it?', [
        'The guidance expects providers to act on safety alerts. These expectations come from guidance, not from the wording of the regulation itself.',
      ]),
    ).toMatch(/^No: The guidance expects providers to act on safety alerts\. These expectations/);
  });

  it('reads an instruction opening with the claim verb as a duty, a modal inside a relative clause aside', () => {
    expect(
      verdict('Do we have to notify CQC of a boiler failure?', [
        'Notify CQC of events that stop, or may stop, the service running safely, for example a boiler failure.',
      ]),
    ).toMatch(/^Yes: Notify CQC/);
  });

  it('says yes when a sentence states the duty, permission or fact asked about', () => {
    expect(verdict('Do we have to display our rating on our website?', ['The rating must be displayed on the provider website.'])).toBe(
      'Yes: The rating must be displayed on the provider website.',
    );
    expect(verdict('Can we store spare cylinders in the gas store?', ['Spare cylinders may be stored in the gas store.'])).toMatch(/^Yes/);
    expect(
      verdict('Is failing to display the rating a criminal offence?', ['Failure to display the rating is a criminal offence.']),
    ).toMatch(/^Yes/);
    expect(verdict('Do we have to report over-seven-day injuries?', ['Report over-seven-day injuries within 15 days.'])).toMatch(/^Yes/);
  });

  it('says no when a sentence negates the claim, forbids it or says the duty has ended', () => {
    expect(
      verdict('Does the regulation set fixed examination intervals?', ['The regulation does not set fixed examination intervals.']),
    ).toMatch(/^No/);
    expect(
      verdict('If we apologise under the duty of candour, are we admitting liability?', ['An apology is not an admission of liability.']),
    ).toMatch(/^No/);
    expect(
      verdict('Can we pass the cost of an adjustment on to the patient?', [
        'The cost of an adjustment must not be passed on to the patient.',
      ]),
    ).toMatch(/^No/);
    expect(
      verdict('Do we still need to register our premises with the agency?', [
        'Until April 2016 producers had to register their premises with the agency before waste was removed.',
      ]),
    ).toMatch(/^No/);
  });

  it('reads a duty that has ended as an answer only to a question about that duty, not about the scene the asker sets', () => {
    const ended = ['Until April 2016 producers had to register their premises with the agency before waste was removed.'];
    // The scene's own specific words ("isotope", "sealed") are not the ended duty's subject.
    expect(
      verdict('our lab keeps sealed isotope sources. do we need to register with the agency?', ended, ['sealed', 'isotope']),
    ).toBeNull();
    expect(
      verdict('our ward produces clinical waste. do we still need to register our premises with the agency?', ended, ['waste']),
    ).toMatch(/^No/);
  });

  it('gives no verdict when the evidence is weak, mixed, conditional, hedged or names another figure', () => {
    // Weak: nothing addresses the claim.
    expect(verdict('Do we have to test the alarm weekly?', ['Emergency lighting needs a monthly flick test.'])).toBeNull();
    // Mixed: two sentences addressing it read opposite ways.
    expect(
      verdict('Can we store oxygen cylinders in the corridor?', [
        'Oxygen cylinders may be stored in the corridor.',
        'Oxygen cylinders must not be stored in the corridor.',
      ]),
    ).toBeNull();
    // Hedged: usual practice is not a duty.
    expect(
      verdict('Do we have to flush little-used outlets weekly?', ['Little-used outlets should usually be flushed weekly.']),
    ).toBeNull();
    // Another figure than the one asked about.
    expect(verdict('Do we have to examine hoists every 12 months?', ['Hoists must be examined every 6 months.'])).toBeNull();
    // A claim about a nation is not settled by a sentence about others.
    expect(
      verdict('Is the fire safety order applicable in Scotland?', ['The fire safety order is applicable in England and Wales.']),
    ).toBeNull();
    // A yes needs the claim's heaviest word.
    expect(verdict('Do we have to display the rating on our website?', ['Providers must display the rating at each premises.'])).toBeNull();
    // A duty is not a permission: examining before first use does not permit use before it.
    expect(
      verdict('Can lifting equipment be used before its first thorough examination?', [
        'A competent person must thoroughly examine lifting equipment before its first use.',
      ]),
    ).toBeNull();
    // A yes needs every word of a short claim: an edition named is not said to be current.
    expect(verdict('Is the 2013 edition the current edition?', ['The 2013 edition is the third edition of the guidance.'])).toBeNull();
    // "non-licensed" is not "licensed".
    expect(
      verdict('Is notifiable non-licensed work required to be notified to the enforcing authority?', [
        'Licensed work must be notified to the enforcing authority in advance.',
      ]),
    ).toBeNull();
    // A negation about something else than the claim.
    expect(verdict('Do we have to test the alarm weekly?', ['The alarm must be tested weekly, not monthly.'])).toBeNull();
  });

  it('says it depends when the sentence addressing the claim states it under a condition, and nothing else reads yes or no', () => {
    expect(
      verdict('Do we have to record the fire risk assessment?', [
        'You must record the fire risk assessment only if you employ five or more people.',
      ]),
    ).toBe('It depends: You must record the fire risk assessment only if you employ five or more people.');
    expect(
      verdict('Do we have to record the fire risk assessment?', [
        'You must record the fire risk assessment only if you employ five or more people.',
        'Every responsible person must record the fire risk assessment.',
      ]),
    ).toBeNull();
  });

  it('gives no verdict on a question that is not yes/no', () => {
    expect(verdict('What must we record after a fire drill?', ['You must record each fire drill.'])).toBeNull();
    expect(verdict('Who must display the rating?', ['The provider must display the rating.'])).toBeNull();
  });

  it('opens the answer with the verdict and the sentence that settles it, cited', () => {
    const retrieval = retrievalOf('Does the regulation set fixed examination intervals?', [
      'The regulation does not set fixed examination intervals.',
      'The competent person decides the frequency of examination.',
    ]);
    const { text, citations } = composeAnswer({ question: retrieval.question.text, mode: 'answer', retrieval });
    expect(text).toMatch(/^No — the regulation does not set fixed examination intervals\. \[1\]/);
    expect(citations[0]?.quote).toBe('The regulation does not set fixed examination intervals.');
  });
});
