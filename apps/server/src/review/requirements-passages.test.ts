import { describe, expect, it } from 'vitest';
import { ownLibrary, paragraphPolicy } from '../test/review-library.ts';
import { requirementFindings } from './requirements.ts';
import { DISCRETION, deniedLaw, FORCE_DENIED, PERMISSION } from './requirements-passages.ts';
import type { LibraryDocument, Policy, ReviewLibrary } from './types.ts';

/**
 * A made-up law, a guidance note that names it, an unrelated law, and a few hundred passages of
 * made-up words around them, so that the words the tests share are as rare as a real library's
 * subject words are.
 */
const LETTERS = 'bcdfghjklmnpqrstvwxz';
const VOWELS = 'aeiou';
/** The n-th made-up word: five letters, none of them an English word's first five. */
const madeUp = (n: number) =>
  `${LETTERS[n % 20]}${VOWELS[Math.floor(n / 20) % 5]}${LETTERS[Math.floor(n / 100) % 20]}${VOWELS[Math.floor(n / 2000) % 5]}x`;
const filler = ownLibrary(
  { id: 'filler.md', code: 'FILLER 1', title: 'Assorted passages', edition: '2033' },
  Array.from({ length: 400 }, (_, i) => [
    `${Array.from({ length: 6 }, (_, k) => madeUp((i * 7 + k * 131) % 1_900)).join(' ')}.`,
    ['Key duties and requirements'],
  ]),
);
const law = ownLibrary({ id: 'mlr-2033.md', code: 'MLR 2033', title: 'Mortuary Licensing Regulations 2033', edition: '2033' }, [
  ['MLR is a statutory instrument made under the Human Remains Act 2030; breach is a criminal offence.', ['Legal status']],
  [
    'Notify the licensing authority within a day whenever a deceased body is released to the wrong family.',
    ['Key duties and requirements'],
  ],
  ['Keep a refrigeration temperature log for every cold chamber, checked twice daily.', ['Key duties and requirements']],
  ['Until 2031 the register of embalming fluids was kept on paper.', ['History and what changed']],
  ['Labels on viewing-room trolleys are not required by law, though most mortuaries fit them.', ['Key duties and requirements']],
  ['The colour of the shrouding sheets for viewing is left to the judgement of the mortuary manager.', ['Key duties and requirements']],
  ['Embalming room extraction hoods are kept in working order.', ['Key duties and requirements']],
  [
    'The Regulations do not set fixed intervals for servicing the body-store hoists; the frequency should be decided by risk.',
    ['Key duties and requirements'],
  ],
]);
const guidance = ownLibrary({ id: 'mg-4.md', code: 'MG 4', title: 'Mortuary guidance note 4', edition: '2033' }, [
  [
    'Under MLR 2033, every mortuary manager must keep the refrigeration temperature log for each cold chamber.',
    ['Key duties and requirements'],
  ],
]);
/** Guidance naming the law without its year, as people write it. */
const shortNamed = ownLibrary({ id: 'mg-7.md', code: 'MG 7', title: 'Mortuary guidance note 7', edition: '2033' }, [
  ['Embalming room extraction hoods are subject to MLR, which requires a yearly airflow examination.', ['Ventilation']],
]);
const library: ReviewLibrary = { documents: [...filler.documents, ...law.documents, ...guidance.documents, ...shortNamed.documents] };

const found = (text: string, of: ReviewLibrary = library, choice = false) => {
  const denied = deniedLaw(text, of, { choice });
  return denied && { law: denied.document.code, said: denied.said, passage: denied.passage.sentence };
};

/** A mortuary policy whose one table tells who is told of each event, a row each. */
function tablePolicy(rows: readonly string[]): Policy {
  const policy = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', []);
  policy.elements.push({ index: 1, type: 'table', page: 1, headingPath: [], text: ['Event | Who is told | Notes', ...rows].join('\n') });
  return policy;
}

describe('the law whose duty a policy denies in its own words', () => {
  it('is found from the library passage most about the sentence, with the law’s own offence', () => {
    expect(found('Telling the licensing authority that a deceased body was released to the wrong family is a courtesy.')).toEqual({
      law: 'MLR 2033',
      said: 'breach is a criminal offence',
      passage: 'Notify the licensing authority within a day whenever a deceased body is released to the wrong family',
    });
  });

  it('is a law that a guidance passage names, when the law’s own text speaks of the duty too', () => {
    expect(found('Keeping a refrigeration temperature log for each cold chamber is optional for the mortuary manager.')?.law).toBe(
      'MLR 2033',
    );
    // The guidance passage alone, with the law saying nothing of it, names no law's duty.
    const lawWithoutLog: ReviewLibrary = {
      documents: library.documents.map((document) =>
        document.code === 'MLR 2033'
          ? { ...document, elements: document.elements.filter((element) => !element.text.includes('log')) }
          : document,
      ),
    };
    expect(
      found('Keeping a refrigeration temperature log for each cold chamber is optional for the mortuary manager.', lawWithoutLog),
    ).toBeNull();
  });

  it('is not looked for when the library agrees, the sentence is about guidance or a local standard, or too little is shared', () => {
    expect(found('Labels on viewing-room trolleys are not a legal requirement.')).toBeNull();
    expect(found('The guidance on telling the licensing authority about a body released to the wrong family is voluntary.')).toBeNull();
    expect(
      found('Checking the cold chamber refrigeration temperature log three times daily is our own standard, not a legal requirement.'),
    ).toBeNull();
    expect(found('Telling the family is a courtesy.')).toBeNull();
    // The library saying the law sets no frequency agrees with a policy saying no law sets one.
    expect(found('There is no legal requirement setting out how often the body-store hoists get servicing.')).toBeNull();
    // What a document replaced says nothing of a duty now.
    expect(found('Keeping the register of embalming fluids on paper is not a legal requirement.')).toBeNull();
    const superseded: ReviewLibrary = {
      documents: library.documents.map(
        (document): LibraryDocument => (document.code === 'MLR 2033' ? { ...document, status: 'superseded' } : document),
      ),
    };
    expect(
      found('Telling the licensing authority that a deceased body was released to the wrong family is a courtesy.', superseded),
    ).toBeNull();
  });

  it('reads denials in many words, and not a denial that is itself denied', () => {
    for (const denial of [
      'is good practice rather than a legal requirement',
      'the law does not actually demand it',
      'nobody could face criminal proceedings over it',
      'carries no criminal consequence',
      'is a voluntary gesture',
      'the trust has no legal obligation to do so',
      'would not be breaking the law',
      'is not something any law requires',
    ]) {
      expect(FORCE_DENIED.test(denial), denial).toBe(true);
    }
    for (const claim of ['is a legal requirement', 'breach is a criminal offence', 'must be reported'])
      expect(FORCE_DENIED.test(claim), claim).toBe(false);
  });

  it('reads a duty left to someone’s choice in many words, and not a plain duty or an order of work', () => {
    for (const choice of [
      'is at the discretion of the nurse in charge',
      'may be done at his or her discretion',
      'is left to each unit manager',
      "is left to the consultant's judgement",
      'is left to the judgement of each laboratory manager',
      'is for the ward manager to decide',
      'it is up to each team whether they attend',
      'may be skipped by the nurse in charge when short-staffed',
      'may put its scheduled examination back to a quieter month',
      'is done only if time allows',
      'is left to the consultant on duty',
      'technicians who have used a similar model can skip this',
      'can be put back to a quieter month',
      'staff use their own judgement on whether to look',
      'complaints made out loud need not be written down',
      'minor breaches do not need to go in the log',
      'is carried out only if she asks for one',
      'checking the carrier is a nice-to-have',
      'there is no need to tell the family',
    ]) {
      expect(DISCRETION.test(choice), choice).toBe(true);
    }
    for (const duty of [
      'must be examined every year',
      'the manager decides the order of the checks',
      'is left on the trolley',
      'is left to the end of the list',
    ])
      expect(DISCRETION.test(duty), duty).toBe(false);
  });

  it('answers a duty left to choice with the law, through guidance naming it without its year, unless the library leaves it to judgement too', () => {
    expect(
      found('Whether embalming room extraction hoods get their airflow examination is left to each mortuary technician.', library, true),
    ).toEqual({
      law: 'MLR 2033',
      said: 'breach is a criminal offence',
      passage: 'Embalming room extraction hoods are subject to MLR, which requires a yearly airflow examination',
    });
    expect(
      found('The colour of the shrouding sheets used for viewing is at the discretion of the mortuary manager.', library, true),
    ).toBeNull();
  });

  it('is reported through the reviewer, quoting the denial, with the passage and the law’s offence, and once for "not a courtesy" never', () => {
    const policy = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', [
      '4.2 Telling the licensing authority that a deceased body was released to the wrong family is a courtesy, and the manager decides.',
      '4.3 Telling the licensing authority that a deceased body was released to the wrong family is a legal duty and not a courtesy.',
    ]);
    const findings = requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error');
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding?.quote).toBe('Telling the licensing authority that a deceased body was released to the wrong family is a courtesy');
    expect(finding?.location?.element).toBe(1);
    expect(finding?.expected).toBe('Breach is a criminal offence (MLR 2033).');
    expect(finding?.explanation).toContain("the library's MLR 2033 covers this");
    expect(finding?.explanation).toContain('Notify the licensing authority within a day');
    expect(finding?.evidence).toEqual([{ documentId: 'mlr-2033.md', code: 'MLR 2033', elementIds: ['mlr-2033.md#1'] }]);
  });

  it('reads a table row by row, quoting the cell that leaves the duty to choice', () => {
    const policy = tablePolicy([
      'Cold chamber alarm | The mortuary manager | Logged by the technician without delay',
      'Deceased body released to the wrong family | The licensing authority | Telling them is left to each duty manager',
      'Power failure | Estates | Business continuity plan followed',
    ]);
    const findings = requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error');
    expect(findings.map((finding) => finding.quote)).toEqual(['Telling them is left to each duty manager']);
    expect(findings[0]?.explanation).toContain('Notify the licensing authority within a day');
  });

  it('reads a list item with the paragraph that introduces its list', () => {
    const policy = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', []);
    const item = 'whether the licensing authority is told is left to each duty manager;';
    policy.elements.push(
      { index: 1, type: 'paragraph', page: 1, headingPath: [], text: '4.6 When a deceased body is released to the wrong family:' },
      { index: 2, type: 'list_item', page: 1, headingPath: [], text: 'the mortuary manager is told at once;' },
      { index: 3, type: 'list_item', page: 1, headingPath: [], text: item },
    );
    const findings = requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error');
    expect(findings.map((finding) => [finding.location?.element, finding.quote])).toEqual([
      [3, 'whether the licensing authority is told is left to each duty manager'],
    ]);
    // The item alone shares too little with the library's passage.
    const alone = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', [item]);
    expect(requirementFindings(alone, [], library).filter((finding) => finding.category === 'factual_error')).toEqual([]);
  });

  it('reports a duty left to choice through the reviewer, and not one whose choice is denied', () => {
    const policy = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', [
      '4.4 Whether the licensing authority is told that a deceased body was released to the wrong family is left to each duty manager.',
      '4.5 Whether the licensing authority is told that a deceased body was released to the wrong family is never at the discretion of the duty manager.',
    ]);
    const findings = requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error');
    expect(findings.map((finding) => finding.quote)).toEqual([
      'Whether the licensing authority is told that a deceased body was released to the wrong family is left to each duty manager',
    ]);
    expect(findings[0]?.explanation).toMatch(/^The policy leaves this to choice \("Whether the licensing authority/);
    expect(findings[0]?.explanation).toContain('Notify the licensing authority within a day');
    expect(findings[0]?.expected).toBe('Breach is a criminal offence (MLR 2033).');
  });

  it('reads a permission given for convenience in many words, and not a permission denied or a plain duty', () => {
    for (const permission of [
      'on busy days it is fine to prop the door open',
      'it is acceptable to leave the cylinder on the floor when the rack is full',
      'there is no problem with storing boxes in the stairwell',
      'staff are welcome to take the guard off',
      'using the hoist past its date is allowed when the rota is tight',
      'is allowed when the unit is short-staffed',
      'the notification can wait until the investigation is over',
    ]) {
      expect(PERMISSION.test(permission), permission).toBe(true);
    }
    for (const refusal of ['it is not acceptable to prop the door open', 'staff must keep the guard on', 'the form is welcome news'])
      expect(PERMISSION.test(refusal), refusal).toBe(false);
  });

  it('reports a permission that a law’s passage rules out, in its own words, and not one the policy refuses or the library leaves to judgement', () => {
    const policy = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', [
      '4.7 When the night porter is busy, it is fine to skip the refrigeration temperature log for the cold chamber until the morning.',
      '4.8 It is never acceptable to skip the refrigeration temperature log for a cold chamber.',
      '4.9 Staff are welcome to choose the colour of the shrouding sheets for viewing, at the judgement of the mortuary manager.',
    ]);
    const findings = requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error');
    expect(findings.map((finding) => finding.quote)).toEqual([
      'When the night porter is busy, it is fine to skip the refrigeration temperature log for the cold chamber until the morning',
    ]);
    expect(findings[0]?.explanation).toMatch(
      /^The policy allows this for convenience \("When the night porter is busy, it is fine to skip/,
    );
    expect(findings[0]?.explanation).toContain('Keep a refrigeration temperature log for every cold chamber');
    expect(findings[0]?.expected).toBe('Breach is a criminal offence (MLR 2033).');
  });

  it('reads a sentence that refers back with the sentence before it, which tells the duty, and not a sentence that does not', () => {
    const before = '4.10 A deceased body was released to the wrong family last winter.';
    const policy = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', [
      `${before} Telling the licensing authority about this is left to the duty manager.`,
      `${before} Telling the licensing authority about staffing is left to the duty manager.`,
    ]);
    const findings = requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error');
    // The finding quotes the sentence's own words; the passage is the one the sentence before speaks of.
    expect(findings.map((finding) => [finding.location?.element, finding.quote])).toEqual([
      [1, 'Telling the licensing authority about this is left to the duty manager'],
    ]);
    expect(findings[0]?.explanation).toContain('Notify the licensing authority within a day');
    // Alone, the sentence shares too little with the library; nor is a sentence before another element's read.
    const alone = paragraphPolicy('Mortuary policy', before, []);
    alone.elements.push({
      index: 1,
      type: 'paragraph',
      page: 1,
      headingPath: ['Another section'],
      text: 'Telling the licensing authority about this is left to the duty manager.',
    });
    expect(requirementFindings(alone, [], library).filter((finding) => finding.category === 'factual_error')).toEqual([]);
    // A table's row is a record of its own subject: "this" in it is not the row above.
    const table = tablePolicy([
      'Deceased body released to the wrong family | The licensing authority | Told within a day',
      'Staffing shortfall | The licensing authority | Telling them about this is left to the duty manager',
    ]);
    expect(requirementFindings(table, [], library).filter((finding) => finding.category === 'factual_error')).toEqual([]);
  });

  it('does not read the sentence before when the sentence alone is one the library agrees with', () => {
    const policy = paragraphPolicy('Mortuary policy', 'The mortuary releases bodies to funeral directors.', [
      '4.11 Last winter a deceased body was released to the wrong family, and the licensing authority was notified within a day that the body had been released to the wrong family. Labels on viewing-room trolleys are not required by law, so we do not fit them.',
    ]);
    expect(requirementFindings(policy, [], library).filter((finding) => finding.category === 'factual_error')).toEqual([]);
  });
});
