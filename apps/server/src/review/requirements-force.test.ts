import { describe, expect, it } from 'vitest';
import { ownLibrary, paragraphPolicy } from '../test/review-library.ts';
import { citeLibrary } from './references-cite.ts';
import { requirementFindings } from './requirements.ts';
import type { ReviewLibrary } from './types.ts';

/** Two laws of their own subject: one enforced through civil powers, one whose breaches can be prosecuted. */
const civil = ownLibrary({ id: 'kwr-2031.md', code: 'KWR 2031', title: 'Kitchen Welfare Regulations 2031', edition: '2031' }, [
  ['KWR 2031 is law, enforced by the Care Quality Commission through its civil powers.', ['Legal status']],
  ['Breach of it is not itself a criminal offence, but repeated failings may lead to cancellation.', ['Legal status']],
  ['Harm from a failing kitchen is usually pursued under Regulation 12, which carries a criminal offence.', ['Legal status']],
  ['Provide a rest area away from food preparation.', ['Key duties']],
]);
const prosecutable = ownLibrary({ id: 'lsr-2032.md', code: 'LSR 2032', title: 'Laundry Safety Regulations 2032', edition: '2032' }, [
  ['LSR 2032 is enforced by the Health and Safety Executive and by local authorities.', ['Legal status']],
  ['It is one of the laws under which a breach can be prosecuted directly where it causes harm.', ['Legal status']],
  ['LSR 2032 is also enforced through civil enforcement notices.', ['Legal status']],
]);
const library: ReviewLibrary = { documents: [...civil.documents, ...prosecutable.documents] };

const findings = (...blocks: string[]) => {
  const policy = paragraphPolicy('Kitchen and laundry policy', 'The kitchens and laundries follow KWR 2031 and LSR 2032.', blocks);
  return requirementFindings(policy, citeLibrary(policy.elements, library), library).filter(
    (finding) => finding.category === 'factual_error',
  );
};
const quotes = (...blocks: string[]) => findings(...blocks).map((finding) => finding.quote);

describe('what a policy says of the legal force of a law it cites', () => {
  it('reports an offence claimed of a law enforced through civil powers, citing its denial of one', () => {
    const [finding] = findings('3.2 A breach of KWR 2031 is a criminal offence, and the home will be prosecuted.');
    expect(finding).toMatchObject({
      quote: 'A breach of KWR 2031 is a criminal offence',
      expected: 'Breach of it is not itself a criminal offence',
      explanation:
        'The policy says "A breach of KWR 2031 is a criminal offence", but a breach of KWR 2031 is not a criminal offence; it is enforced through civil powers: "Breach of it is not itself a criminal offence."',
      evidence: [{ code: 'KWR 2031', elementIds: ['kwr-2031.md#1'] }],
    });
    expect(quotes('The Care Quality Commission will prosecute any breach of KWR 2031.')).toEqual([
      'The Care Quality Commission will prosecute',
    ]);
  });

  it('leaves an offence claimed of a law that can be prosecuted, a denied offence, and a sentence citing both kinds', () => {
    expect(quotes('A breach of LSR 2032 can lead to prosecution.')).toEqual([]);
    expect(quotes('A breach of KWR 2031 is not a criminal offence.')).toEqual([]);
    expect(quotes('A breach of KWR 2031 is dealt with by CQC through its civil powers rather than by prosecution.')).toEqual([]);
    expect(quotes('KWR 2031 never says that a breach is a criminal offence.')).toEqual([]);
    expect(quotes('A breach of KWR 2031 or LSR 2032 is a criminal offence.')).toEqual([]);
  });

  it('reports a prosecution denied of a law under which a breach can be prosecuted', () => {
    const [finding] = findings('5.1 A breach of LSR 2032 cannot lead to prosecution.');
    expect(finding).toMatchObject({
      quote: 'A breach of LSR 2032 cannot lead to prosecution',
      explanation:
        'The policy says "A breach of LSR 2032 cannot lead to prosecution", but a breach of LSR 2032 can be prosecuted: "It is one of the laws under which a breach can be prosecuted directly where it causes harm."',
      suggestion: 'Correct the statement: say that a breach of LSR 2032 can be prosecuted, as the library sets out.',
    });
    expect(quotes('The HSE cannot prosecute a breach of LSR 2032.')).toEqual(['The HSE cannot prosecute']);
    // The force of a code of practice denied beside the law it cites is the code's (the claims reading's), not the law's.
    expect(
      quotes('Not following the code is not in itself an offence, but inspectors use it when judging compliance with LSR 2032.'),
    ).toEqual([]);
    expect(quotes('The HSE has no power to prosecute a breach of LSR 2032.')).toEqual(['The HSE has no power to prosecute']);
    expect(quotes('A breach of KWR 2031 cannot lead to prosecution.')).toEqual([]);
  });
});

describe('the body a policy says enforces a law it cites', () => {
  it('reports a body the law does not name, with the bodies it does', () => {
    const [finding] = findings('2.4 KWR 2031 is enforced by the Health and Safety Executive, which inspects the kitchens.');
    expect(finding).toMatchObject({
      quote: 'KWR 2031 is enforced by the Health and Safety Executive',
      explanation:
        'The policy says "KWR 2031 is enforced by the Health and Safety Executive", but KWR 2031 is enforced by CQC: "KWR 2031 is law, enforced by the Care Quality Commission through its civil powers."',
      suggestion: 'Name the body that enforces KWR 2031: CQC.',
      evidence: [{ code: 'KWR 2031', elementIds: ['kwr-2031.md#0'] }],
    });
    expect(quotes('The local fire and rescue authority enforces LSR 2032.')).toEqual(['The local fire and rescue authority enforces']);
  });

  it('leaves a body the law names, one of several named, a denial, and a law that names no enforcer', () => {
    expect(quotes('LSR 2032 is enforced by the HSE.')).toEqual([]);
    expect(quotes('LSR 2032 is enforced by the police and the local authority.')).toEqual([]);
    expect(quotes('KWR 2031 is not enforced by the HSE but by the CQC.')).toEqual([]);
    const silent = ownLibrary({ id: 'mwr-2030.md', code: 'MWR 2030', title: 'Mop Washing Regulations 2030', edition: '2030' }, [
      ['Wash mops daily.', ['Key duties']],
    ]);
    const policy = paragraphPolicy('Mops', 'Mops follow MWR 2030.', ['MWR 2030 is enforced by the HSE.']);
    expect(requirementFindings(policy, citeLibrary(policy.elements, silent), silent)).toEqual([]);
  });

  it('reads a law named by its subject where the sentence cites none, the principal law first', () => {
    const trap = (title: string, id: string, code: string, said: string) =>
      ownLibrary({ id, code, title, edition: '2030' }, [[said, ['Legal status']]]).documents;
    const grease: ReviewLibrary = {
      documents: [
        ...trap(
          'Grease Trap (Amendment) Regulations 2030',
          'gtr-2030.md',
          'GTR 2030',
          'The Regulations are enforced by the Environment Agency.',
        ),
        ...trap('Grease Traps Act 2010', 'gta-2010.md', 'GTA 2010', 'The Act is enforced by the Environment Agency and water undertakers.'),
        ...trap('Grease Regulations 2029', 'gr-2029.md', 'GR 2029', 'The Regulations are enforced by local authorities.'),
      ],
    };
    const found = (text: string) => {
      const policy = paragraphPolicy('Kitchen drains', 'Drains are kept clear.', [text]);
      return requirementFindings(policy, citeLibrary(policy.elements, grease), grease).map((finding) => [
        finding.quote,
        finding.evidence[0]?.code,
      ]);
    };
    expect(found('4.1 Grease trap cleaning is enforced by the local authority.')).toEqual([
      ['Grease trap cleaning is enforced by the local authority', 'GTA 2010'],
    ]);
    expect(found('4.1 Grease trap cleaning is enforced by the Environment Agency.')).toEqual([]);
    // A law's subject said in other words or another order, or a law whose title has one subject word, is not named.
    expect(found('4.1 Traps for grease are enforced by the local authority.')).toEqual([]);
    expect(found('4.1 Grease is enforced by the HSE.')).toEqual([]);
  });

  it('leaves a sentence whose other law is enforced by the body it names', () => {
    expect(quotes('Under KWR 2031 and LSR 2032, both enforced by the HSE, the laundry keeps records.')).toEqual([]);
  });
});
