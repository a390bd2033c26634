import { describe, expect, it } from 'vitest';
import { seedReviewLibrary } from '../eval/review-set.ts';
import { requirementFindings } from './requirements.ts';
import type { LibraryDocument, LibraryElement, Policy, PolicyElement, ReviewLibrary } from './types.ts';

const id = 'gcr-2032.md';
const element = (index: number, text: string, headingPath: string[], type: LibraryElement['type'] = 'paragraph'): LibraryElement => ({
  id: `${id}#${index}`,
  type,
  text,
  headingPath,
});
/** A library of its own subject, so that the comparison is seen to read any subject, not the seed library's. */
const rules: LibraryDocument = {
  id,
  code: 'GCR 2032',
  title: 'Grounds Care Regulations 2032',
  status: 'current',
  edition: '2032',
  supersededBy: null,
  supersedes: [],
  domain: 'Estates',
  subdomain: 'Grounds',
  elements: [
    element(0, 'Hedge trimmers are power tools and need their own thorough inspection before each season.', ['Key duties']),
    element(1, 'Leaf blowers need no noise survey when used for less than an hour a day.', ['Key duties']),
    element(2, 'Fuel cans and oily rags are kept apart in the grounds store.', ['Storage']),
    element(
      3,
      'Species | Notes\nGreat crested newt | Survey before any ground works\nBadger | Licence before disturbing a sett',
      ['Protected species'],
      'table',
    ),
    element(4, 'Notify the council of every tree felled in a conservation area.', ['Key duties']),
    element(5, 'Hedge trimmers are never inspected between seasons.', ['Common gaps']),
    element(6, 'Contractors have to notify the site manager before they start.', ['Contractors']),
  ],
};
const own: ReviewLibrary = { documents: [rules] };

function policy(...blocks: string[]): Policy {
  const elements = ['Grounds work follows good practice.', ...blocks].map(
    (text, index): PolicyElement => ({ index, type: 'paragraph', text, page: 1, headingPath: [] }),
  );
  return { title: 'Grounds policy', elements };
}

const reported = (...blocks: string[]) =>
  requirementFindings(policy(...blocks), [], own)
    .filter((finding) => finding.category === 'factual_error')
    .map((finding) => finding.quote);

describe('a policy clause denying what a library sentence states', () => {
  it('reports the denial, quoting the clause without its reason and citing the sentence it denies', () => {
    const [finding] = requirementFindings(
      policy('Hedge trimmers do not need their own inspection, because the hire company checks them.'),
      [],
      own,
    );
    expect(finding).toMatchObject({ category: 'factual_error', quote: 'Hedge trimmers do not need their own inspection' });
    expect(finding?.evidence).toEqual([{ documentId: id, code: 'GCR 2032', elementIds: [`${id}#0`] }]);
    expect(finding?.explanation).toContain('need their own thorough inspection before each season');
  });

  it('reads a table row with what its section names, and an instruction as a statement', () => {
    expect(reported('The great crested newt is not a protected species on our sites.')).toEqual([
      'The great crested newt is not a protected species on our sites',
    ]);
    expect(reported('Trees felled in a conservation area never need to be notified to the council.')).toEqual([
      'Trees felled in a conservation area never need to be notified to the council',
    ]);
  });

  it('reads the organisation denying a duty of its own ("The Trust has no duty to …") by what it denies', () => {
    expect(reported('The Trust has no legal duty to notify the council of trees felled in a conservation area.')).toEqual([
      'The Trust has no legal duty to notify the council of trees felled in a conservation area',
    ]);
    // Not when the duty it denies is another one.
    expect(reported('The Trust has no duty to notify the council of the hedge trimmer inspections.')).toEqual([]);
  });

  it('reports things put together that the library keeps apart', () => {
    expect(reported('Fuel cans and oily rags are stored together in the grounds store.')).toEqual([
      'Fuel cans and oily rags are stored together in the grounds store',
    ]);
  });

  it('leaves alone a denial the library makes too, one under the policy’s own condition, and one that only describes', () => {
    expect(reported('Leaf blowers do not need a noise survey for short jobs.')).toEqual([]);
    expect(reported('Hedge trimmers do not need their own inspection unless they are hired out.')).toEqual([]);
    expect(reported('Hedge trimmers that are not inspected are returned to the store.')).toEqual([]);
    expect(reported('A trimmer that fails its inspection is labelled "do not use" and returned.')).toEqual([]);
    expect(reported('Staff check their trimmers and do not use their own inspection forms.')).toEqual([]);
    // What the policy does when its own condition is met, not a fact denied.
    expect(reported('If the blade guard is cracked, the hedge trimmer is not inspected before each season but scrapped.')).toEqual([]);
    expect(reported('Hedge trimmers are not inspected before each season.')).toHaveLength(1);
  });

  it('needs the telling word of what the clause is about in the library sentence, not only a common one', () => {
    // "Parts" of the library's documents and "mixing" valves are not doorsets mixed from manufacturers' parts.
    const doors: Policy = {
      title: 'Fire doors policy',
      elements: ['Parts of a doorset are not mixed from different manufacturers.'].map(
        (text, index): PolicyElement => ({ index, type: 'paragraph', text, page: 1, headingPath: [] }),
      ),
    };
    expect(requirementFindings(doors, [], seedReviewLibrary()).filter((finding) => finding.category === 'factual_error')).toEqual([]);
  });

  it('does not read the library’s list of common failings as its rules', () => {
    expect(reported('Hedge trimmers are inspected between seasons, and are not left until the next season starts.')).toEqual([]);
  });
});
