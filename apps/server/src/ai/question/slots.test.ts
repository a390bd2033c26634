import { describe, expect, test } from 'vitest';
import { countAnswers, intentsOf } from './slots.ts';
import { questionKinds } from './kinds.ts';

describe('the date intent', () => {
  test('a year that is part of a name does not say when: "the 2008 Act", "HTM 07-01 (2013)", "BS 5839-1:2013"', () => {
    const question = 'from when did the hygiene code first apply to dental practices?';
    const [date] = intentsOf({ text: question, letters: question.match(/[a-z]+/g) ?? [], count: null }, new Set());
    expect(date?.kind).toBe('date');
    expect(date?.answers('The code is issued under the Health and Social Care Act 2008.')).toBe(false);
    expect(date?.answers('Policies citing HTM 07-01 (2013) or BS 5839-1:2013 are out of date.')).toBe(false);
    expect(date?.answers('It applied to dental practices from 1 April 2011.')).toBe(true);
    expect(date?.answers('The threshold was introduced by a 2012 amendment to the 1995 Regulations.')).toBe(true);
  });
});

describe('countAnswers', () => {
  test('a "how many" question is answered by a number, in digits or words, with what it counts', () => {
    const statements = countAnswers('how many quality statements are in the single assessment framework?');
    expect(statements?.('Under the key questions sit 34 quality statements, written as commitments.')).toBe(true);
    expect(statements?.('The framework was reviewed in 2024.')).toBe(false);
    const characteristics = countAnswers('How many protected characteristics are there?');
    expect(characteristics?.('The Act protects nine characteristics:')).toBe(true);
    expect(characteristics?.('Nine regulations apply to the premises.')).toBe(false);
  });

  test('a question asking no count has none', () => {
    expect(countAnswers('how much space per person should a workroom have?')).toBeNull();
    expect(countAnswers('how often are sentinel outlets checked?')).toBeNull();
  });
});

describe('the successor intent', () => {
  const asks = (question: string) =>
    intentsOf({ text: question, letters: question.toLowerCase().match(/[a-z]+/g) ?? [], count: null }, questionKinds(question).kinds).some(
      (intent) => intent.kind === 'successor',
    );

  test('is asked by questions about what replaced something or whether it still stands', () => {
    for (const question of [
      'SOPs still reference CFPP 01-06. what replaced it and when?',
      'is that still the right one?',
      'do those even exist anymore?',
      'what should we cite now?',
      'whats the current code?',
      'is there a newer version we should be on?',
    ])
      expect(asks(question), question).toBe(true);
  });

  test('is not asked by questions about duties, intervals or figures', () => {
    for (const question of [
      'how often do we test the fire alarm?',
      'who signs off a permit?',
      'what is the current limit for asbestos fibres?',
    ])
      expect(asks(question), question).toBe(false);
  });

  test('is answered by a sentence saying what replaced, reissued or renamed it', () => {
    const [intent] = intentsOf({ text: 'what replaced it?', letters: ['what', 'replaced', 'it'], count: null }, new Set());
    expect(intent?.answers('In 2016 it was reissued as HTM 01-06.')).toBe(true);
    expect(intent?.answers('The guidance covers flexible endoscopes.')).toBe(false);
  });
});

describe('a time limit asked with "how long"', () => {
  const kindsOf = (question: string) =>
    intentsOf({ text: question, letters: question.toLowerCase().match(/[a-z]+/g) ?? [], count: null }, questionKinds(question).kinds).map(
      (intent) => intent.kind,
    );

  test('"how long do we have to respond?" and "when is it due?" ask for a time limit, not a retention period', () => {
    expect(kindsOf('someone asked for CCTV footage of themselves - how long do we have to respond?')).toContain('deadline');
    expect(kindsOf('someone asked for CCTV footage of themselves - how long do we have to respond?')).not.toContain('period');
    expect(kindsOf("when's the DSPT submission due each year?")).toContain('deadline');
    expect(kindsOf('how long do we have to keep the LOLER reports?')).toContain('period');
  });

  test('a time limit is answered by a period to act within or a day of the year', () => {
    const deadline = intentsOf({ text: 'how long do we have to respond?', letters: [], count: null }, new Set()).find(
      (intent) => intent.kind === 'deadline',
    );
    expect(deadline?.answers('Requests are answered within one month.')).toBe(true);
    expect(deadline?.answers('Submit the assessment by 30 June each year.')).toBe(true);
    expect(deadline?.answers('The assessment covers ten standards.')).toBe(false);
  });
});

describe('the author of a document', () => {
  test('"who published …" is answered by a sentence saying who published, wrote or funded it', () => {
    const question = 'who actually published the records management code that came out in 2016?';
    const intents = intentsOf({ text: question, letters: question.match(/[a-z]+/g) ?? [], count: null }, questionKinds(question).kinds);
    const author = intents.find((intent) => intent.kind === 'author');
    expect(author?.answers('The 2016 code was published by the Information Governance Alliance on 20 July 2016.')).toBe(true);
    expect(author?.answers('It was written by BRE and funded by the Carbon Trust.')).toBe(true);
    expect(author?.answers('The code sets retention periods for health and care records.')).toBe(false);
    expect(intents.some((intent) => intent.kind === 'who')).toBe(false);
  });
});
