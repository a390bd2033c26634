import { describe, expect, it } from 'vitest';
import { ownLibrary, paragraphPolicy } from '../test/review-library.ts';
import { citeLibrary } from './references-cite.ts';
import { requirementFindings } from './requirements.ts';
import { dutyOffence } from './requirements-offences.ts';
import type { ReviewLibrary } from './types.ts';

/** A law whose entry makes failing two of its duties offences, and says one failing is not. */
const law = ownLibrary({ id: 'mlr-2033.md', code: 'MLR 2033', title: 'Mortuary Licensing (Transfers) Regulations 2033', edition: '2033' }, [
  ['Failure to register a body store with the licensing authority is a criminal offence.', ['Legal status']],
  ['Transfers must be logged; failing to record a transfer is an offence that the authority can prosecute.', ['Legal status']],
  ['Failure to label a trolley is not itself an offence, though releasing the wrong body is an offence.', ['Legal status']],
  ['Failure to comply with the licence conditions is an offence.', ['Legal status']],
]);
const library: ReviewLibrary = law;

const offence = (text: string, of: ReviewLibrary = library) => {
  const found = dutyOffence(text, of);
  return found && { code: found.document.code, said: found.said, element: found.element.id };
};

describe('a duty whose failure the library makes an offence, named by the duty alone', () => {
  it('finds the duty by its verb and a word of what it is done to, in the sentence or the title', () => {
    expect(offence('Failing to register the body store is not an offence.')).toEqual({
      code: 'MLR 2033',
      said: 'Failure to register a body store with the licensing authority is a criminal offence',
      element: 'mlr-2033.md#0',
    });
    // The clause that states the offence, without the duty before the semicolon.
    expect(offence('However, failing to record transfers of bodies is not an offence.')?.said).toBe(
      'Failing to record a transfer is an offence that the authority can prosecute',
    );
    // A gerund subject with the denial later in the sentence.
    expect(offence('Recording each transfer is good practice; it is not a legal requirement.')?.element).toBe('mlr-2033.md#1');
    // A word of the title alone: "mortuary".
    expect(offence('Failure to register the mortuary is an administrative matter, not an offence.')?.code).toBe('MLR 2033');
  });

  it('needs the same verb, a word in common, a duty of its own verb, and an offence the library does not deny', () => {
    expect(offence('Failing to register a visitor is not an offence.')).toBeNull();
    expect(offence('Failing to inspect the body store is not an offence.')).toBeNull();
    expect(offence('Failing to label a trolley is not an offence.')).toBeNull();
    expect(offence('Failure to comply with the licence conditions is not an offence.')).toBeNull();
    expect(offence('Registering is not a legal requirement.')).toBeNull();
    const superseded: ReviewLibrary = { documents: law.documents.map((document) => ({ ...document, status: 'superseded' as const })) };
    expect(offence('Failing to register the body store is not an offence.', superseded)).toBeNull();
  });

  it('reports the denial through the reviewer, quoting the clause that denies it, with the library sentence as evidence', () => {
    const policy = paragraphPolicy('Mortuary policy', 'The mortuary keeps a register of transfers.', [
      '4.2 Failing to record a transfer out of the mortuary carries no criminal penalty; the manager follows it up.',
      '4.3 Failing to record a visitor is not an offence.',
    ]);
    const findings = requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error');
    expect(findings).toHaveLength(1);
    // A sentence that cites a document is read against that document alone: this guidance states no offence.
    const guidance = ownLibrary({ id: 'trg-7.md', code: 'TRG 7', title: 'Transfer record guidance', edition: '2033' }, [
      ['TRG 7 is guidance on keeping transfer records.', ['Status']],
    ]);
    const both: ReviewLibrary = { documents: [...law.documents, ...guidance.documents] };
    const cited = paragraphPolicy('Mortuary policy', 'Transfers are recorded.', [
      'Under TRG 7, failing to record a transfer is not an offence.',
    ]);
    expect(
      requirementFindings(cited, citeLibrary(cited.elements, both), both).filter((finding) => finding.category === 'factual_error'),
    ).toEqual([]);
    expect(findings[0]).toMatchObject({
      quote: 'Failing to record a transfer out of the mortuary carries no criminal penalty',
      expected: 'Failing to record a transfer is an offence that the authority can prosecute',
      explanation:
        'The policy says "Failing to record a transfer out of the mortuary carries no criminal penalty", but under MLR 2033 it is an offence: "Failing to record a transfer is an offence that the authority can prosecute."',
      evidence: [{ code: 'MLR 2033', elementIds: ['mlr-2033.md#1'] }],
    });
  });
});
