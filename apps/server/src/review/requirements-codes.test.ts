import { describe, expect, it } from 'vitest';
import { ownLibrary, paragraphPolicy } from '../test/review-library.ts';
import { citeLibrary } from './references-cite.ts';
import { requirementFindings } from './requirements.ts';
import type { ReviewLibrary } from './types.ts';

const code = ownLibrary({ id: 'acop-k9.md', code: 'ACoP K9', title: 'Kiln safety: Approved Code of Practice', edition: '2030' }, [
  ['K9 is an Approved Code of Practice with special legal status, alongside advisory guidance.', ['Legal status']],
]);
const act = ownLibrary({ id: 'kwa-2029.md', code: 'KWA 2029', title: 'Kiln Works Act 2029', edition: '2029' }, [
  ['Failure to follow an ACoP is not itself an offence, but a court may take it as proof of a breach.', ['Codes of practice']],
]);
const law = ownLibrary({ id: 'kwr-2031.md', code: 'KWR 2031', title: 'Kiln Works Regulations 2031', edition: '2031' }, [
  ['KWR 2031 is law. It is supported by ACoP K9, which has special legal status.', ['Legal status']],
]);
const library: ReviewLibrary = { documents: [...code.documents, ...act.documents, ...law.documents] };

const found = (text: string, within: ReviewLibrary = library) => {
  const policy = paragraphPolicy('Kiln policy', 'The kilns are run safely.', [text]);
  return requirementFindings(policy, citeLibrary(policy.elements, within), within)
    .filter((finding) => /Approved Code of Practice|special legal status/.test(finding.explanation))
    .map((finding) => finding.quote);
};

describe('what a policy says of the legal status of an Approved Code of Practice', () => {
  it('reports a code called law, or a departure from it an offence, citing the library on such codes', () => {
    const policy = paragraphPolicy('Kiln policy', 'The kilns are run safely.', [
      '4.4 ACoP K9 is law in its own right, so any departure from it is an offence.',
    ]);
    const [finding] = requirementFindings(policy, citeLibrary(policy.elements, library), library);
    expect(finding).toMatchObject({
      category: 'factual_error',
      quote: 'ACoP K9 is law in its own right, so any departure from it is an offence',
      explanation:
        'The policy says "ACoP K9 is law in its own right, so any departure from it is an offence", but ACoP K9 is an Approved Code of Practice, not law: "Failure to follow an ACoP is not itself an offence, but a court may take it as proof of a breach."',
      evidence: [{ code: 'KWA 2029', elementIds: ['kwa-2029.md#0'] }],
    });
    expect(found('Failing to follow ACoP K9 is in itself a criminal offence.')).toEqual([
      'Failing to follow ACoP K9 is in itself a criminal offence',
    ]);
  });

  it('reports a code called advice only, citing its own special status', () => {
    expect(found('An Approved Code of Practice such as K9 is advisory guidance only and has no legal standing.')).toEqual([
      'An Approved Code of Practice such as K9 is advisory guidance only and has no legal standing',
    ]);
  });

  it('leaves the guidance beside a code, a code described rightly, a law the sentence cites beside it, and a law that speaks of its code', () => {
    expect(found('Only the code text of K9 has special legal status; the guidance printed alongside K9 is advisory.')).toEqual([]);
    expect(found('ACoP K9 has special legal status.')).toEqual([]);
    expect(found('Failing to follow ACoP K9 is not in itself a criminal offence.')).toEqual([]);
    expect(found('Kilns follow ACoP K9; attending the refresher course is voluntary.')).toEqual([]);
    expect(found('K9 supports KWR 2031, which is law.')).toEqual([]);
    expect(found('KWR 2031 is advisory only.')).toEqual([]);
    expect(found('ACoP K9 explains the duties, and breach of the duty to fence a kiln is an offence.')).toEqual([]);
  });

  it('says nothing of a code called law where the library holds no sentence on such codes', () => {
    const alone: ReviewLibrary = { documents: code.documents };
    expect(found('ACoP K9 is law.', alone)).toEqual([]);
  });
});
