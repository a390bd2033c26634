import { describe, expect, it } from 'vitest';
import { requirementFindings } from './requirements.ts';
import { ownLibrary, paragraphPolicy } from '../test/review-library.ts';

const id = 'gwr-2033.md';
const own = ownLibrary({ id, code: 'GWR 2033', title: 'Groundworks Regulations 2033', edition: '2033' }, [
  ['A drainage survey is needed wherever the ground will be excavated.', ['Key duties']],
  ['Spill kits must be provided for every store holding oils or chemicals.', ['Key duties']],
  ['Every trench must be excavated after a check of the cable register.', ['Key duties']],
  ["Tree felling in every conservation area needs the council's consent.", ['Key duties']],
  ['Weedkiller must be applied to all gravel paths each spring.', ['Key duties']],
  ['Every gate is inspected weekly, but only where the public have access.', ['Key duties']],
  ['Mowers are serviced every spring.', ['Common gaps']],
  ['Every groundworks contractor in England.', ['Who it applies to']],
  ['Provide eye protection for staff cutting stone.', ['Key duties']],
  ['A barrier check is needed only where vehicles can reach the site.', ['Key duties']],
  ['Every boom barrier must be checked each month.', ['Key duties']],
  ['Bollards, chains and locked gates may all be appropriate site controls for one project and excessive for another.', ['Key duties']],
]);
const policy = (...blocks: string[]) => paragraphPolicy('Groundworks policy', 'Groundworks follow GWR 2033.', blocks);

const reported = (...blocks: string[]) =>
  requirementFindings(policy(...blocks), [], own)
    .filter((finding) => finding.category === 'factual_error')
    .map((finding) => finding.quote);

describe('a policy that narrows to some cases what the library states for every case', () => {
  it('reports the narrowed clause with its case, citing the sentence that sets no such limit', () => {
    const [finding] = requirementFindings(policy('4.2 A drainage survey is needed only when a culvert is to be replaced.'), [], own);
    expect(finding).toMatchObject({
      category: 'factual_error',
      severity: 'high',
      quote: 'A drainage survey is needed only when a culvert is to be replaced',
      explanation:
        'The policy applies this only when a culvert is to be replaced, but GWR 2033 sets no such limit: "A drainage survey is needed wherever the ground will be excavated."',
      suggestion: 'Remove the limit "only when a culvert is to be replaced" and follow GWR 2033.',
      evidence: [{ code: 'GWR 2033', elementIds: [`${id}#0`] }],
    });
  });

  it('reads the case before a closing "only" and the case after "only needed"', () => {
    expect(reported('Spill kits are provided for fuel stores only.')).toEqual(['Spill kits are provided for fuel stores only']);
    expect(reported('A drainage survey is only needed before a culvert is replaced.')).toEqual([
      'A drainage survey is only needed before a culvert is replaced',
    ]);
  });

  it('reads a duty the library states plainly, without a word for every case', () => {
    expect(reported('Eye protection is provided only for staff who lay kerbs.')).toEqual([
      'Eye protection is provided only for staff who lay kerbs',
    ]);
  });

  it('leaves a limit the library states itself, in another sentence than its duty', () => {
    expect(reported('Boom barrier checks are needed only where vehicles can reach the site.')).toEqual([]);
  });

  it('leaves a case that is a safeguard, a permission narrowed, and a case the library names itself', () => {
    expect(reported('A drainage survey is needed only where a desk study is not enough.')).toEqual([]);
    expect(reported('Tree felling is carried out only where a manager has authorised it.')).toEqual([]);
    expect(reported('Weedkiller may be applied to gravel paths only when the weather is dry.')).toEqual([]);
    expect(reported('Trenches are excavated only after the cable register is checked.')).toEqual([]);
  });

  it('leaves a history, a library sentence with its own limit, a list of failings and what a thing does', () => {
    expect(reported('Until 2030 drainage surveys were needed only when a culvert was replaced.')).toEqual([]);
    expect(reported('Gates are inspected only when the site is open.')).toEqual([]);
    expect(reported('Mowers are serviced only when they break down.')).toEqual([]);
    expect(reported('A drainage survey works only when the ground is dry.')).toEqual([]);
  });

  it('leaves a library sentence that weighs what may be done rather than requiring it', () => {
    expect(reported('Locked gates are fitted only after an individual assessment of the site.')).toEqual([]);
  });
});
