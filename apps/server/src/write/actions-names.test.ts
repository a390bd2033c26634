import { describe, expect, test } from 'vitest';
import { withFullerNames } from './actions-names.ts';

describe('withFullerNames', () => {
  test('a short definite name takes the naming words it was last said with', () => {
    expect(
      withFullerNames('Update the policy to the 2014 editions.', [
        'Our moving and handling policy still quotes the 1992 regulations.',
        'It is due for review.',
      ]),
    ).toBe('Update the moving and handling policy to the 2014 editions.');
    expect(withFullerNames('Book the engineer for Friday.', ['The insurer engineer cancelled on us.'])).toBe(
      'Book the insurer engineer for Friday.',
    );
  });

  test('what the thing belongs to is kept, but not a verb the tagger reads as a noun', () => {
    expect(
      withFullerNames('Update the sharps section to the 2022 edition.', [
        'The sharps section of the waste policy quotes the original oh-seven-oh-one, from 2006.',
      ]),
    ).toBe('Update the sharps section of the waste policy to the 2022 edition.');
  });

  test('the nearest fuller name wins; a name never said in full, a time or a clause stays as it is', () => {
    expect(
      withFullerNames('Send the spec back to them.', [
        'The old lift spec was fine.',
        'The new lift maintenance spec still cites the old HTM.',
      ]),
    ).toBe('Send the new lift maintenance spec back to them.');
    expect(withFullerNames('Send the spec back to them.', ['Nobody has read it yet.'])).toBe('Send the spec back to them.');
    expect(withFullerNames('Finish it by the end of the month.', ['The end of the financial month is the thirtieth.'])).toBe(
      'Finish it by the end of the month.',
    );
    expect(withFullerNames('Ring the contractor.', ['The contractor who did the roof has gone bust.'])).toBe('Ring the contractor.');
  });

  test('words the action already says are not added twice, and what follows a dash is left alone', () => {
    expect(withFullerNames('Update the waste policy section.', ['The waste policy section is wrong.'])).toBe(
      'Update the waste policy section.',
    );
    expect(withFullerNames('Rewrite it — the policy is old.', ['Our fire safety policy is old.'])).toBe('Rewrite it — the policy is old.');
  });

  test('a long earlier sentence is read only around the name, in time linear in its length', () => {
    const long = `${'and then we talked about it '.repeat(20_000)}the generator load schedule is wrong.`;
    const started = performance.now();
    expect(withFullerNames('Redo the load schedule.', [long])).toBe('Redo the generator load schedule.');
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
