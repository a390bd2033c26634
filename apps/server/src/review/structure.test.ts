import { describe, expect, it } from 'vitest';
import { findDates } from './structure-dates.ts';
import { structureFindings } from './structure.ts';
import type { Policy, PolicyElement } from './types.ts';

const TODAY = '2026-06-15';

/** A policy from blocks: "## …" is a heading, a block with " | " a table, anything else a paragraph. */
function policy(...blocks: string[]): Policy {
  let heading: string | null = null;
  const elements = blocks.map((block, index): PolicyElement => {
    if (block.startsWith('## ')) {
      heading = block.slice(3);
      return { index, type: 'heading', text: heading, page: 1, headingPath: [] };
    }
    const type = block.includes(' | ') ? 'table' : 'paragraph';
    return { index, type, text: block, page: 1, headingPath: heading ? [heading] : [] };
  });
  return { title: 'Pressure Systems Policy', elements };
}

const CONTROL = [
  '## Document control',
  'Item | Detail\nVersion | 1.4\nPolicy owner | Director of Operations\nApproving committee | Risk Committee\nNext review | 30 September 2027',
  '## Version history',
  'Version | Date | Summary of changes\n1.4 | September 2024 | Boiler section updated',
];

const BODY = [
  '## 1. Purpose',
  '1.1 This policy explains how the Trust keeps pressure systems safe.',
  '## 2. Scope',
  '2.1 It covers steam boilers, autoclaves and compressed air plant.',
  '## 3. Definitions',
  'Term | Definition\nWSE | Written scheme of examination',
  '## 4. Roles and responsibilities',
  '4.1 The Chief Engineer manages the written schemes.',
  '## 5. Written schemes of examination',
  '5.1 Every system has a written scheme drawn up by a competent person.',
  '## 6. Training',
  '6.1 Operators are trained before they work on plant.',
  '## 7. Monitoring compliance',
  '7.1 The Chief Engineer audits the examination records each year.',
  '## 8. Equality impact assessment',
  '8.1 No adverse impact on people with protected characteristics was found.',
];

const complete = (...extra: string[]) => policy(...CONTROL, ...BODY, ...extra);
const without = (heading: string, blocks: string[]) => {
  const at = blocks.indexOf(heading);
  return blocks.filter((_, index) => index !== at && index !== at + 1);
};
const categories = (found: ReturnType<typeof structureFindings>) => found.map((finding) => `${finding.category}:${finding.expected}`);

describe('structureFindings', () => {
  it('finds nothing in a complete policy whose review date is in the future', () => {
    expect(structureFindings(complete(), TODAY)).toEqual([]);
  });

  it('reports each essential section that has no heading and no content doing its job', () => {
    const found = structureFindings(policy(...CONTROL, ...without('## 2. Scope', without('## 6. Training', BODY))), TODAY);
    expect(categories(found)).toEqual(['missing_section:scope', 'missing_section:training']);
    expect(found[0]).toMatchObject({ severity: 'medium', quote: null, location: null });
  });

  it('reads a procedure\'s "Function" and guidelines "produced to" as its purpose, and "Within all … premises" as its scope', () => {
    const rest = without('## 1. Purpose', without('## 2. Scope', BODY));
    const found = structureFindings(
      policy(
        ...CONTROL,
        '## 1 FUNCTION',
        '1.1 To ensure that steam plant is operated safely.',
        '## 2 LOCATION',
        '2.1 Within all Trust premises and leased sites where steam plant is installed.',
        ...rest,
      ),
      TODAY,
    );
    expect(categories(found)).toEqual([]);
    const guidelines = structureFindings(
      policy(...CONTROL, '## 1 Summary', 'These guidelines have been produced to:-', ...without('## 1. Purpose', BODY)),
      TODAY,
    );
    expect(categories(guidelines)).toEqual([]);
    // A location that is not the policy's reach is no scope.
    const plant = structureFindings(
      policy(...CONTROL, '## 2 Plant room', '2.1 The boilers sit in the basement.', ...without('## 2. Scope', BODY)),
      TODAY,
    );
    expect(categories(plant)).toEqual(['missing_section:scope']);
  });

  it("finds a purpose and a scope said in a summary by a guideline or protocol of itself, and not by another body's guidance", () => {
    const summary = (purpose: string, scope: string) =>
      policy(...CONTROL, '## 1. Summary of guideline', purpose, scope, ...without('## 1. Purpose', without('## 2. Scope', BODY)));
    const found = (purpose: string, scope: string) => categories(structureFindings(summary(purpose, scope), TODAY));
    expect(found('1.1 This guideline provides advice on protecting patients.', '1.2 The guideline applies to all Trust sites.')).toEqual(
      [],
    );
    expect(found('1.1 This protocol sets out the checks.', '1.2 The protocol applies to every ward.')).toEqual([]);
    expect(found('1.1 This policy makes sure that building work meets the Regulations.', '1.2 The policy applies to every site.')).toEqual(
      [],
    );
    expect(found('1.1 HSE guidance provides advice on protecting patients.', "1.2 The regulator's guidance applies to all sites.")).toEqual(
      ['missing_section:purpose', 'missing_section:scope'],
    );
  });

  it('reads document control under a "Documentation Control" heading, and a scope or training said in the text', () => {
    const control = CONTROL.map((block) => block.replace('## Document control', '## Documentation Control'));
    expect(structureFindings(policy(...control, ...BODY), TODAY)).toEqual([]);
    const body = without('## 2. Scope', without('## 6. Training', BODY));
    const said = [
      '1.2 This policy makes sure that every member of staff knows when to isolate a pressure system.',
      '**A2.5 Training for operators.** Operators attend the pressure systems course before they work on plant.',
    ];
    expect(categories(structureFindings(policy(...control, ...body, ...said), TODAY))).toEqual([]);
    expect(categories(structureFindings(policy(...control, ...body), TODAY))).toEqual([
      'missing_section:scope',
      'missing_section:training',
    ]);
  });

  it('reads a guidance note as it reads a policy: "who does what" is its roles, "in this guidance a **term** is" its definitions', () => {
    const note = BODY.map((block) =>
      block
        .replace('## 1. Purpose', '## 1. About this note')
        .replace('1.1 This policy explains', '1.1 This guidance note explains')
        .replace('## 4. Roles and responsibilities', '## 4. Who does what')
        .replace('## 3. Definitions', '## 3. What is a hazard?')
        .replace(
          'Term | Definition\nWSE | Written scheme of examination',
          'In this guidance a **hazard** is anything that could cause harm.',
        ),
    );
    expect(categories(structureFindings(policy(...CONTROL, ...note), TODAY))).toEqual([]);
  });

  it('recognises sections under their usual other names', () => {
    const renamed = BODY.map((block) =>
      block
        .replace('## 1. Purpose', '## 1. Aims')
        .replace('## 3. Definitions', '## 3. Glossary')
        .replace('## 4. Roles and responsibilities', '## 4. Duties')
        .replace('## 7. Monitoring compliance', '## 7. Audit')
        .replace('## 8. Equality impact assessment', '## 8. Equality and diversity'),
    );
    expect(structureFindings(policy(...CONTROL, ...renamed), TODAY)).toEqual([]);
    // Plain English headings of a practice's or a trust's policy.
    const plain = [
      '## 1. Purpose',
      '1.1 This policy explains how the Trust keeps pressure systems safe.',
      '## 2. Scope',
      '2.1 It covers steam boilers.',
      '## 3. Words we use',
      'Scheme | The written scheme\nWSE | Written scheme of examination',
      ...BODY.slice(6),
    ];
    expect(categories(structureFindings({ title: 'Boilers', elements: policy(...plain).elements }, TODAY))).not.toContain(
      'missing_section:definitions',
    );
  });

  it('accepts content that does a section’s job without its heading', () => {
    const blocks = without(
      '## 8. Equality impact assessment',
      without('## 3. Definitions', without('## 1. Purpose', without('## 6. Training', BODY))),
    );
    const found = structureFindings(
      policy(
        ...CONTROL,
        ...blocks,
        '## 9. Other matters',
        '9.1 The aim of this policy is to prevent the uncontrolled release of stored energy.',
        'Abbreviation | Meaning\nPSSR | Pressure Systems Safety Regulations 2000',
        'Training: operators attend a boiler house course every three years.',
        '9.2 This policy has been screened for equality impact.',
      ),
      TODAY,
    );
    expect(found).toEqual([]);
  });

  it('accepts the content of real templates: an outline of the policy, who it applies to, definitions in a sentence, an equality and human rights assessment', () => {
    const blocks = without(
      '## 8. Equality impact assessment',
      without('## 3. Definitions', without('## 2. Scope', without('## 1. Purpose', BODY))),
    );
    const found = structureFindings(
      policy(
        ...CONTROL,
        '## 1. Function',
        '1.1 This policy outlines the principles the Trust follows for pressure systems.',
        '1.2 In this policy, a pressure system is a system containing a relevant fluid under pressure.',
        '## 2. Location',
        '2.1 Applicable to all Trust premises where pressure plant is installed.',
        ...blocks,
        '9.1 An equality and human rights impact assessment has been completed.',
      ),
      TODAY,
    );
    expect(found).toEqual([]);
  });

  it('reads the sections of an NHS template: who should read it, what it details, a version history line', () => {
    const blocks = without('## 2. Scope', without('## 1. Purpose', BODY));
    const found = structureFindings(
      policy(
        ...CONTROL.slice(0, 2),
        '## Who should read this document?',
        'All staff who work on or near the pressure plant.',
        '## Key messages',
        'This policy details the following: the written schemes, the examinations and the records kept.',
        ...blocks,
        '9.9 Version history: version 1, March 2010, first issue; version 2, April 2013, roles updated.',
      ),
      TODAY,
    );
    expect(found).toEqual([]);
  });

  it('asks for an equality impact assessment only in a public body’s policy', () => {
    const blocks = without('## 8. Equality impact assessment', BODY);
    expect(categories(structureFindings(policy('ASHCOMBE CARE GROUP', ...CONTROL, ...blocks), TODAY))).toEqual([]);
    expect(categories(structureFindings(policy('ASHCOMBE HOSPITALS NHS TRUST', ...CONTROL, ...blocks), TODAY))).toEqual([
      'missing_section:equality impact assessment',
    ]);
    expect(categories(structureFindings(policy('NORTHVALE BOROUGH COUNCIL', ...CONTROL, ...blocks), TODAY))).toEqual([
      'missing_section:equality impact assessment',
    ]);
  });

  it('reads plain English covers and headings: a version issued in a sentence, "How we keep track" as monitoring', () => {
    const cover = (version: string, monitoring: string) =>
      policy(
        `${version} This policy belongs to the Practice Manager and will next be reviewed by 31 January 2028.`,
        ...BODY.map((block) => block.replace('## 7. Monitoring compliance', `## 7. ${monitoring}`)),
      );
    expect(
      structureFindings(cover('Version 1.4, issued 14 January 2026. It replaces version 1.3 of March 2024.', 'How we keep track'), TODAY),
    ).toEqual([]);
    // A version after another field in the same line: "Reference H&S-07. Version 2.3, issued …".
    expect(structureFindings(cover('Reference H&S-07. Version 2.3, issued 4 April 2025.', 'How we keep track'), TODAY)).toEqual([]);
    expect(categories(structureFindings(cover('Issued 14 January 2026.', 'Checking that this policy works'), TODAY))).toEqual([
      'missing_section:version control',
    ]);
    expect(categories(structureFindings(cover('Version 1.4, issued 14 January 2026.', 'Looking ahead'), TODAY))).toEqual([
      'missing_section:monitoring and audit',
    ]);
    // The review date in plain English: "Next look at this by", "We will next look at this policy in".
    const plain = (line: string) => structureFindings(policy(`Version: 1.4\nPolicy owner: Practice Manager\n${line}`, ...BODY), TODAY);
    expect(plain('Next look at this by: March 2026')).toEqual([expect.objectContaining({ category: 'review_date', quote: 'March 2026' })]);
    expect(plain('We will next look at this policy in March 2026.')).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'March 2026' }),
    ]);
    expect(plain('Next look at this by: March 2028')).toEqual([]);
  });

  it('takes a version number or a version history as version control, and reports neither', () => {
    const noHistory = policy(...CONTROL.slice(0, 2), ...BODY);
    expect(structureFindings(noHistory, TODAY)).toEqual([]);
    const bare = policy('Item | Detail\nPolicy owner | Director of Operations\nReview date | 1 March 2027', ...BODY);
    expect(categories(structureFindings(bare, TODAY))).toEqual(['missing_section:version control']);
    // A label written with a full stop ("Version No.") is read like any other.
    const abbreviated = policy('Version No.: 1.0\nPolicy owner: Director of Operations\nReview date: 1 March 2027', ...BODY);
    expect(categories(structureFindings(abbreviated, TODAY))).not.toContain('missing_section:version control');
    // A version on a line of its own, without a colon, as a cover list writes it.
    const line = policy('- Version 1.0\n- Policy owner: Director of Operations\n- Review date: 1 March 2027', ...BODY);
    expect(categories(structureFindings(line, TODAY))).not.toContain('missing_section:version control');
    // The version as real front pages say it: the word repeated in the value, in a sentence about
    // the policy, "approved … as version 3", or in the running footer beside the page number.
    const control = (text: string) => categories(structureFindings(policy(text, 'Policy owner: Director of Operations', ...BODY), TODAY));
    expect(control('Version: Version 1.3\nReview date: 1 March 2027')).not.toContain('missing_section:version control');
    expect(control('Version 3.1 of this policy was reviewed in March 2024 and is next due for review in March 2027.')).not.toContain(
      'missing_section:version control',
    );
    expect(control('This policy was approved by the Board in March 2025 as version 3. Review date: March 2027.')).not.toContain(
      'missing_section:version control',
    );
    expect(control('PARKING POLICY – VERSION 1.3 Page 2 of 11\nReview date: 1 March 2027')).not.toContain(
      'missing_section:version control',
    );
    // Another document's version is not this policy's.
    expect(control('Staff follow version 2 of the national guidance. Review date: 1 March 2027.')).toContain(
      'missing_section:version control',
    );
    // A list of the revisions from the previous issue is a version history.
    const revisions = policy(
      '## Main Revisions from previous issue',
      '- Previous Version Number: 1.2',
      'Policy owner: Director of Operations',
      ...BODY,
    );
    expect(categories(structureFindings(revisions, TODAY))).not.toContain('missing_section:version control');
  });

  it('reads a version history a PDF gave as lines of text: a version number and a date opening each row', () => {
    const lines = (...rows: string[]) =>
      categories(structureFindings(policy('Policy owner: Director of Operations', 'Review date: 1 March 2027', ...rows, ...BODY), TODAY));
    expect(lines('Version Approved', 'Date Written by What changed', '1.0 May 2021 Scheme Manager First issue')).not.toContain(
      'missing_section:version control',
    );
    expect(lines('1.0 May 2021 Scheme Manager First issue', '1.1 12/03/2023 Scheme Manager Fire doors added')).not.toContain(
      'missing_section:version control',
    );
    // One numbered line that opens with a date, with no version column above it, is not a history.
    expect(lines('Approved by the Board', '4.2 1 April 2025: the new charging rules apply.')).toContain('missing_section:version control');
  });

  it('reads a row of control labels over a one-row table, and a cover of fields under an organisation and title read as headings', () => {
    const row = structureFindings(
      policy(
        'Document Version number Owner Approved by Date approved Review by',
        'EF-1 | 4.0 | Head of Estates | Compliance Committee | 12 September 2024 | 30 September 2025',
        ...BODY,
      ),
      TODAY,
    );
    expect(row).toEqual([expect.objectContaining({ category: 'review_date', quote: '30 September 2025' })]);
    const plain = BODY.map((block) => block.replace(/^## \d+\. /, '## '));
    const cover = (fields: string) =>
      categories(
        structureFindings(policy('## Kestrel Dental Practice', '14 Harbour Road, Kestrel.', '## Water Policy', fields, ...plain), TODAY),
      );
    expect(cover('Reference: KD-4 Version: 2.0 Owner: Practice Principal Approved by: the partners Next review: 31 March 2028')).toEqual(
      [],
    );
    // Fields in the body's own text are not a cover.
    expect(cover('The water is kept safe by the partners.')).toEqual(
      expect.arrayContaining(['review_date:Add a review date', 'missing_owner:named policy owner and approving committee']),
    );
  });

  it('reads scope, training, monitoring, version and definitions as policies say them in other words', () => {
    const missing = (heading: string, ...blocks: string[]) =>
      categories(structureFindings(policy(...CONTROL, ...without(heading, BODY), ...blocks), TODAY));
    const scope = (...blocks: string[]) => missing('## 2. Scope', ...blocks);
    expect(scope('## 9. Where it applies', 'Every boiler house on the estate.')).toEqual([]);
    expect(scope('## 9. Who this is for', 'Every engineer on the estate.')).toEqual([]);
    expect(scope('## 9. Notes', 'The guidelines apply to all Council services and premises.')).toEqual([]);
    expect(scope('## 9. Notes', 'This is for use by Surrey County Council staff only.')).toEqual([]);
    expect(scope('## 9. Notes', 'The policy covers everyone who works at the practice.')).toEqual([]);
    expect(scope('## 9. Notes', 'The Regulations apply to all employers.')).toEqual(['missing_section:scope']);

    const training = (...blocks: string[]) => missing('## 6. Training', ...blocks);
    expect(training('## 9. Who does what', "Assessors have completed the council's one-day risk assessment course.")).toEqual([]);
    expect(training('## 9. Notes', 'Dental nurses are shown the water checks at induction.')).toEqual([]);
    expect(training('## 9. Notes', 'Patients who have completed a course of antibiotics are discharged.')).toEqual([
      'missing_section:training',
    ]);

    const monitoring = (...blocks: string[]) => missing('## 7. Monitoring compliance', ...blocks);
    expect(monitoring('## 9. Quality of plans', 'The Clinical Lead checks five plans each month against the checklist.')).toEqual([]);
    expect(monitoring('## 9. Phones', 'Field supervisors check phone security during spot checks.')).toEqual([]);
    expect(monitoring('## 9. Plant', 'Staff check two fridges each day.')).toEqual(['missing_section:monitoring and audit']);
    expect(monitoring('## 9. Training and checking compliance', 'Staff are trained before they start.')).toEqual([]);
    expect(
      monitoring('## 9. Annual review', 'Each year the Estates Manager reviews how ventilation is managed against this policy.'),
    ).toEqual([]);
    expect(monitoring('## 9. Annual review', 'Each year the Estates Manager reviews the ventilation plant.')).toEqual([
      'missing_section:monitoring and audit',
    ]);

    const version = (cover: string) =>
      categories(structureFindings(policy(cover, 'Policy owner: Director of Operations', 'Review date: 1 March 2027', ...BODY), TODAY));
    expect(version('This procedure (reference F.08, version 4) is owned by the Head of Quality.')).toEqual([]);
    expect(version('Policy EF-22, version 4.1, is owned by the Director of Estates.')).toEqual([]);
    expect(version('Document | WS-02, version 3\nApproved by | Partners')).toEqual([]);
    expect(version('Staff follow version 2 of the national guidance.')).toEqual(['missing_section:version control']);

    expect(
      missing('## 3. Definitions', '## 9. Notes', '1.4 In this policy, “communal areas” means the entrance halls and stairs.'),
    ).toEqual([]);
  });

  it('reads the fields under a title heading as the front page: a version table and an owner line together', () => {
    const front = (owner: string) =>
      policy(
        '## Pressure Systems Policy',
        'Northmoor Hospice. Policy NH-07.',
        'Version | Date | Author | Changes\n2.0 | 12 May 2025 | Estates Manager | Rewritten',
        owner,
        '## About this policy',
        'The hospice runs two steam autoclaves and a compressed air plant.',
        '## Who does what',
        'The Estates Manager keeps the written schemes.',
      );
    const owner = 'missing_owner:named policy owner and approving committee';
    expect(categories(structureFindings(front('Policy owner: Director of Patient Care.'), TODAY))).not.toContain(owner);
    expect(categories(structureFindings(front('Printed copies are not controlled.'), TODAY))).toContain(owner);
  });

  it('reads a heading run into its numbered paragraph, bold or plain, as the section it heads', () => {
    const blocks = without('## 7. Monitoring compliance', BODY);
    expect(categories(structureFindings(policy(...CONTROL, ...blocks), TODAY))).toEqual(['missing_section:monitoring and audit']);
    for (const runIn of [
      '3.2 Monitoring Compliance. The Estates Manager reports quarterly to the Board on occupancy and complaints.',
      '3.2 **Monitoring Compliance.** The Estates Manager reports quarterly to the Board on occupancy and complaints.',
    ])
      expect(structureFindings(policy(...CONTROL, ...blocks, runIn), TODAY)).toEqual([]);
    // A sentence opening its numbered paragraph is not a heading.
    const sentence = '3.2 The Estates Manager reports quarterly to the Board on occupancy and complaints.';
    expect(categories(structureFindings(policy(...CONTROL, ...blocks, sentence), TODAY))).toEqual(['missing_section:monitoring and audit']);
  });

  it('takes an abbreviations line as definitions and responsibilities given in the text as the roles', () => {
    const blocks = without('## 4. Roles and responsibilities', without('## 3. Definitions', BODY));
    expect(categories(structureFindings(policy(...CONTROL, ...blocks), TODAY))).toEqual([
      'missing_section:roles and responsibilities',
      'missing_section:definitions',
    ]);
    const said = policy(
      ...CONTROL,
      'Abbreviations used in this document: written scheme of examination (WSE); pressure systems (PS).',
      ...blocks,
      'The Chief Engineer is responsible for the schemes. Operators are responsible for daily checks.',
      'The Estates Manager is responsible for the register.',
    );
    expect(structureFindings(said, TODAY)).toEqual([]);
    // The line may open with its paragraph's number, the terms in a table under it.
    const numbered = policy(
      ...CONTROL,
      '1.3 Terms used in this policy:',
      'Dead | Isolated, secured and proved to have no voltage present.',
      ...blocks,
      'The Chief Engineer is responsible for the schemes. Operators are responsible for daily checks.',
      'The Estates Manager is responsible for the register.',
    );
    expect(structureFindings(numbered, TODAY)).toEqual([]);
  });

  it('counts operational sections as the procedure and reports it only when nothing is procedural', () => {
    expect(categories(structureFindings(complete(), TODAY))).not.toContain('missing_section:procedure');
    const noProcedure = policy(...CONTROL, ...without('## 5. Written schemes of examination', BODY));
    expect(categories(structureFindings(noProcedure, TODAY))).toEqual(['missing_section:procedure']);
  });

  it('does not judge the structure of a text without headings', () => {
    const flat = policy('Version: 2.0', 'Owner: Head of Estates', 'Review date: 1 January 2030', 'Staff must report leaks.');
    expect(structureFindings(flat, TODAY)).toEqual([]);
  });
});

describe('review date', () => {
  const withReview = (row: string) =>
    policy(`Item | Detail\nVersion | 2.0\nOwner | Head of Estates\n${row}`, '## Version history', ...BODY);

  it('quotes a review date that has passed exactly as written', () => {
    const found = structureFindings(withReview('Review date | 31 March 2026'), TODAY);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ category: 'review_date', quote: '31 March 2026', location: { element: 0 } });
  });

  it('reads numeric, ISO and month-only dates, a month running to its end', () => {
    expect(structureFindings(withReview('Next review | 14/06/2026'), TODAY)[0]?.quote).toBe('14/06/2026');
    expect(structureFindings(withReview('Date of next review | 2026-01-31'), TODAY)[0]?.quote).toBe('2026-01-31');
    expect(structureFindings(withReview('Review date | June 2026'), TODAY)).toEqual([]);
    expect(structureFindings(withReview('Review date | May 2026'), TODAY)[0]?.quote).toBe('May 2026');
    // A two-figure year, under a label that says how often ("Next annual review date").
    expect(structureFindings(withReview('Next annual review date | 10 Aug 15'), TODAY)[0]?.quote).toBe('10 Aug 15');
  });

  it('never flags a review date today or in the future', () => {
    expect(structureFindings(withReview('Review date | 15 June 2026'), TODAY)).toEqual([]);
    expect(structureFindings(withReview('Review date | 1 December 2029'), TODAY)).toEqual([]);
  });

  it('does not take issue, approval or last review dates for the review date', () => {
    const found = structureFindings(
      withReview('Date of first issue | 1 May 2015\nDate approved | 2 June 2020\nLast reviewed | 3 July 2021'),
      TODAY,
    );
    expect(found).toEqual([expect.objectContaining({ category: 'review_date', quote: null, location: null })]);
  });

  it('finds the review date in a sentence about the policy', () => {
    const found = structureFindings(
      policy('Item | Detail\nVersion | 2.0\nOwner | Head of Estates', ...BODY, 'This policy will be reviewed by 30 April 2026.'),
      TODAY,
    );
    expect(found[0]?.quote).toBe('30 April 2026');
  });

  it('does not take the review of something else for the policy’s review date', () => {
    const found = structureFindings(
      policy(
        'Item | Detail\nVersion | 2.0\nOwner | Head of Estates',
        ...BODY,
        'Each written scheme must be reviewed by 1 January 2025.',
        'This policy will be reviewed every three years.',
      ),
      TODAY,
    );
    expect(found).toEqual([expect.objectContaining({ category: 'review_date', quote: null })]);
  });

  it('reads document control lines run together into one paragraph', () => {
    const found = structureFindings(
      policy(
        'Version: 2.0',
        'Owner: Head of Estates Approved by: Risk Committee, 2 May 2024 Next review: May 2026 Reference: EST-POL-3',
        ...BODY,
      ),
      TODAY,
    );
    expect(found).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'May 2026', location: { element: 1, start: 76, end: 84 } }),
    ]);
    const future = policy('Version: 2.0 Owner: Head of Estates Review date: February 2029', ...BODY);
    expect(structureFindings(future, TODAY)).toEqual([]);
  });

  it('reads a review date in a sentence that speaks of the policy as "it"', () => {
    const sentence = 'This policy is owned by the Head of Estates and was approved on 2 May 2024; it will next be reviewed by May 2026.';
    expect(structureFindings(policy('Version: 2.0', sentence, ...BODY), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'May 2026' }),
    ]);
  });

  it('reads a "valid until" date as the review date, and a sentence whose subject "It" is the policy', () => {
    expect(structureFindings(withReview('Valid until date: | January 2019'), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'January 2019' }),
    ]);
    expect(structureFindings(withReview('Next Review Date (by) | October 2020'), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'October 2020' }),
    ]);
    const sentence =
      'This policy was developed by the employers and unions. It is owned by the Workforce Directorate, was approved for publication by the Staff Governance Committee on 9 March 2026, applies in every board and will be reviewed by March 2029.';
    expect(structureFindings(policy('Version: 2.0', sentence, ...BODY), TODAY)).toEqual([]);
  });

  it('reads a "date valid to" row, a front-page sentence giving the version and review, and governance information in an appendix', () => {
    expect(structureFindings(withReview('Date Valid To | 28 February 2019'), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: '28 February 2019' }),
    ]);
    const cover =
      'This is version 4.1 of the pressure systems policy. It was issued in March 2025, applies to all trust staff and is due for review by March 2028.';
    expect(
      categories(
        structureFindings(policy(cover, ...BODY, '## Appendix 1. Governance Information', 'Item | Detail\nOwner | Head of Estates'), TODAY),
      ),
    ).toEqual([]);
    expect(structureFindings(policy(cover.replace('March 2028', 'March 2026'), 'Owner: Head of Estates', ...BODY), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'March 2026' }),
    ]);
  });

  it('takes "training and monitoring" as a monitoring section, and "dose limits and monitoring" as not', () => {
    const blocks = without('## 7. Monitoring compliance', BODY);
    expect(
      categories(structureFindings(policy(...CONTROL, ...blocks, '## 9. Training and monitoring', 'Audits are made twice a year.'), TODAY)),
    ).toEqual([]);
    expect(
      categories(structureFindings(policy(...CONTROL, ...blocks, '## 9. Dose limits and monitoring', 'Doses are read monthly.'), TODAY)),
    ).toEqual(['missing_section:monitoring and audit']);
    // Checking a sample of records on a cycle is auditing, under any heading.
    const sampled = (text: string) =>
      categories(structureFindings(policy(...CONTROL, ...blocks, '## 9. Recording and checking', text), TODAY));
    expect(sampled('The manager checks the key register and a sample of entry records each quarter.')).toEqual([]);
    expect(sampled('The manager keeps a sample of each form in the office.')).toEqual(['missing_section:monitoring and audit']);
  });

  it('leaves alone a review date it cannot read', () => {
    expect(structureFindings(withReview('Review date | Three years after approval'), TODAY)).toEqual([]);
  });
});

describe('document control on a PDF’s cover', () => {
  // A PDF reads the organisation's name and the policy's title, in large type, as headings.
  const cover = (...control: string[]) =>
    policy('## Harbour Vale Community Health NHS Trust', 'Estates policy', '## Lone Working in Estates', ...control, ...BODY);

  it('reads the control under the cover’s headings when the sections are numbered', () => {
    const found = structureFindings(cover('Version | 2.0\nPolicy owner | Head of Estates\nReview date | 31 March 2026'), TODAY);
    expect(found).toEqual([
      expect.objectContaining({ category: 'review_date', quote: '31 March 2026', location: expect.objectContaining({ element: 3 }) }),
    ]);
    expect(structureFindings(cover('Version | 2.0\nPolicy owner | Head of Estates\nReview date | 31 March 2028'), TODAY)).toEqual([]);
  });

  it('reads "Label: value" lines run together on the cover', () => {
    const found = structureFindings(cover('Version: 4.0 Ratified by: Estates Group Next review: 28 February 2026'), TODAY);
    expect(found).toEqual([expect.objectContaining({ category: 'review_date', quote: '28 February 2026' })]);
  });

  it('reads a table of two labels and their values a row', () => {
    const table =
      'Policy number | IPC-4 | Version | 2.1\nApproved by | Governance Group | Date approved | 9 September 2024\nOwner | Lead nurse | Review date | ';
    expect(structureFindings(cover(`${table}September 2027`), TODAY)).toEqual([]);
    expect(structureFindings(cover(`${table}September 2025`), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'September 2025' }),
    ]);
  });

  it('reads a horizontal table: labels in the header, the values below', () => {
    const found = structureFindings(cover('Version | Approved by | Review date\n2.0 | Safety Committee | February 2026'), TODAY);
    expect(found).toEqual([expect.objectContaining({ category: 'review_date', quote: 'February 2026' })]);
  });

  it('reads a table that is document control by its labels, where the sections are not numbered', () => {
    const unnumbered = BODY.map((block) => block.replace(/^## \d+\. /, '## '));
    const control = (review: string) =>
      policy(
        '## Fenby Community Health NHS Trust',
        '## Water Policy',
        `Version | 1.3 | Owner | Head of Estates\nApproved by | Estates Committee | Review date | ${review}`,
        ...unnumbered,
      );
    expect(structureFindings(control('30 September 2025'), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: '30 September 2025' }),
    ]);
    expect(structureFindings(control('30 September 2027'), TODAY)).toEqual([]);
    // Two such labels in a table of the body are not enough to make it the policy's control.
    const roles = policy(
      '## Water Policy',
      'Version | 1.3\nOwner | Head of Estates\nReview date | 1 May 2030',
      ...unnumbered,
      'Role | Duty\nAuthor | Drafts changes\nReview date | Set by the committee',
    );
    expect(structureFindings(roles, TODAY)).toEqual([]);
  });

  it('reads a label run into the value before it, where a grid of pairs came out as two cells a row', () => {
    const grid = (review: string) =>
      cover(
        `Owner | Chief Pharmacist Author Lead Oncology Pharmacist\nApproved by | Medicines Committee Date approved 15 April 2025\nVersion | 5.0 Next review ${review}`,
      );
    expect(structureFindings(grid('30 April 2028'), TODAY)).toEqual([]);
    expect(structureFindings(grid('30 April 2026'), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: '30 April 2026' }),
    ]);
    // A capitalised word inside a value that is not followed by a value of its own stays in it.
    expect(
      structureFindings(cover('Version | 2.0\nOwner | Head of Estates\nReview date | 31 March 2028\nScope | Full Review'), TODAY),
    ).toEqual([]);
  });

  it('reads an owner, an approval and a review date told in the first person on the cover', () => {
    const told = (review: string) =>
      policy(
        '## Pellbury Lane Surgery',
        '## Access to Records',
        'This policy belongs to the Practice Manager. The partners approved it at the partnership meeting of 9 October 2025. It is version 2.3 and replaces version 2.2.',
        `We will review it by ${review}, or sooner if the law changes.`,
        ...BODY,
      );
    expect(structureFindings(told('September 2027'), TODAY)).toEqual([]);
    expect(structureFindings(told('September 2025'), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: 'September 2025' }),
    ]);
  });

  it('takes the review date of the current version from a history, not an earlier one', () => {
    const history = (rows: string) =>
      policy(
        '## Quillan Street Practice',
        '## Premises Policy',
        'Policy | PR-9\nPolicy lead | Practice Manager',
        ...BODY,
        '## Appendix B: Version history',
        rows,
      );
    const oldestFirst =
      'Version | Date | Next review\n3.0 | May 2019 | May 2022\n4.0 | April 2022 | April 2025\n5.0 | February 2025 | February 2028';
    expect(structureFindings(history(oldestFirst), TODAY)).toEqual([]);
    const newestFirst = 'Version | Date | Next review\n5.0 | February 2025 | February 2028\n4.0 | April 2022 | April 2025';
    expect(structureFindings(history(newestFirst), TODAY)).toEqual([]);
    const lapsed = 'Version | Date | Next review\n3.0 | May 2019 | May 2022\n4.0 | April 2022 | April 2025';
    expect(structureFindings(history(lapsed), TODAY)).toEqual([expect.objectContaining({ category: 'review_date', quote: 'April 2025' })]);
  });
  it('reads the next review a version history notes in its current row, when its header came out as a paragraph', () => {
    const history = (rows: string) =>
      policy(
        '## Tillbrook Homecare Limited',
        '## Quality Policy',
        'Reference | QP-3\nPolicy lead | Operations Director\nApproved by | Board of Directors',
        ...BODY,
        '## 14. Version history',
        'Version Date Details',
        rows,
      );
    const lapsed =
      '1.0 | March 2019 | First issue; next review due March 2022\n2.1 | October 2024 | Approved by the Board; next review due 30 September 2025';
    expect(structureFindings(history(lapsed), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: '30 September 2025' }),
    ]);
    const newestFirst =
      '2.1 | October 2024 | Approved by the Board; next review due 30 September 2027\n1.0 | March 2019 | First issue; next review due March 2022';
    expect(structureFindings(history(newestFirst), TODAY)).toEqual([]);
  });
});

describe('owner and approving committee', () => {
  const withControl = (rows: string) => policy(`Item | Detail\nVersion | 2.0\nReview date | 1 May 2030\n${rows}`, ...BODY);

  it('reports a document control with neither an owner nor an approving committee', () => {
    const found = structureFindings(withControl('Author | Estates Officer\nDate approved | 1 May 2025'), TODAY);
    expect(found).toEqual([
      expect.objectContaining({
        category: 'missing_owner',
        quote: null,
        expected: 'named policy owner and approving committee',
      }),
    ]);
  });

  it('is satisfied by either an owner or an approving committee', () => {
    expect(structureFindings(withControl('Responsible director | Director of Estates'), TODAY)).toEqual([]);
    expect(structureFindings(withControl('Ratified by | Quality Committee'), TODAY)).toEqual([]);
    expect(structureFindings(withControl('Authorised by | Trust Board'), TODAY)).toEqual([]);
  });

  it('does not take an approval status or date for an approving committee', () => {
    const found = structureFindings(withControl('Approval status | Approved\nApproved | 4 May 2025'), TODAY);
    expect(categories(found)).toEqual(['missing_owner:named policy owner and approving committee']);
  });

  it('does not take a role table in the body for the document control', () => {
    const found = structureFindings(
      policy('Item | Detail\nVersion | 2.0\nReview date | 1 May 2030', ...BODY, 'Role | Lead\nBoard | Chief Executive'),
      TODAY,
    );
    expect(categories(found)).toEqual(['missing_owner:named policy owner and approving committee']);
  });

  it('reads an approval stated in a sentence', () => {
    const found = structureFindings(withControl(''), TODAY);
    expect(categories(found)).toContain('missing_owner:named policy owner and approving committee');
    const approved = policy(
      'Item | Detail\nVersion | 2.0\nReview date | 1 May 2030',
      'This policy was approved by the Health and Safety Committee on 4 May 2025.',
      ...BODY,
    );
    expect(structureFindings(approved, TODAY)).toEqual([]);
    const versioned = policy(
      'This is version 2.1 of the policy, approved by the Estates Committee on 14 May 2024 on behalf of the Finance Director, its executive owner, and it is due for review by 31 May 2030.',
      ...BODY,
    );
    expect(categories(structureFindings(versioned, TODAY))).not.toContain('missing_owner:named policy owner and approving committee');
  });
});

describe('document control in other places and words', () => {
  // Sections without numbers, so the body starts at the first heading that is not document control.
  const UNNUMBERED = BODY.map((block) => block.replace(/^## \d+\. /, '## ').replace(/^\d+\.\d+ /, ''));

  it('reads control fields a PDF took for headings as the cover, not as the body’s first headings', () => {
    const cover = policy(
      '## Policy number: TPT-HS-09',
      '## Version: 4',
      'Policy owner: Fleet Manager',
      'Approved by: Health and Safety Committee',
      'Review date: 1 March 2026',
      ...UNNUMBERED,
    );
    expect(categories(structureFindings(cover, TODAY))).toEqual(['review_date:Review the policy and set a new review date']);
    // A heading that is not a control field still starts the body: the lines under it are not read as control.
    const body = policy('## Background', 'Policy owner: Fleet Manager', ...UNNUMBERED);
    expect(categories(structureFindings(body, TODAY))).toContain('missing_owner:named policy owner and approving committee');
  });

  it('reads a box of details at the end, headed by a line of its own, for the version and the review date', () => {
    const box = (review: string) =>
      policy(
        ...BODY,
        'Document information',
        `Hollyfold Home Care Limited, policy HHC-12, version 5.0. Issued 1 July 2025. Next review ${review}.`,
        'This version replaces version 4.2 (March 2022). Approved by the Board of Directors.',
      );
    expect(structureFindings(box('30 June 2028'), TODAY)).toEqual([]);
    expect(structureFindings(box('30 June 2025'), TODAY)).toEqual([
      expect.objectContaining({ category: 'review_date', quote: '30 June 2025' }),
    ]);
    // The same sentence in the body is not the policy's review date.
    const inBody = policy(...BODY, 'The contract has a version 5.0. Next review 30 June 2028.');
    expect(categories(structureFindings(inBody, TODAY))).toContain('review_date:Add a review date');
  });

  it('reads a horizontal table a PDF read as a paragraph of labels over a paragraph of values', () => {
    const cover = (values: string) =>
      policy('## Ravensmoor Private Hospital', 'Policy number Version Policy owner Approved by Date approved Review date', values, ...BODY);
    const past = structureFindings(
      cover('QG-07 2.2 Director of Clinical Services Quality and Risk Committee 14 November 2024 31 October 2025'),
      TODAY,
    );
    // The second date is the review date's (the first is the approval's); the version and the owner are read.
    expect(past).toEqual([expect.objectContaining({ category: 'review_date', quote: '31 October 2025' })]);
    expect(
      structureFindings(
        cover('QG-07 2.2 Director of Clinical Services Quality and Risk Committee 14 November 2024 31 October 2027'),
        TODAY,
      ),
    ).toEqual([]);
    // A paragraph that only starts with labels is text, not a row of them.
    const prose = policy('## Ravensmoor Private Hospital', 'Version control is described below.', 'QG-07 2.2 14 November 2024', ...BODY);
    expect(categories(structureFindings(prose, TODAY))).toContain('review_date:Add a review date');
  });

  it('takes an "Applies to" row and a "Who the policy is for" heading as the scope, and training said in a sentence', () => {
    const scoped = (row: string) =>
      policy(
        `Item | Detail\nVersion | 2.0\nPolicy owner | Head of Estates\nReview date | 1 May 2030\n${row}`,
        ...without('## 2. Scope', BODY),
      );
    expect(categories(structureFindings(scoped('Applies to | All Trust staff who plan or change services'), TODAY))).toEqual([]);
    // A target audience says who should read the policy, not what it covers.
    expect(categories(structureFindings(scoped('Target audience | Estates staff'), TODAY))).toEqual(['missing_section:scope']);
    const plain = policy(...CONTROL, ...without('## 2. Scope', BODY), '## Who the policy is for', 'Staff and tenants of the scheme.');
    expect(structureFindings(plain, TODAY)).toEqual([]);
    const trained = (sentence: string) => policy(...CONTROL, ...without('## 6. Training', BODY), '## 9. Recruitment', sentence);
    expect(structureFindings(trained('9.1 All care workers complete money-handling training at induction.'), TODAY)).toEqual([]);
    expect(structureFindings(trained('9.1 New starters do not use a hoist until they have completed practical training.'), TODAY)).toEqual(
      [],
    );
    expect(structureFindings(trained('9.1 Radiation protection training is given at induction and refreshed every year.'), TODAY)).toEqual(
      [],
    );
    expect(
      categories(structureFindings(trained('9.1 Authorised Persons are appointed in writing for fire safety training.'), TODAY)),
    ).toEqual(['missing_section:training']);
    expect(categories(structureFindings(trained('9.1 Tenants are given fire safety instructions when they move in.'), TODAY))).toEqual([
      'missing_section:training',
    ]);
  });

  it('reads an owner, an approval and a review date told in one sentence of the front page', () => {
    const front = policy(
      "This is version 4.1 of Larchbrook Hospice's supervision policy (WF-06). It was written by the Head of Education, approved by the Clinical Governance Committee on 3 March 2025 and is owned by the Director of Patient Care, who will review it by 31 March 2026.",
      ...BODY,
    );
    expect(structureFindings(front, TODAY)).toEqual([expect.objectContaining({ category: 'review_date', quote: '31 March 2026' })]);
    // An approval by a committee in the body is not the policy's.
    const body = policy(
      'Item | Detail\nVersion | 2.0\nReview date | 1 May 2030',
      ...BODY,
      'The audit report is approved by the Quality Committee.',
    );
    expect(categories(structureFindings(body, TODAY))).toContain('missing_owner:named policy owner and approving committee');
  });
});

describe('findDates', () => {
  it('reads UK date forms and ignores impossible dates', () => {
    expect(findDates('due 31st Jan. 2026 or 31/02/2026').map((date) => date.lastDay)).toEqual(['2026-01-31']);
    expect(findDates('February 2028')[0]?.lastDay).toBe('2028-02-29');
  });
});
