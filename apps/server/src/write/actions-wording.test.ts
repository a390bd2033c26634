import { describe, expect, test } from 'vitest';
import { actionText, finish, neutral, ownClause, withinWords, withTopic } from './actions-wording.ts';

describe('action wording', () => {
  test('hedges go and first-person possessives become "the"', () => {
    expect(neutral('I think we should just probably move my team onto the new rota')).toBe('we should move the team onto the new rota');
  });

  test('the owner said as the subject goes: the owner column names them', () => {
    expect(actionText('he needs to review the revised specification before we sign it off', null)).toBe(
      'Review the revised specification before we sign it off.',
    );
    expect(actionText("she'll have to confirm whether the second UPS is in the capital plan", null)).toBe(
      'Confirm whether the second UPS is in the capital plan.',
    );
    expect(actionText("they're going to retender the tree survey contract", null)).toBe('Retender the tree survey contract.');
    // A subject that is not the owner doing the task stays.
    expect(actionText('they are the contractors we use for the roof', null)).toBe('They are the contractors we use for the roof.');
  });

  test('a closing clause about what another team will do is dropped', () => {
    expect(ownClause('hire an agency to clear the gutter backlog, and then the grounds team takes the rounds back')).toBe(
      'hire an agency to clear the gutter backlog',
    );
  });

  test("what was said before starts after the speaker's way in", () => {
    expect(actionText('Get them to reissue it.', 'Can I just say, it says the new kit meets the 1997 Lifts Regulations.')).toBe(
      'Get them to reissue it — it says the new kit meets the 1997 Lifts Regulations.',
    );
    expect(actionText('Chase it.', 'To be honest, the quote is still missing.')).toBe('Chase it — the quote is still missing.');
    expect(actionText('Fix that.', "While you're up there, the carpet on the landing's lifting.")).toBe(
      "Fix that — the carpet on the landing's lifting.",
    );
  });

  test('what was said before is cut at a clause, without an ellipsis', () => {
    const text = actionText(
      'Chase it.',
      'The lift in the east annexe failed its insurance inspection twice in the autumn, and the engineer says the brake pads are worn through and need ordering',
    );
    expect(text).not.toContain('…');
    expect(text.split(/\s+/).length).toBeLessThanOrEqual(30);
    expect(text).toMatch(/^Chase it — The lift in the east annexe failed its insurance inspection twice in the autumn\.$/);
  });

  test('a thin action takes the agenda item in place of its "it"', () => {
    expect(withTopic('Book it.', 'Boiler servicing', new Set())).toBe('Book the boiler servicing.');
    expect(withTopic('Send the list to Ana.', 'Car park permits', new Set(['ana']))).toBe('Send the list to Ana for the car park permits.');
  });

  test('a richly worded action needs no agenda item', () => {
    const text = 'Replace the cracked kitchen floor tiles beside the walk-in freezer door.';
    expect(withTopic(text, 'Catering', new Set())).toBe(text);
  });

  test('long texts end on a word that finishes them, with a capital and a full stop', () => {
    expect(withinWords('order the new ramps and the handrails for the', 8)).toBe('order the new ramps and the handrails');
    expect(finish('move the bins …')).toBe('Move the bins.');
  });
});
