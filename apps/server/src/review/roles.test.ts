import { describe, expect, it } from 'vitest';
import { seedReviewLibrary } from '../eval/review-set.ts';
import { citeLibrary } from './references-cite.ts';
import { roleFindings } from './roles.ts';
import type { Citation, LibraryDocument, LibraryElement, Policy, PolicyElement, ReviewLibrary } from './types.ts';

const library = seedReviewLibrary();

function policy(...paragraphs: string[]): Policy {
  const elements = paragraphs.map((text, index): PolicyElement => ({ index, type: 'paragraph', text, page: 1, headingPath: [] }));
  return { title: 'Engineering policy', elements };
}

/** A passage that makes a policy an NHS trust's own: a public authority, as data protection law counts them. */
const TRUST = 'Northmoor Hospitals NHS Trust: the Trust applies this policy at every site, and the Trust Board approves it.';

/** The policy with one more paragraph at its end. */
function withPassage(input: Policy, text: string): Policy {
  return { ...input, elements: [...input.elements, { index: input.elements.length, type: 'paragraph', text, page: 1, headingPath: [] }] };
}

function expectedRoles(input: Policy, citations: Citation[] = []): (string | null)[] {
  return roleFindings(input, citations, library).map((finding) => finding.expected);
}

describe('roleFindings', () => {
  it('reports the Authorising Engineer a cited HTM names for the service when the policy names none', () => {
    const input = policy(
      'This policy follows HTM 06-03 for the 11 kV ring main and HTM 06-02 for low voltage (LV) systems.',
      'The Authorising Engineer (LV) reports to the Electrical Safety Group. Switching is done by an AP(HV).',
    );
    const [finding, ...rest] = roleFindings(input, [], library);
    expect(rest).toEqual([]);
    // The Authorising Engineer is named by guidance, not by any Act or Regulations: a governance gap, not a breach of law.
    expect(finding).toMatchObject({
      category: 'missing_statutory_role',
      severity: 'medium',
      location: null,
      quote: null,
      expected: 'Authorising Engineer (HV)',
    });
    expect(finding?.explanation).toContain(
      'No Act or Regulations in the library name this role, so its absence is a gap against guidance rather than a breach of the law.',
    );
    expect(finding?.evidence[0]?.code).toBe('HTM 06-03');
    expect(finding?.evidence[0]?.elementIds[0]).toMatch(/^htm-06-03-high-voltage-electrical-safety\.md#\d+$/);
  });

  it('accepts abbreviations and the service in words as naming the role', () => {
    const cited = 'The Trust applies HTM 06-03 to its high voltage (HV) network and HTM 06-02 to LV.';
    expect(expectedRoles(policy(cited, 'The AE(HV) and AE (LV) report to the Electrical Safety Group.'))).toEqual([]);
    expect(
      expectedRoles(
        policy(
          cited,
          'An Authorising Engineer for high voltage systems and an Authorising Engineer (LV) sit on the electrical safety group.',
        ),
      ),
    ).toEqual([]);
  });

  it('reports a role peculiar to the service and the safety group of the cited HTM', () => {
    const mgps = policy('Piped medical gases are managed under HTM 02-01 Part B.', 'The AE(MGPS) and AP(MGPS) are appointed in writing.');
    expect(expectedRoles(mgps)).toEqual(['Quality Controller (MGPS)']);
    const named = policy('Piped medical gases are managed under HTM 02-01 Part B.', 'The AE(MGPS), AP(MGPS) and QC (MGPS) are appointed.');
    expect(expectedRoles(named)).toEqual([]);

    const ventilation = policy('Theatre air handling follows HTM 03-01 Part B.', 'The AE(V) audits the AP(V)s every year.');
    expect(expectedRoles(ventilation)).toEqual(['Ventilation Safety Group']);
  });

  it('never asks for generic or locally variable titles', () => {
    const water = policy(
      'Hot and cold water systems are managed under HTM 04-01 Part B and ACoP L8.',
      'The Water Safety Group oversees the plan; the AE(W) audits it; the Responsible Person (Water) runs it day to day.',
    );
    expect(expectedRoles(water)).toEqual([]);
  });

  it('asks for a Data Protection Officer where the policy relies on data protection law', () => {
    const cctv = 'CCTV recordings are personal data processed under UK GDPR.';
    expect(expectedRoles(policy(cctv, 'The Information Governance Manager approves disclosures.'))).toEqual(['Data Protection Officer']);
    expect(expectedRoles(policy(cctv, 'The DPO advises on disclosures.'))).toEqual([]);
  });

  it('gives a role the law names high severity and says it is required in law', () => {
    const cctv = 'CCTV recordings are personal data processed under UK GDPR.';
    const [finding] = roleFindings(policy(cctv, 'The Information Governance Manager approves disclosures.'), [], library);
    expect(finding).toMatchObject({ severity: 'high', expected: 'Data Protection Officer' });
    // The library's roles table gives the role as a list; it is quoted after a colon, not made a sentence of its own.
    expect(finding?.explanation).toMatch(
      /^DPA 2018 \+ UK GDPR requires the Data Protection Officer in law\. The library sets out the role as: independent advice and monitoring; contact point for the ICO and data subjects; advises on DPIAs\. The policy does not name this role\.$/,
    );
  });

  it('does not ask for the roles of a law cited once in passing outside the topic', () => {
    const dpa = library.documents.find((document) => document.code === 'DPA 2018 + UK GDPR');
    if (!dpa) throw new Error('the library holds DPA 2018 + UK GDPR');
    const titled = (...paragraphs: string[]): Policy => ({ ...policy(...paragraphs), title: 'Lifting equipment policy' });
    const at = (element: number): Citation => ({ document: dpa, location: { element, start: 0, end: 3 }, said: 'DPA' });
    const once = titled(
      'Lifts are thoroughly examined under LOLER 1998.',
      'Tenant details in the logbook are handled under the Data Protection Act 2018.',
    );
    expect(expectedRoles(once, [at(1)])).toEqual([]);
    const twice = titled(
      'Lifts are thoroughly examined under LOLER 1998; lift cameras record passengers under the Data Protection Act 2018.',
      'Recordings are disclosed only as UK GDPR allows.',
      TRUST,
    );
    expect(expectedRoles(twice, [at(0), at(1)])).toEqual(['Data Protection Officer']);
  });

  it('asks for a role the library gives for healthcare premises only in a policy for healthcare premises', () => {
    const housing = policy(
      'Water hygiene in our sheltered housing schemes follows HSG274.',
      'The Responsible Person (Water) holds the logbook.',
    );
    expect(expectedRoles(housing)).not.toContain('Water Safety Group');
    const hospital = policy(
      'Water hygiene in the hospital follows HSG274.',
      'The Responsible Person (Water) holds the logbook for each ward; clinical staff report faults from patients’ rooms.',
    );
    expect(expectedRoles(hospital)).toContain('Water Safety Group');
  });

  it('reads a law on the policy topic as governing it even when guidance shares more of the title', () => {
    const input: Policy = {
      ...policy('Radiation work follows the Ionising Radiations Regulations 2017 and IR(ME)R 2017.', 'The RPS supervises each area.'),
      title: 'Radiation protection and medical exposures policy',
    };
    expect(expectedRoles(input)).toContain('Radiation Protection Adviser');
  });

  it('reads the documents that replace a cited superseded edition', () => {
    const superseded = library.documents.find((document) => document.code === 'HTM 06-02 (2006)');
    if (!superseded) throw new Error('the library holds HTM 06-02 (2006)');
    const input = policy('Low voltage work follows the electrical safety guidance.', 'Authorised Persons control isolations.');
    const citation: Citation = { document: superseded, location: { element: 0, start: 0, end: 3 }, said: 'Low' };
    expect(expectedRoles(input, [citation])).toEqual(['Authorising Engineer (LV)', 'Electrical safety group']);
  });

  it('reports nothing for a policy that relies on no document with such roles', () => {
    expect(expectedRoles(policy('Staff wear identity badges at all times.', 'Roles and responsibilities are set out below.'))).toEqual([]);
  });

  it("requires only the roles of the documents that govern the policy title's topic", () => {
    const titled = (title: string, ...paragraphs: string[]): Policy => ({ ...policy(...paragraphs), title });
    const passing = titled(
      'Steam boiler and pressure vessel policy',
      'Pressure plant is examined under the Pressure Systems Safety Regulations 2000.',
      'Oxygen manifolds follow HTM 02-01 Part B, and autoclaves follow HTM 01-01.',
    );
    expect(expectedRoles(passing)).toEqual([]);
    const governing = titled('Medical gas pipeline systems policy', 'The pipeline is managed under HTM 02-01 Part B.');
    expect(expectedRoles(governing)).toContain('Quality Controller (MGPS)');
  });

  it('takes on only the roles of laws the policy relies on when the title names a subject no document is written for', () => {
    const titled = (title: string, ...paragraphs: string[]): Policy => ({ ...policy(...paragraphs), title });
    const cited = [
      TRUST,
      'Isolations follow HTM 06-02 for low voltage (LV) systems.',
      'Footage of sites is handled under the Data Protection Act 2018.',
      'Requests for footage are decided under data protection law.',
      'Recordings are personal data; data protection training is given to the catering supervisors.',
    ];
    expect(expectedRoles(titled('Visitor catering policy', ...cited))).toEqual(['Data Protection Officer']);
    // A general title (an estates or engineering policy) names no subject: every relied document stands.
    expect(expectedRoles(titled('Estates engineering policy', ...cited))).toContain('Authorising Engineer (LV)');
  });

  it('does not take on the roles of a law cited once in passing by a policy on a subject no document is written for', () => {
    const mortuary: Policy = {
      ...policy(
        'Body store temperatures are checked twice a day.',
        'Staff records are kept under the Data Protection Act 2018.',
        'Infection risks are assessed under the Health and Social Care Act 2008 code of practice.',
      ),
      title: 'Mortuary body store policy',
    };
    expect(expectedRoles(mortuary)).toEqual([]);
  });

  it('does not read a lower-case note in a document title as the service it governs', () => {
    const titled = (title: string, ...paragraphs: string[]): Policy => ({ ...policy(...paragraphs), title });
    const passing = titled('Medical devices policy', 'Surgical instruments are reprocessed in line with HTM 01-01.');
    expect(expectedRoles(passing)).toEqual([]);
    const governing = titled('Surgical instrument decontamination policy', 'Surgical instruments are reprocessed in line with HTM 01-01.');
    expect(expectedRoles(governing)).toContain('Authorising Engineer (Decontamination)');
  });

  it('keeps a role that a law requires of every organisation whatever the topic', () => {
    const input: Policy = {
      ...policy(
        'Access control footage is handled under the Data Protection Act 2018.',
        'Number plates read by the cameras are personal data under data protection law.',
        'The Car Parks Manager decides requests for copies of footage under data protection law.',
        TRUST,
      ),
      title: 'Car parking and access control policy',
    };
    expect(expectedRoles(input)).toEqual(['Data Protection Officer']);
  });

  it("asks for a role the law makes mandatory for public authorities of others only in a policy on that law's subject", () => {
    const independent = (title: string, ...paragraphs: string[]): Policy => ({
      ...policy('Larchbrook Hospice is an independent charity registered with the CQC.', ...paragraphs),
      title,
    });
    const supervision = independent(
      'Staff supervision and appraisal policy',
      'Supervision notes are personal data held under the Data Protection Act 2018.',
      'Appraisal records are kept under data protection law and shared only with the member of staff.',
      'Data protection training is part of every appraisal.',
    );
    expect(expectedRoles(supervision)).toEqual([]);
    // The same policy of a public authority (an NHS trust, a council or an NHS practice) asks for the DPO.
    expect(expectedRoles(withPassage(supervision, TRUST))).toEqual(['Data Protection Officer']);
    const council = [
      "Riverside Council runs two care homes: the Council applies this policy to both, and the Council's managers check it.",
    ];
    expect(
      expectedRoles(independent('Staff supervision and appraisal policy', ...council, ...supervision.elements.slice(1).map((e) => e.text))),
    ).toEqual(['Data Protection Officer']);
    // A policy on data protection itself is on the law's subject, whoever writes it.
    const records = independent(
      'Data protection and confidentiality policy',
      'Personal data is processed under the Data Protection Act 2018 and UK GDPR.',
      'Subject access requests are answered within one month.',
    );
    expect(expectedRoles(records)).toEqual(['Data Protection Officer']);
  });

  it('counts a law named three ways in one passage as cited once', () => {
    const once: Policy = {
      ...policy(
        'Larchbrook Hospice is an independent charity.',
        'Records are kept under the Data Protection Act 2018 and the UK General Data Protection Regulation (UK GDPR).',
        'Each member of staff has a named supervisor.',
      ),
      title: 'Staff supervision policy',
    };
    const citations = citeLibrary(once.elements, library);
    expect(citations.filter((citation) => citation.document.code === 'DPA 2018 + UK GDPR').length).toBeGreaterThan(1);
    expect(expectedRoles(withPassage(once, TRUST), citations)).toEqual([]);
  });

  it('asks for a role the library gives NHS bodies only of an NHS body alone', () => {
    const infection = [
      'Infection prevention and control follows the Hygiene Code.',
      'The infection prevention and control team audits hand hygiene every month.',
    ];
    const trust: Policy = {
      ...policy('Northmoor Hospitals NHS Trust', ...infection, 'The Trust reports its audits to the Trust Board.'),
      title: 'Infection prevention and control policy',
    };
    expect(expectedRoles(trust, citeLibrary(trust.elements, library))).toContain('Director of Infection Prevention and Control');
    const practice: Policy = {
      ...policy('Oakfield Dental Practice', ...infection, 'The Practice Manager reports audits to the partners.'),
      title: 'Infection prevention and control policy',
    };
    expect(expectedRoles(practice, citeLibrary(practice.elements, library))).not.toContain('Director of Infection Prevention and Control');
  });

  it('does not ask a care home that follows hospital estates guidance for its posts and groups', () => {
    const water = [
      'Thermostatic mixing valves are fitted and serviced in line with HTM 04-01 Part A and HTM 04-01 Part B.',
      'Hot water is stored at 60°C and outlets are flushed as ACoP L8 requires.',
    ];
    const home: Policy = {
      ...policy(...water, 'Residents are bathed only after the water is checked.', 'Each care home keeps a record for every resident.'),
      title: 'Hot water safety policy',
    };
    // The ACoP's duty to appoint a responsible person binds the home as any dutyholder; the HTM's posts do not.
    expect(expectedRoles(home)).toEqual(['Responsible person']);
    expect(expectedRoles(withPassage(home, 'The Registered Manager is the responsible person for legionella control.'))).toEqual([]);
    // The role is told by the column of what it does, not the table's last column (its healthcare equivalent).
    // A title in sentence case is a description: within a sentence it reads in lower case.
    const [finding] = roleFindings(home, [], library);
    expect(finding?.explanation).toContain(
      'ACoP L8 recommends the responsible person for this service. The library sets out the role as: appointed in writing by the dutyholder',
    );
    expect(finding?.expected).toBe('Responsible person');
    const hospital: Policy = {
      ...policy(
        ...water,
        'Outlets on every ward are checked.',
        'Patients are bathed only after the water is checked.',
        'Patients at risk of scalds are assessed.',
      ),
      title: 'Hot water safety policy',
    };
    expect(expectedRoles(hospital)).toContain('Water Safety Group');
  });

  it('asks for a post the law says to appoint, though its title is generic', () => {
    const transport = (text: string): Policy => ({
      ...policy(
        'Specimens and clinical waste are carried by road under CDG 2009 and the ADR.',
        'Packages are marked and documented as CDG 2009 requires.',
        text,
      ),
      title: 'Carriage of dangerous goods policy',
    });
    expect(expectedRoles(transport('Drivers are trained before they carry dangerous goods.'))).toEqual(['Dangerous Goods Safety Adviser']);
    expect(expectedRoles(transport('Our Dangerous Goods Safety Adviser writes the annual report.'))).toEqual([]);
  });

  it("does not ask for a system's posts of a policy that never names the system", () => {
    const gases = (text: string): Policy => ({
      ...policy(
        'Medical gas cylinders are stored and handled as HTM 02-01 Part B sets out.',
        text,
        'Patients on the wards receive oxygen from cylinders checked by the ward team.',
        'Clinical staff are trained before they handle medical gases.',
      ),
      title: 'Medical gas safety policy',
    });
    // Cylinders only: the medical gas pipeline systems' posts are not this policy's business.
    const cylinders = expectedRoles(gases('Full and empty cylinders are kept apart in the store.'));
    expect(cylinders.filter((role) => role?.includes('(MGPS)'))).toEqual([]);
    // Named by its acronym or in words, the system brings its posts.
    const piped = expectedRoles(gases('Oxygen is also piped to every ward by the medical gas pipeline system.'));
    expect(piped).toContain('Authorising Engineer (MGPS)');
    expect(expectedRoles(gases('The MGPS serves every ward.'))).toContain('Authorising Engineer (MGPS)');
  });

  it("does not ask a dental or GP practice for hospital estates' water posts, and still asks a hospital", () => {
    const water = [
      'Legionella is controlled as ACoP L8 and HSG274 Part 2 set out, with HTM 04-01 for the treatment rooms.',
      'Sentinel outlets are checked monthly and little-used outlets are flushed weekly.',
      'Patients are treated only after the dental unit water lines are flushed.',
    ];
    const named = (...text: string[]): Policy => ({ ...policy(...water, ...text), title: 'Water safety and Legionella policy' });
    const practice = expectedRoles(
      named('Kestrel Dental Practice: the Practice applies this policy.', 'The Practice Manager keeps the log.'),
    );
    expect(practice).not.toContain('Water Safety Group');
    expect(practice).not.toContain('Authorising Engineer (Water)');
    const hospital = expectedRoles(named('Outlets on every ward are checked.', 'Clinical areas are flushed.'));
    expect(hospital).toContain('Water Safety Group');
  });

  it('accepts a title written with words in front when the library gives it for one service only', () => {
    const input: Policy = {
      ...policy(
        'Instruments are reprocessed under HTM 01-01.',
        'The AE (Decontamination) and the Consultant Microbiologist audit the unit.',
      ),
      title: 'Surgical instrument decontamination policy',
    };
    expect(expectedRoles(input)).toEqual([]);
  });

  it('requires the fire roles of the 2026 edition of HTM 05-01, not the Authorising Engineer (Fire) of 2013', () => {
    const input: Policy = { ...policy('Fire safety is managed under HTM 05-01.'), title: 'Fire safety policy' };
    expect(expectedRoles(input)).toContain('Independent Expert Adviser (Authorising Engineer)');
    expect(expectedRoles(input)).not.toContain('Authorising Engineer (Fire)');
  });
});

describe('roles a document’s duties call for', () => {
  function element(id: string, type: LibraryElement['type'], text: string, heading: string): LibraryElement {
    return { id, type, text, headingPath: [heading] };
  }
  const id = 'psr-2031.md';
  const law: LibraryDocument = {
    id,
    code: 'PSR 2031',
    title: 'Plant Safety Regulations 2031',
    status: 'current',
    edition: '2031',
    supersededBy: null,
    supersedes: [],
    domain: 'Estates',
    subdomain: 'Plant',
    elements: [
      element(`${id}#0`, 'list_item', 'Appoint a Plant Safety Adviser (PSA) in writing before work starts.', 'Key duties'),
      element(`${id}#1`, 'list_item', 'Keep a register of plant and review it each year.', 'Key duties'),
      element(
        `${id}#2`,
        'list_item',
        'Plant Safety Adviser (PSA). A qualified expert consulted on plant risks.',
        'Roles and responsibilities',
      ),
      element(`${id}#3`, 'list_item', 'Plant Register Keeper. Keeps the register up to date.', 'Roles and responsibilities'),
      element(`${id}#4`, 'list_item', 'Boiler Auditor. Independent audit of boilers under HTM 99-01.', 'Roles and responsibilities'),
    ],
  };
  const own: ReviewLibrary = { documents: [law] };
  const titled = (title: string, ...paragraphs: string[]): Policy => ({ ...policy(...paragraphs), title });
  const rolesOf = (input: Policy) => roleFindings(input, [], own).map((finding) => finding.expected);

  it('reports a role the duties of a document on the policy topic call for, and not one they do not', () => {
    const input = titled('Plant safety policy', 'Plant is managed under PSR 2031.', 'The estates manager keeps the register.');
    expect(rolesOf(input)).toEqual(['Plant Safety Adviser']);
    expect(rolesOf(titled('Plant safety policy', 'Plant is managed under PSR 2031.', 'The PSA is consulted on plant risks.'))).toEqual([]);
  });

  it('leaves a role the document assigns under guidance the policy does not rely on', () => {
    const input = titled('Plant safety policy', 'Plant is managed under PSR 2031.', 'The PSA is consulted on plant risks.');
    expect(rolesOf(input)).not.toContain('Boiler Auditor');
  });

  it('does not ask for those roles when the law is cited outside the policy topic', () => {
    const parking: LibraryDocument = { ...law, id: 'cpg.md', code: 'CPG 7', title: 'Car Park Guide', subdomain: 'Parking', elements: [] };
    const input = titled('Car park policy', 'Car parks follow CPG 7.', 'Plant in the car park is managed under PSR 2031.');
    expect(roleFindings(input, [], { documents: [law, parking] })).toEqual([]);
  });
});
