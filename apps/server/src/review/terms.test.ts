import { describe, expect, it } from 'vitest';
import { seedReviewLibrary } from '../eval/review-set.ts';
import { termFindings } from './terms.ts';
import type { LibraryDocument, Policy, PolicyElement, ReviewLibrary } from './types.ts';

type Block = [PolicyElement['type'], string, string[]?];

function policy(title: string, blocks: Block[]): Policy {
  return {
    title,
    elements: [
      { index: 0, type: 'title', text: title, page: 1, headingPath: [] },
      ...blocks.map(([type, text, headingPath = []], index) => ({ index: index + 1, type, text, page: 1, headingPath })),
    ],
  };
}

function libraryOf(code: string, texts: string[]): ReviewLibrary {
  const document: LibraryDocument = {
    id: 'doc.md',
    code,
    title: 'A library document',
    status: 'current',
    edition: '2020',
    supersededBy: null,
    supersedes: [],
    domain: 'estates',
    subdomain: 'general',
    elements: texts.map((text, index) => ({ id: `doc.md#${index}`, type: 'paragraph', text, headingPath: [] })),
  };
  return { documents: [document] };
}

const emptyLibrary: ReviewLibrary = { documents: [] };
const of = (findings: ReturnType<typeof termFindings>, category: string) => findings.filter((finding) => finding.category === category);
/** The inconsistent names a policy's review reports, each with the name it says is used instead. */
const namedTwoWays = (title: string, blocks: Block[]) =>
  of(termFindings(policy(title, blocks), emptyLibrary), 'inconsistent_term').map((finding) => [finding.quote, finding.expected]);

describe('undefined acronyms', () => {
  it('reports an acronym used without a definition once, quoting the phrase and spelling it out from the library', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['paragraph', 'Boilers are monitored remotely, and each FDV alarm is logged.'],
        ['paragraph', 'FDV alarms are reviewed weekly.'],
      ]),
      libraryOf('HTM 99', ['Fit a flue damper valve (FDV) to each boiler.']),
    );
    expect(of(findings, 'undefined_acronym')).toMatchObject([
      {
        quote: 'and each FDV alarm is',
        expected: 'Define at first use: flue damper valve (FDV)',
        severity: 'low',
        location: { element: 1 },
      },
    ]);
  });

  it('accepts a definition in brackets after the expansion, in a definitions table, or in a plural form', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['paragraph', 'Each combustion analyser report (CARs) and each flue damper valve (FDV) is checked.'],
        ['heading', '4. Definitions'],
        ['table', 'Term | Meaning\nBCP | Boiler control panel.\nAE(B) | Authorising Engineer (Boilers).', ['4. Definitions']],
        ['paragraph', 'The AE(B) audits every BCP and the CAR files; FDVs are tested.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym')).toEqual([]);
  });

  it('accepts an acronym given by "known as" after its expansion, and a paragraph labelled with an expansion and its acronym', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['paragraph', 'Boilers follow the Boiler Plant Rules 2031, known as BP(R)R, and the flue code.'],
        ['paragraph', '5.2 **Authorising Engineer (Boilers), AE(B).** An independent adviser appointed in writing.'],
        ['paragraph', '5.3 **Flue Damper Valve, FDV.** The valve on each flue.'],
        ['paragraph', '5.4 **Combustion Analyser, XRT.** Not its initials, so not its definition.'],
        ['paragraph', 'The AE(B) audits BP(R)R compliance; each FDV and each XRT report is checked.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym').map((finding) => finding.quote)).toEqual(['XRT']);
  });

  it('accepts a table row that spells an acronym out, under any heading, and a "Words we use" section as definitions', () => {
    const findings = termFindings(
      policy('Cytotoxic Medicines Policy', [
        ['heading', '3. Equipment'],
        [
          'table',
          'Closed transfer | Used on the wards\nCSTD | Closed-system transfer device: a connector that stops leaks.',
          ['3. Equipment'],
        ],
        ['heading', '4. Words we use'],
        ['table', 'Isolator | A sealed cabinet.\nSACT | Systemic anti-cancer therapy.', ['4. Words we use']],
        ['paragraph', 'Nurses attach the CSTD before SACT is given; the FDV and the BSC are checked.'],
        ['table', 'Item | Note\nBSC | Checked every week.'],
      ]),
      emptyLibrary,
    );
    // A row whose words do not spell the acronym out is no definition of it.
    expect(of(findings, 'undefined_acronym').map((finding) => finding.expected)).toEqual([
      'Define at first use: FDV',
      'Define at first use: BSC',
    ]);
  });

  it('reads a glossary table whose header row came out as a paragraph: its first row is an entry', () => {
    const findings = termFindings(
      policy('Sharps Policy', [
        ['heading', '3. Words used in this policy'],
        ['paragraph', 'Term Meaning in this policy', ['3. Words used in this policy']],
        [
          'table',
          'BBV | Blood-borne virus, such as hepatitis B or C.\nOH | Occupational health, the provider the practice contracts.',
          ['3. Words used in this policy'],
        ],
        ['paragraph', 'After an injury the BBV risk is assessed by OH and the EPP status is checked.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym').map((finding) => finding.expected)).toEqual(['Define at first use: EPP']);
  });

  it('reads capitals with single small letters between them (DoLS) as an acronym, defined or not, and names as no acronym', () => {
    const findings = termFindings(
      policy('Consent Policy', [
        ['paragraph', 'Advice on the DoLS process comes from the safeguarding team; EoLC plans follow the End of Life Care (EoLC) guide.'],
        ['paragraph', 'Ms McKenzie and Dr LeBlanc, who holds a PhD, review the PowerPoint.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym').map((finding) => finding.expected)).toEqual(['Define at first use: DoLS']);
  });

  it('ignores document codes, citations, library short names, NHS, UK, Roman numerals and capitalised words', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['paragraph', 'The NHS in the UK follows HTM 07-02, BS EN 12828 and HSG253; Part II applies.'],
        ['paragraph', 'Staff MUST follow COSHH and tell their GP about COVID-19. You must report leaks.'],
      ]),
      seedReviewLibrary(),
    );
    expect(of(findings, 'undefined_acronym')).toEqual([]);
  });

  it("reads a code's series in capitals, a common word in capitals and a series letter before a number as no acronym", () => {
    const findings = termFindings(
      policy('Lift Safety Policy', [
        ['table', 'Field | Value\nStatus | CURRENT\nApproval | APPROVED'],
        ['paragraph', 'Lifting accessories follow ACOP L113 and the examination scheme.'],
      ]),
      seedReviewLibrary(),
    );
    expect(of(findings, 'undefined_acronym')).toEqual([]);
  });

  it('still reports capitals at the end of a table row when the next row opens with a version number', () => {
    const findings = termFindings(
      policy('Business Continuity Policy', [['table', 'Version | Change\nV2 | Reviewed for the transfer to CECS CIC\nV2.1 | Name change']]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym').map((finding) => finding.expected)).toContain('Define at first use: CECS');
  });

  it('reads an acronym with a bracket inside it as one defined acronym, and capitals closing a numbered instrument as its citation', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['paragraph', 'Flues follow the Boiler (Flue Gas) Rules 2019 (BR(FG)R) and Council Regulation 44/2001/EEC.'],
        ['paragraph', 'The BR(FG)R apply to every flue; records go to the duty holder.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym')).toEqual([]);
  });
});

describe('undefined acronyms in a real layout', () => {
  const header = (page: number): Block => [
    'paragraph',
    `BROOKVALE HOSPITALS BOILER PLANT POLICY UNCONTROLLED WHEN PRINTED Page ${page} of 9`,
  ];

  it('skips running headers, the cover in capitals, headings in capitals and the contents list', () => {
    const findings = termFindings(
      policy('BOILER PLANT POLICY', [
        ['paragraph', 'BROOKVALE HOSPITALS'],
        ['paragraph', 'ESTATES AND SOFT SERVICES DIRECTORATE'],
        header(2),
        ['heading', 'Contents'],
        ['list_item', 'Boiler plant .......... 3', ['Contents']],
        ['list_item', 'Monitoring .......... 4', ['Contents']],
        header(3),
        ['heading', '1. BOILERS'],
        ['paragraph', 'Brookvale Hospitals keeps its boilers in good order; the estates team inspects them.'],
        header(4),
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym')).toEqual([]);
  });

  it('still reports an acronym in the running text of the same policy, at its first use in a sentence', () => {
    const findings = termFindings(
      policy('BOILER PLANT POLICY', [header(2), ['paragraph', '4.5 FDV. Each boiler has an FDV that the engineer checks.'], header(3)]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym')).toMatchObject([{ quote: 'has an FDV that the', location: { element: 2 } }]);
  });

  it('reads reference numbers, publishers opening a title and plurals before a bracket as no new acronym', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['paragraph', 'Document reference: BP-POL-12. Engineers follow the QRS Boiler Regulations.'],
        ['paragraph', 'Policy reference number: POL-B&P-PLANT. Mail follows the Post (XY Directive) Regulations 2003.'],
        ['paragraph', 'TRUST-WIDE NON-CLINICAL POLICY DOCUMENT'],
        ['paragraph', 'An Authorised Person (Boilers) (AP(B)) issues permits; APs(B) are appointed in writing.'],
        ['paragraph', 'This procedural document supersedes: PAT/T 43 v.1 – Nutrition Policy.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'undefined_acronym')).toEqual([]);
    // Capitals and a slash with no number after them are still read.
    const slashed = termFindings(policy('Boiler Plant Policy', [['paragraph', 'Faults go to the QRT/X desk first.']]), emptyLibrary);
    expect(of(slashed, 'undefined_acronym')).toHaveLength(1);
  });
});

describe('broken cross-references', () => {
  const outline: Block[] = [
    ['heading', '1. Introduction'],
    ['paragraph', '1.1 This policy covers boilers.'],
    ['heading', '2. Procedure'],
    ['paragraph', '2.1 Boilers are inspected monthly.'],
    ['paragraph', '2.2 Faults are reported as in section 1 and Appendix A.'],
    ['heading', 'Appendix A: Fault log'],
  ];

  it('reports sections, paragraphs and appendices that the policy does not have', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [...outline, ['paragraph', 'See section 2.4, paragraph 5 and the form in Appendix C.']]),
      emptyLibrary,
    );
    expect(of(findings, 'broken_cross_reference').map((finding) => [finding.quote, finding.expected])).toEqual([
      ['section 2.4', 'Section 2 has 2.1 and 2.2 only'],
      ['paragraph 5', "The policy's sections run from 1 to 2"],
      ['Appendix C', "The policy's appendices are A only"],
    ]);
  });

  it('leaves references that exist or that point into another document', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ...outline,
        ['paragraph', 'Duties under section 3 of the Health and Safety at Work etc. Act 1974 and the Act 1974, section 7, apply.'],
        ['paragraph', 'Follow section 2.1 of this policy and paragraph 4 of HTM 07-02.'],
        ['heading', '3. References'],
        ['list_item', 'Health and Safety at Work etc. Act 1974, section 2.', ['3. References']],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'broken_cross_reference')).toEqual([]);
  });

  it('reports a form the policy heads none of, and leaves a kind of part it does not head', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ...outline,
        ['heading', 'Form 1 – Fault report'],
        ['heading', 'Form 2 – Permit'],
        ['paragraph', 'Faults are recorded on Form 2; the combined procedure is set out in Form 7, with the intervals in Table 3.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'broken_cross_reference').map((finding) => [finding.quote, finding.expected])).toEqual([
      ['Form 7', "The policy's forms are 1 and 2 only"],
    ]);
  });
});

describe('inconsistent terms', () => {
  it('reports a role named once in a different way after the policy subject', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['heading', '5.1 Boiler Manager'],
        ['paragraph', 'The Boiler Manager keeps the log. The Boiler Manager reports faults.'],
        ['paragraph', 'Contractors report to the Boiler Supervisor... then the Boiler Coordinator.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term').map((finding) => [finding.quote, finding.expected])).toEqual([
      ['Boiler Coordinator', 'Boiler Manager'],
    ]);
  });

  it('reads an established title with the organisation in front, or in the document control table, as the same name', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['table', 'Item | Detail\nOwner | Boiler Plant Lead Officer', ['Document control']],
        ['heading', '5.1 Boiler Manager'],
        ['paragraph', 'The Boiler Manager keeps the log. The Boiler Manager reports faults to the Boiler Inspectors.'],
        ['paragraph', 'The Hospital Boiler Manager signs the annual return.'],
        ['paragraph', 'The Boiler Inspectors visit each year.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term')).toEqual([]);
  });

  it('reads post holders in a version history or a line of control fields as document control, not the body', () => {
    const body: Block[] = [
      ['heading', '3. Boiler Manager'],
      ['paragraph', 'The Boiler Manager keeps the log. The Boiler Manager reports faults.'],
    ];
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        [
          'table',
          'Version | Date | Author | Changes\n1.0 | May 2019 | Boiler Coordinator | First issue\n2.0 | May 2024 | Boiler Manager | Revised',
        ],
        ['paragraph', 'Owner: Boiler Plant Lead. Approved by the Estates Committee.'],
        ...body,
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term')).toEqual([]);
    // The same name in the body is reported.
    const inBody = termFindings(
      policy('Boiler Plant Policy', [...body, ['paragraph', 'Contractors report to the Boiler Coordinator.']]),
      emptyLibrary,
    );
    expect(of(inBody, 'inconsistent_term').map((finding) => finding.quote)).toEqual(['Boiler Coordinator']);
  });

  it('reports a near spelling of an established title', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['heading', '5.2 Authorising Engineer (Boilers)'],
        ['paragraph', 'The Authorising Engineer (Boilers) audits the plant.'],
        ['paragraph', 'The Authorised Engineer (Boilers) signs the report.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term')).toMatchObject([
      { quote: 'Authorised Engineer (Boilers)', expected: 'Authorising Engineer (Boilers)' },
    ]);
  });

  it('does not report distinct roles, deputies, different kinds of name or roles outside the subject', () => {
    const findings = termFindings(
      policy('Boiler Plant Policy', [
        ['heading', '5.1 Boiler Manager'],
        ['paragraph', 'The Boiler Manager chairs the Boiler Safety Group, which meets quarterly.'],
        ['paragraph', 'The Deputy Boiler Manager stands in. The Director of Estates approves the plan.'],
        ['paragraph', 'The Estates Manager and the Boiler Safety Group review the log.'],
        ['paragraph', 'The Authorised Person (Boilers) and the Competent Person (Boilers) work to the permit.'],
      ]),
      seedReviewLibrary(),
    );
    expect(of(findings, 'inconsistent_term')).toEqual([]);
  });

  it('reports a post or body named once with another head word for the same subject', () => {
    const findings = termFindings(
      policy('Site Access Policy', [
        ['heading', '4.1 Head of Parking'],
        ['paragraph', 'The Head of Parking keeps the permit register. The Head of Parking reviews complaints.'],
        ['paragraph', 'Refunds are approved by the Parking Manager.'],
        ['paragraph', 'The Barrier Review Group meets monthly. Minutes of the Barrier Review Group are kept.'],
        ['paragraph', 'Faults are reported to the Barrier Review Committee each year.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term').map((finding) => [finding.quote, finding.expected])).toEqual([
      ['Parking Manager', 'Head of Parking'],
      ['Barrier Review Committee', 'Barrier Review Group'],
    ]);
  });

  it('reports a post named once for the one of several on its subject whose words it shares, and a body named in full for its abbreviation', () => {
    const findings = termFindings(
      policy('Lone Working Policy', [
        ['paragraph', 'The Health and Safety Adviser maintains this policy. The Health and Safety Adviser reviews incidents.'],
        ['paragraph', 'The Fire Safety Adviser checks escape routes. The Fire Safety Adviser signs the log.'],
        ['paragraph', 'The manager reviews each incident with the Health and Safety Officer.'],
        ['paragraph', 'The IG Group approves the policy. The IG Group receives the audit.'],
        ['paragraph', 'Breaches are reported to the Information Governance Committee.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term').map((finding) => [finding.quote, finding.expected])).toEqual([
      ['Health and Safety Officer', expect.stringContaining('Health and Safety Adviser')],
      ['Information Governance Committee', expect.stringContaining('IG Group')],
    ]);
  });

  it('reports a team or department named once by another word for the same subject, but not two teams that share the policy subject', () => {
    const findings = termFindings(
      policy('Pest Control Policy', [
        ['paragraph', 'The Pest Prevention and Control Team inspects the kitchens. The Pest Prevention and Control Team keeps the log.'],
        ['paragraph', 'The Pest Investigation Unit samples droppings. The Pest Investigation Unit reports monthly.'],
        ['paragraph', 'Sightings out of hours are phoned to the Pest Control Department.'],
        ['paragraph', 'Bait stations are placed by the Pest Contractor Service.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term').map((finding) => [finding.quote, finding.expected])).toEqual([
      ['Pest Control Department', 'Pest Prevention and Control Team'],
    ]);
  });

  it('does not report a head word change where the policy names several posts on that subject, or a name used twice', () => {
    const findings = termFindings(
      policy('Site Access Policy', [
        [
          'paragraph',
          'The Head of Parking and the Parking Director agree the charges. The Head of Parking and the Parking Director sign them.',
        ],
        ['paragraph', 'Refunds are approved by the Parking Manager.'],
        ['paragraph', 'The Barrier Review Group meets monthly. Minutes of the Barrier Review Group are kept.'],
        ['paragraph', 'The Barrier Review Committee reports to it. The Barrier Review Committee meets yearly.'],
      ]),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term')).toEqual([]);
  });

  it('reports a post named once doing what the roles section gives another post to do', () => {
    const roles = ['4. Roles and responsibilities'];
    const blocks = (odd: string): Block[] => [
      ['heading', '4. Roles and responsibilities'],
      ['paragraph', '4.1 The Health and Safety Lead decides whether each event is reportable and submits reports to the HSE.', roles],
      ['paragraph', '4.2 The Home Manager records every accident on the same shift and tells the Health and Safety Lead.', roles],
      ['paragraph', '4.3 The Home Manager tracks absence after an injury at work.', roles],
      ['heading', '7. Making a report'],
      ['paragraph', '7.1 The Health and Safety Lead makes all reports using the online forms.', ['7. Making a report']],
      ['paragraph', odd, ['7. Making a report']],
    ];
    const findings = termFindings(
      policy(
        'Incident Reporting Procedure',
        blocks('7.2 Out of hours, the Compliance Manager submits the report to the HSE the next day.'),
      ),
      emptyLibrary,
    );
    expect(of(findings, 'inconsistent_term').map((finding) => [finding.quote, finding.expected])).toEqual([
      ['Compliance Manager', 'Health and Safety Lead'],
    ]);
    // A post doing something no post of the roles section is given is a post of its own.
    const other = termFindings(
      policy('Incident Reporting Procedure', blocks('7.2 The Catering Manager orders the first aid supplies for the kitchen.')),
      emptyLibrary,
    );
    expect(of(other, 'inconsistent_term')).toEqual([]);
  });

  it('reports a body named once doing what the policy gives another body to do, and not one the same sentence names beside it', () => {
    const blocks = (odd: string): Block[] => [
      ['paragraph', '3.1 Accident statistics are reviewed by the Health and Safety Group each quarter.'],
      ['paragraph', '3.2 The Health and Safety Group reviews the accident statistics and the training figures.'],
      ['paragraph', '3.3 The Finance Committee approves the budget for safety equipment.'],
      ['paragraph', '3.4 The Finance Committee sets the budget each year.'],
      ['paragraph', odd],
    ];
    const findings = (odd: string) => namedTwoWays('Health and Safety Policy', blocks(odd));
    expect(findings('9.1 The Compliance Board reviews the accident statistics every quarter.')).toEqual([
      ['Compliance Board', 'Health and Safety Group'],
    ]);
    // Two bodies in one sentence are two bodies, and so are a body and the one the sentence before names as "it".
    expect(findings('9.1 The Health and Safety Group reviews the accident statistics and sends them to the Compliance Board.')).toEqual([]);
    expect(
      findings('9.1 The Health and Safety Group meets monthly. It reviews the accident statistics and reports to the Compliance Board.'),
    ).toEqual([]);
    // A body doing what no other body is given to do is a body of its own.
    expect(findings('9.1 The Patient Panel chooses the colours of the new wards.')).toEqual([]);
  });

  it('counts a name used by the abbreviation it was given as used', () => {
    const findings = (uses: string) =>
      namedTwoWays('Water Safety Policy', [
        ['paragraph', '2.1 The Water Safety Group (WSG) oversees the water safety plan.'],
        ['paragraph', uses],
        ['paragraph', '6.1 Flushing records are sent to the Water Hygiene Committee.'],
      ]);
    expect(findings('2.2 The WSG meets monthly and the WSG reviews the risk assessment.')).toEqual([
      ['Water Hygiene Committee', 'Water Safety Group (WSG)'],
    ]);
    expect(findings('2.2 The group meets monthly.')).toEqual([]);
  });

  it("reports the policy's approval given to a body other than the one document control names", () => {
    const findings = (sentence: string) =>
      namedTwoWays('Waste Policy', [
        ['table', 'Field | Detail\nVersion | 2.0\nApproving committee | Quality and Safety Committee (QSC)'],
        ['heading', '1. Purpose'],
        ['paragraph', '1.1 Waste is segregated at source. Changes are reported to the Quality and Safety Committee.'],
        ['paragraph', sentence],
      ]);
    expect(findings('6.4 This revision was approved by the Clinical Governance Committee in May.')).toEqual([
      ['Clinical Governance Committee', 'Quality and Safety Committee'],
    ]);
    expect(findings('6.4 The waste budget was approved by the Finance Committee in May.')).toEqual([]);
    expect(findings('6.4 This revision was approved by the Quality and Safety Committee in May.')).toEqual([]);
  });

  it('reports a title the library says is the equivalent of the one the policy uses', () => {
    const library = libraryOf('Roles', []);
    library.documents[0]?.elements.push({
      id: 'doc.md#0',
      type: 'table',
      text: 'Role | Where defined\nPlant Director | Boiler guidance (in steam guidance the equivalent is the Steam Manager)',
      headingPath: [],
    });
    const findings = termFindings(
      policy('Steam Plant Policy', [
        ['heading', '5.1 Steam Manager'],
        ['paragraph', 'The Steam Manager is accountable to the board.'],
        ['paragraph', 'Reports go to the Plant Director (Steam).'],
      ]),
      library,
    );
    expect(of(findings, 'inconsistent_term')).toMatchObject([
      { quote: 'Plant Director (Steam)', expected: 'Steam Manager', evidence: [{ documentId: 'doc.md', elementIds: ['doc.md#0'] }] },
    ]);
  });
});
