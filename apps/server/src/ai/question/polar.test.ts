import { describe, expect, it } from 'vitest';
import { polarQuestion } from './polar.ts';

describe('polarQuestion', () => {
  it('reads auxiliary-first and modal-first questions, after a clause of context too', () => {
    expect(polarQuestion('Do we have to display our rating on our website?')).toMatchObject({
      modality: 'obligation',
      words: ['display', 'rating', 'website'],
    });
    expect(polarQuestion('we are a GP practice - do we have to test the alarm weekly?')).toMatchObject({
      modality: 'obligation',
      words: ['test', 'alarm', 'weekly'],
    });
    expect(polarQuestion('Must a pressure system have a written scheme before it is used?')?.modality).toBe('obligation');
    expect(polarQuestion('Are we required to keep the logbook on site?')?.modality).toBe('obligation');
    expect(polarQuestion('Can we store oxygen cylinders in the corridor?')?.modality).toBe('permission');
    expect(polarQuestion('Is it ok to prop the fire door open in summer?')?.modality).toBe('permission');
    expect(polarQuestion('Does the duty to manage apply to domestic premises?')).toMatchObject({ modality: 'fact', verb: 'apply' });
    expect(polarQuestion('Is failing to display the rating a criminal offence?')?.modality).toBe('fact');
    // Words in brackets stay in the claim.
    expect(polarQuestion('Do the Fire Safety (England) Regulations apply to care homes?')?.words).toEqual([
      'fire',
      'safety',
      'england',
      'regulations',
      'apply',
      'care',
      'homes',
    ]);
    // Adverbs of time and addition put the question, not the claim: a sentence need not repeat them.
    expect(polarQuestion('does the fire risk assessment now have to cover the flat doors too?')?.words).toEqual([
      'fire',
      'risk',
      'assessment',
      'cover',
      'flat',
      'doors',
    ]);
  });

  it('keeps a condition before the question as part of the claim, and reads an elliptical "can we?" from the clause before', () => {
    expect(polarQuestion('if we apologise under the duty of candour are we admitting liability?')).toMatchObject({
      claim: 'are we admitting liability',
      words: ['admitting', 'liability', 'apologise', 'candour'],
    });
    expect(polarQuestion('the team want to drop the boiler setpoint to save gas - can we?')?.words).toEqual(
      expect.arrayContaining(['drop', 'boiler', 'setpoint']),
    );
    // "X reckons Y. is it?": the claim is Y, not who holds it.
    expect(polarQuestion('our governance lead reckons acting on safety alerts is written into reg 12 itself. is it?')?.words).toEqual([
      'acting',
      'safety',
      'alerts',
      'written',
      'reg',
      '12',
      'itself',
    ]);
    expect(polarQuestion('the contractor told us that the alarm needs a weekly test. does it?')?.words).toEqual(
      expect.not.arrayContaining(['contractor']),
    );
  });

  it('reads "is she right?" and "that\'s fine isn\'t it" as asking whether the statement before holds, a denial in it as a negated claim', () => {
    expect(polarQuestion('the engineer reckons the alarm needs a weekly test. is he right?')).toMatchObject({
      modality: 'fact',
      words: ['alarm', 'weekly', 'test'],
    });
    expect(polarQuestion('our contractor says we dont need transfer notes for that. is that correct?')).toMatchObject({
      negated: true,
      words: ['transfer', 'notes'],
    });
    expect(polarQuestion("we store spare cylinders in the corridor, that's fine isn't it")).toMatchObject({
      modality: 'permission',
      words: ['store', 'spare', 'cylinders', 'corridor'],
    });
    // Two denials, or a restriction, leave its yes and no ambiguous.
    expect(polarQuestion("he says it needs no test because it can't fail. is he right?")).toBeNull();
    expect(polarQuestion('she says the code only ever covered hospitals. is she right?')).toBeNull();
    // Without the apostrophe a denial is still one: "we dont need X - can we?" is not read as "we need X".
    expect(polarQuestion('we dont keep the certificates - can we?')).toBeNull();
  });

  it('takes the numbers of a claim that have a unit, not a document number', () => {
    expect(polarQuestion('Do we have to keep the records for 5 years?')?.figures).toEqual(['5']);
    expect(polarQuestion('Does HTM 03-01 Part B apply to old theatres?')?.figures).toEqual([]);
    expect(polarQuestion('Does the Reg 5 fit and proper persons requirement apply to partners?')?.figures).toEqual([]);
  });

  it('does not read wh-questions, alternatives, negative questions, requests or two questions as polar', () => {
    for (const question of [
      'What must we record after a fire drill?',
      'How often should sentinel outlets be checked?',
      'Who appoints the Authorising Engineer, and does it have to be in writing?',
      'Is recapping needles allowed and where should sharps bins go?',
      'Is augmented care just the neonatal unit or do other units count?',
      'Is it weekly or monthly?',
      "Don't we need a permit for that?",
      'Do we not need to record it?',
      'Can you explain the duty of candour?',
      'Could you draft a water safety policy?',
      'Do we need a permit? Is there a form for it?',
      'Can we only test annually?',
      'Duty of candour requirements',
    ]) {
      expect(polarQuestion(question), question).toBeNull();
    }
  });

  it('is bounded on long untrusted input', () => {
    const long = `Do we have to ${'test '.repeat(20000)}the alarm?`;
    const started = performance.now();
    polarQuestion(long);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
