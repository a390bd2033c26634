import { describe, expect, it } from 'vitest';
import { type GoldPolicy, roleName, sameRole, scorePolicy, scoreSet, sectionName } from './review-score.ts';

const elements = [
  'Water Safety Policy',
  'Hot water is stored at 50°C and cold water below 20°C.',
  'The scheme follows HTM 2027 and the Health and Safety at Work etc. Act 1974.',
  'See Appendix F for the sampling levels.',
];

const gold: GoldPolicy = {
  id: 'p1',
  file: 'p1.md',
  topic: 'water',
  findings: [
    { category: 'factual_error', quote: 'stored at 50°C', expected: '60°C', severity: 'high' },
    { category: 'outdated_reference', quote: 'HTM 2027', expected: 'HTM 04-01', severity: 'medium' },
    { category: 'broken_cross_reference', quote: 'Appendix F', expected: 'no Appendix F', severity: 'low' },
    { category: 'missing_section', quote: null, expected: 'equality impact assessment', severity: 'medium' },
    { category: 'missing_statutory_role', quote: null, expected: 'Authorising Engineer (Water)', severity: 'high' },
    { category: 'review_date', quote: null, expected: 'Add a review date', severity: 'medium' },
  ],
  traps: [{ quote: 'Health and Safety at Work etc. Act 1974', why: 'current' }],
};

describe('the review set scoring rule', () => {
  it('matches located reports by overlap, absent ones by section, role or category, and counts trap hits', () => {
    const score = scorePolicy(gold, elements, [
      { category: 'factual_error', quote: 'Hot water is stored at 50°C', expected: null, element: 1 },
      { category: 'outdated_reference', quote: 'HTM 2027', expected: 'HTM 04-01', element: 2 },
      // Right place, wrong category: a false positive and a miss.
      { category: 'unknown_reference', quote: 'Appendix F', expected: null, element: 3 },
      { category: 'missing_section', quote: null, expected: 'Equality impact', element: null },
      { category: 'missing_statutory_role', quote: null, expected: 'AE(W)', element: null },
      { category: 'review_date', quote: null, expected: null, element: null },
      { category: 'outdated_reference', quote: 'Health and Safety at Work etc. Act 1974', expected: null, element: 2 },
    ]);
    expect(score.counts.factual_error).toEqual({ tp: 1, fp: 0, fn: 0 });
    // Each gold finding matched is paired with the report that matched it.
    expect(score.matched.find(({ finding }) => finding.category === 'factual_error')?.report).toBe(0);
    expect(score.matched.find(({ finding }) => finding.category === 'outdated_reference')?.report).toBe(1);
    expect(score.matched.some(({ finding }) => finding.category === 'broken_cross_reference')).toBe(false);
    expect(score.counts.outdated_reference).toEqual({ tp: 1, fp: 1, fn: 0 });
    expect(score.counts.broken_cross_reference).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(score.counts.unknown_reference).toEqual({ tp: 0, fp: 1, fn: 0 });
    expect(score.counts.missing_section.tp).toBe(1);
    expect(score.counts.missing_statutory_role.tp).toBe(1);
    expect(score.counts.review_date.tp).toBe(1);
    expect(score.trapHits.map((hit) => hit.quote)).toEqual(['Health and Safety at Work etc. Act 1974']);

    const set = scoreSet([score]);
    expect(set.overall).toMatchObject({ tp: 5, fp: 2, fn: 1 });
    expect(set.overall.precision).toBeCloseTo(5 / 7);
    expect(set.references.recall).toBe(1);
    expect(set.trapHits).toBe(1);
  });

  it('uses each report and each gold finding once', () => {
    const score = scorePolicy(gold, elements, [
      { category: 'outdated_reference', quote: 'HTM 2027', expected: null, element: 2 },
      { category: 'outdated_reference', quote: 'follows HTM 2027', expected: null, element: 2 },
    ]);
    expect(score.counts.outdated_reference).toEqual({ tp: 1, fp: 1, fn: 0 });
  });

  it('maps section synonyms and role abbreviations, and keeps bracketed qualifiers apart', () => {
    expect(sectionName('Glossary')).toBe('definitions');
    expect(sectionName('Document history')).toBe('version control');
    expect(sectionName('Duties')).toBe('roles and responsibilities');
    expect(roleName('AE(HV)')).toEqual({ base: 'authorising engineer', qualifier: 'hv' });
    expect(sameRole('Authorising Engineer', 'Authorising Engineer (HV)')).toBe(true);
    expect(sameRole('AE(LV)', 'Authorising Engineer (HV)')).toBe(false);
    expect(sameRole('DPO', 'Data Protection Officer')).toBe(true);
  });
});
