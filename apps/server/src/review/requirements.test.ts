import { describe, expect, it } from 'vitest';
import { seedReviewLibrary } from '../eval/review-set.ts';
import { citeLibrary } from './references-cite.ts';
import { quantitiesIn } from './requirements-quantities.ts';
import { libraryStatements, policyStatements } from './requirements-statements.ts';
import { findReferences } from './references.ts';
import { requirementFindings } from './requirements.ts';
import { stem } from './requirements-subjects.ts';
import type { LibraryDocument, LibraryElement, Policy, PolicyElement, ReviewLibrary } from './types.ts';

const library = seedReviewLibrary();

/** A policy from blocks: a block with " | " is a table, anything else a paragraph. */
function policy(...blocks: string[]): Policy {
  const elements = blocks.map(
    (text, index): PolicyElement => ({ index, type: text.includes(' | ') ? 'table' : 'paragraph', text, page: 1, headingPath: [] }),
  );
  return { title: 'Estates policy', elements };
}

function quotes(input: Policy): (string | null)[] {
  return requirementFindings(input, [], library).map((finding) => finding.quote);
}

describe('quantitiesIn', () => {
  it('reads temperatures, intervals, retention periods, amounts and deadlines with their bounds', () => {
    const read = (text: string) => quantitiesIn(text).map(({ kind, value, bound }) => ({ kind, value, bound }));
    expect(read('held at not less than 61°C')).toEqual([{ kind: 'temperature', value: 61, bound: 'min' }]);
    expect(read('checked every four weeks')).toEqual([{ kind: 'interval', value: 4 / 4.35, bound: null }]);
    expect(read('examined on an 18-month cycle')).toEqual([{ kind: 'interval', value: 18, bound: null }]);
    expect(read('Quarterly')).toEqual([{ kind: 'interval', value: 3, bound: null }]);
    expect(read('records are retained for at least five years')).toEqual([{ kind: 'period', value: 60, bound: null }]);
    expect(read('up to 12 µg per side')).toEqual([{ kind: 'mass', value: 12, bound: 'max' }]);
    expect(read('notified within 10 days')).toEqual([{ kind: 'deadline', value: 240, bound: null }]);
  });

  it('reads voltages with thousands separators, and "no more than" or "no hotter than" as a ceiling', () => {
    const read = (text: string) => quantitiesIn(text).map(({ kind, value, bound }) => ({ kind, value, bound }));
    expect(read('systems operating at up to 1,000 V a.c.')).toEqual([{ kind: 'voltage', value: 1000, bound: 'max' }]);
    expect(read('an 11 kV ring main')).toEqual([{ kind: 'voltage', value: 11000, bound: null }]);
    expect(read('water at no more than 48°C')).toEqual([{ kind: 'temperature', value: 48, bound: 'max' }]);
    expect(read('outlets no hotter than 44 °C')).toEqual([{ kind: 'temperature', value: 44, bound: 'max' }]);
  });

  it('reads pressures in bar or kPa, "more than" and "above (about)" as a floor, and "no more than" still as a ceiling', () => {
    const read = (text: string) => quantitiesIn(text).map(({ kind, value, bound }) => ({ kind, value, bound }));
    expect(read('held at a pressure greater than 2.0 bar above atmospheric')).toEqual([{ kind: 'pressure', value: 2, bound: 'min' }]);
    expect(read('liquids under pressure above about 0.5 bar')).toEqual([{ kind: 'pressure', value: 0.5, bound: 'min' }]);
    expect(read('a receiver at 50 kPa')).toEqual([{ kind: 'pressure', value: 0.5, bound: null }]);
    expect(read('water at no more than 48°C')).toEqual([{ kind: 'temperature', value: 48, bound: 'max' }]);
  });

  it('reads an annual figure, a keeper named between the verb and the period, and a period given in brackets', () => {
    const read = (text: string) => quantitiesIn(text).map(({ kind, value }) => ({ kind, value }));
    expect(read('an annual discharge test')).toEqual([{ kind: 'interval', value: 12 }]);
    expect(read('the workshop keeps its calibration logbooks for 3 years')).toEqual([{ kind: 'period', value: 36 }]);
    expect(read('kept for a long period (30 years under the rules)')).toEqual([{ kind: 'period', value: 360 }]);
    expect(read('examined at intervals of no more than 14 months')).toEqual([{ kind: 'interval', value: 14 }]);
    // How recent something must be reads like "within the previous 12 months".
    expect(read('a declaration made not more than 12 months before it is put into service')).toEqual([{ kind: 'interval', value: 12 }]);
  });

  it('reads a fortnight, every other year, the longest gap of "every two to three years", and volts in words', () => {
    const read = (text: string) => quantitiesIn(text).map(({ kind, value, bound }) => ({ kind, value, bound }));
    expect(read('flushed once a fortnight')).toEqual([{ kind: 'interval', value: 2 / 4.35, bound: null }]);
    expect(read('fortnightly flushing')).toEqual([{ kind: 'interval', value: 2 / 4.35, bound: null }]);
    expect(read('examined and tested every other year')).toEqual([{ kind: 'interval', value: 24, bound: null }]);
    expect(read('a full duration test every two to three years')).toEqual([{ kind: 'interval', value: 36, bound: null }]);
    expect(read('a biennial audit')).toEqual([{ kind: 'interval', value: 24, bound: null }]);
    expect(read('systems at up to 600 volts')).toEqual([{ kind: 'voltage', value: 600, bound: 'max' }]);
  });

  it('reads how long a thing lasts or is held, a threshold written as "over-seven-day", and a birthday records are kept until', () => {
    const read = (text: string) => quantitiesIn(text).map(({ kind, value, bound }) => ({ kind, value, bound }));
    expect(read('held for at least 10 minutes')).toEqual([{ kind: 'duration', value: 10, bound: 'min' }]);
    expect(read('off work for more than three consecutive days')).toEqual([{ kind: 'duration', value: 3 * 1440, bound: 'min' }]);
    expect(read('for 30 seconds')).toEqual([{ kind: 'duration', value: 0.5, bound: null }]);
    expect(read('report over-seven-day injuries')).toEqual([{ kind: 'duration', value: 7 * 1440, bound: 'min' }]);
    expect(read("kept until the patient's 25th birthday")).toEqual([{ kind: 'age', value: 25, bound: null }]);
    // A retention period stays one, and a duration needs its "for".
    expect(read('kept for 3 days')).toEqual([{ kind: 'period', value: 3 / 30.4, bound: null }]);
    expect(read('a 10 minute walk')).toEqual([]);
  });
});

describe('requirementFindings', () => {
  it("reads a subject said in few words, all of them the library's, as the library's subject however much more the library says", () => {
    expect(quotes(policy('RIDDOR records are kept for 12 months.'))).toEqual(['RIDDOR records are kept for 12 months']);
    expect(quotes(policy('RIDDOR records are kept for five years.'))).toEqual([]);
    // What is done next is another step, not part of what is kept.
    expect(quotes(policy('RIDDOR records are kept for 12 months and then destroyed.'))).toEqual([
      'RIDDOR records are kept for 12 months and then destroyed',
    ]);
    // From when and where it is kept are not what is kept; what it is kept for is.
    expect(quotes(policy('RIDDOR records are kept for 12 months from the date of the incident.'))).toEqual([
      'RIDDOR records are kept for 12 months from the date of the incident',
    ]);
    expect(quotes(policy('RIDDOR records are kept for 12 months in the office.'))).toEqual([
      'RIDDOR records are kept for 12 months in the office',
    ]);
    expect(quotes(policy('RIDDOR records are kept for 12 months for agency staff.'))).toEqual([]);
  });

  it('gives a frequency said as an adjective the thing it names, when figures share a clause', () => {
    expect(
      quotes(
        policy(
          'The monthly functional test is carried out at the same visit as the monthly fire alarm test, so that both can be recorded together.',
        ),
      ),
    ).toHaveLength(1);
    expect(
      quotes(
        policy(
          'The monthly functional test is carried out at the same visit as the weekly fire alarm test, so that both can be recorded together.',
        ),
      ),
    ).toEqual([]);
  });

  it("leaves out of a figure's subject what the thing never does", () => {
    const subject = (text: string) => [
      ...(policyStatements({ index: 0, type: 'paragraph', text, page: 1, headingPath: [] })[0]?.subject ?? []),
    ];
    expect(subject('Goods-only lifts that never carry people are examined at least every 12 months.')).not.toContain('peopl');
    expect(subject('Lifts that carry people are examined at least every 12 months.')).toContain('peopl');
  });

  it('gives each figure of a sentence its own clause, so a correct pair of figures is not read as one', () => {
    const correct = policy(
      'Escape lighting follows HTM 05-01.',
      'Emergency lighting is given a functional test every month and a full-duration test once a year.',
    );
    expect(quotes(correct)).toEqual([]);
    const wrong = policy(
      'Escape lighting follows HTM 05-01.',
      'Emergency lighting is given a functional test every month and a full-duration test every three years.',
    );
    const [finding, ...rest] = requirementFindings(wrong, [], library);
    expect(rest).toEqual([]);
    expect(finding?.quote).toBe('a full-duration test every three years');
    // The figure is cited from the instrument about the subject (the emergency lighting standard), not a guide that repeats it.
    expect(finding?.explanation).toMatch(/^The policy says "a full-duration test every three years", but BS 5266-1 requires .*Annual/);
  });

  it('reports a temperature below the floor the cited guidance sets, citing the passage', () => {
    const input = policy('Water systems follow HSG274.', 'The calorifiers store hot water at 55°C or more before it circulates.');
    const [finding, ...rest] = requirementFindings(input, [], library);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ category: 'factual_error', severity: 'high', location: { element: 1 } });
    expect(finding?.quote).toBe('The calorifiers store hot water at 55°C or more before it circulates');
    expect(finding?.expected).toContain('60 °C');
    expect(finding?.evidence[0]?.elementIds.length).toBe(1);
  });

  it('reports less space per person than the Workplace Regulations code, and not a volume of something else', () => {
    expect(quantitiesIn('at least 11 cubic metres per person, or 11 m³')).toMatchObject([
      { kind: 'volume', value: 11, bound: 'min' },
      { kind: 'volume', value: 11 },
    ]);
    const input = policy(
      'Each workroom gives every member of staff at least 6 cubic metres of space per person.',
      'A skip of 6 cubic metres is ordered for each office move.',
      'Meeting rooms give at least 12 cubic metres of space per person.',
    );
    const [finding, ...rest] = requirementFindings(input, [], library);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ category: 'factual_error', location: { element: 0 } });
    expect(finding?.expected).toContain('11 cubic metres');
  });

  it('keeps to figures the library states for the subject, or stricter ones', () => {
    const input = policy(
      'Water systems follow HSG274.',
      'Cold water is kept below 20°C throughout the building.',
      'The calorifiers store hot water at 65°C.',
      'Hot water is stored at 60°C and reaches outlets at 50°C or more within one minute.',
    );
    expect(quotes(input)).toEqual([]);
  });

  it('reports a less frequent examination of lifts that carry people, not of other lifting equipment', () => {
    const input = policy(
      'Thorough examination follows LOLER 1998 and HTM 08-02.',
      'Lifts carrying people are thoroughly examined every 12 months by the insurer.',
      'Item | Interval\nAll other lifting equipment, such as goods-only lifts and chain blocks | At least every 12 months\nLifting accessories such as slings | Every six months',
    );
    expect(quotes(input)).toEqual(['Lifts carrying people are thoroughly examined every 12 months by the insurer']);
    // The library's passage is quoted whole, from its first word.
    const notes = policy('Waste follows HTM 07-01.', 'Waste transfer notes are kept for one year.');
    expect(requirementFindings(notes, [], library)[0]?.explanation).toMatch(/\("Transfer notes \(kept 2 years/);
  });

  it('reports a shorter retention and a longer deadline than the library states', () => {
    const waste = policy(
      'Waste follows HTM 07-01 and the duty of care in the Environmental Protection Act 1990.',
      'Hazardous waste consignment notes are kept for one year.',
      'Waste transfer notes are kept for two years.',
    );
    expect(quotes(waste)).toEqual(['Hazardous waste consignment notes are kept for one year']);
    const breach = policy(
      'CCTV is operated under UK GDPR.',
      'A qualifying breach is reported to the ICO within 5 days of becoming aware of it.',
    );
    expect(requirementFindings(breach, [], library)[0]?.expected).toContain('72 hours');
  });

  it('reads a deadline without what it runs from, copies as records, and a bracketed list as no part of the subject', () => {
    // The library's "within 72 hours of becoming aware" is not missed by a policy that leaves out "of becoming aware".
    const breach = policy('Data breaches are reported to the ICO within seven days.');
    expect(requirementFindings(breach, [], library)[0]?.expected).toContain('72 hours');
    // "A RIDDOR record for each reportable event (date, time and place, …), kept for at least three years".
    expect(quotes(policy('Copies of RIDDOR reports are kept for one year.'))).toEqual(['Copies of RIDDOR reports are kept for one year']);
    expect(quotes(policy('Copies of RIDDOR reports are kept for three years.'))).toEqual([]);
  });

  it('reads "whichever is later" as how a period is bound, not its subject, and quotes the library cell whole', () => {
    const hoists = policy(
      'Hoists are thoroughly examined under LOLER 1998.',
      'Reports of thorough examination are kept for 12 months and are then destroyed.',
    );
    const [finding] = requirementFindings(hoists, [], library);
    expect(finding?.expected).toBe('at least 2 years (LOLER 1998)');
    expect(finding?.explanation).toContain(
      '"Report of a periodic thorough examination: Until the next report is made, or 2 years, whichever is later"',
    );
  });

  it('reads what is kept from between the verb and the period, and leaves a period that agrees', () => {
    const short = policy('Asbestos work follows CAR 2012.', 'The clinic keeps staff health records for 15 years.');
    expect(requirementFindings(short, [], library).map((finding) => [finding.quote, finding.expected])).toEqual([
      ['The clinic keeps staff health records for 15 years', expect.stringMatching(/^at least 40 years/)],
    ]);
    expect(quotes(policy('Asbestos work follows CAR 2012.', 'The clinic keeps staff health records for 40 years.'))).toEqual([]);
    expect(quotes(policy('Asbestos work follows CAR 2012.', 'The clinic keeps the visitor book for 2 years.'))).toEqual([]);
  });

  it('reads "Each request" in a paragraph of its own as the requests the paragraph before named', () => {
    const named = 'Subject access requests are free of charge and may be made in writing or verbally.';
    const answered = 'Each request is answered within 40 calendar days of receipt.';
    expect(quotes(policy('Data protection follows the UK GDPR.', named, answered))).toContain(
      'Each request is answered within 40 calendar days of receipt',
    );
    // Without the paragraph that names them, "each request" could be any request.
    expect(quotes(policy('Data protection follows the UK GDPR.', 'Visitors sign in at reception.', answered))).toEqual([]);
  });

  it('reports a duty still limited by a condition the library says was removed, and not the history told as such', () => {
    const limited = policy(
      'Fire safety is managed under RRO 2005.',
      'The fire safety adviser records the significant findings of each assessment where five or more people are employed on the ward.',
    );
    const [finding, ...rest] = requirementFindings(limited, [], library);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ category: 'factual_error', quote: 'where five or more people are employed' });
    expect(finding?.evidence[0]?.code).toBe('RRO 2005');
    // The same condition with another figure is still the condition.
    const ten = policy(
      'Fire safety is managed under RRO 2005.',
      'The 2005 Order requires the significant findings to be recorded only where ten or more people are employed.',
    );
    expect(quotes(ten)).toEqual(['only where ten or more people are employed']);
    const history = policy(
      'Fire safety is managed under RRO 2005.',
      'Originally the significant findings were recorded only where five or more people were employed; the Trust now records every assessment.',
    );
    expect(quotes(history)).toEqual([]);
    const otherDuty = policy(
      'Fire safety is managed under RRO 2005.',
      'A staff forum is set up where five or more people are employed on the ward.',
    );
    expect(quotes(otherDuty)).toEqual([]);
  });

  it('reports a step the library says a thing needs that the policy says it does not, and nothing else', () => {
    const denied = policy(
      'Radiation work follows IRR 2017.',
      '6.1 Use of dental X-ray equipment is notified to HSE, and no registration is needed for it.',
    );
    const [finding, ...rest] = requirementFindings(denied, [], library);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      category: 'factual_error',
      quote: 'Use of dental X-ray equipment is notified to HSE, and no registration is needed',
    });
    expect(finding?.evidence[0]?.code).toBe('IRR 2017');
    expect(
      quotes(policy('Radiation work follows IRR 2017.', 'Use of dental X-ray equipment is registered with HSE before work starts.')),
    ).toEqual([]);
    expect(
      quotes(policy('Radiation work follows IRR 2017.', 'Visitors to the unit sign in, and no registration is needed for them.')),
    ).toEqual([]);
  });

  it('compares a figure with the whole library, citing the instrument that sets it, even when the policy cites another', () => {
    const input = policy('Clinical waste follows HTM 07-01.', 'Copies of hazardous waste consignment notes are retained for 18 months.');
    const [finding] = requirementFindings(input, [], library);
    expect(finding?.expected).toBe('at least 3 years (HWR 2005)');
    expect(finding?.evidence[0]?.code).toBe('HWR 2005');
  });

  it('reports two wrong figures of one sentence as one finding that corrects both', () => {
    const input = policy(
      'Escape routes are lit to BS 5266-1.',
      'Emergency lighting receives a functional test every six months and a full-duration test every four years.',
    );
    const findings = requirementFindings(input, [], library);
    expect(findings).toHaveLength(1);
    expect(findings[0]?.quote).toBe(
      'Emergency lighting receives a functional test every six months and a full-duration test every four years',
    );
    expect(findings[0]?.expected).toBe('at least every month (BS 5266-1); at least every 12 months (BS 5266-1)');
  });

  it('reads the figure for healthcare premises where the policy is for them, and the general one elsewhere', () => {
    const outlets = 'Hot water at sentinel outlets reaches at least 50°C within one minute of running.';
    const hospital = policy(
      'The hospital follows HSG274 on its wards.',
      'Patients in clinical areas are protected from waterborne infection.',
      outlets,
    );
    expect(requirementFindings(hospital, [], library).map((finding) => finding.expected)).toEqual([expect.stringContaining('55 °C')]);
    expect(quotes(policy('The housing scheme follows HSG274.', outlets))).toEqual([]);
  });

  it('does not compare how often results are reported with how often the work is done', () => {
    const input = policy(
      'Water systems follow HSG274.',
      'The percentage of sentinel outlets within temperature is reported quarterly to the safety committee.',
    );
    expect(quotes(input)).toEqual([]);
  });

  it('reads "within the previous N months" as an interval, and a pronoun as the subject of the sentence before', () => {
    const accessories = policy(
      'Lifting follows LOLER 1998.',
      'Visiting contractors show that their slings and lifting accessories were thoroughly examined within the previous 12 months.',
    );
    expect(requirementFindings(accessories, [], library)[0]?.expected).toContain('6 months');
    const hoists = policy(
      'Lifting follows LOLER 1998.',
      'Ceiling hoists and their slings lift people from bed to chair. They are thoroughly examined every 12 months.',
    );
    expect(quotes(hoists)).toEqual(['They are thoroughly examined every 12 months']);
    // The pronoun after a condition of its own clause ("Where …, it is …") stands for the same subject.
    const breach = policy(
      'Records are kept under the Data Protection Act 2018 and UK GDPR.',
      'A lost record sheet is a data breach. Where it could put the client at risk, it is reported to the ICO within 14 days.',
    );
    expect(requirementFindings(breach, [], library).map((finding) => finding.expected)).toEqual([expect.stringContaining('72 hours')]);
  });

  it('reports a dose above the limit even where another sentence states the limit for something else', () => {
    const input = policy(
      'Radiation work follows IRR 2017.',
      'No employee may receive an effective dose of more than 20 mSv in a year. The limit for the equivalent dose to the lens of the eye is 100 mSv.',
    );
    expect(quotes(input)).toEqual(['The limit for the equivalent dose to the lens of the eye is 100 mSv']);
  });

  it('leaves out how often a monitoring table checks an activity', () => {
    const input = policy(
      'Water systems follow HSG274.',
      'Element monitored | Method | Frequency\nFlushing of little-used outlets | Audit of flushing records | Quarterly',
    );
    expect(quotes(input)).toEqual([]);
  });

  it('reports a permission for what the library says is never done', () => {
    const allowed = policy(
      'Instruments are reprocessed under HTM 01-01.',
      'Devices labelled for single use may be reprocessed once when stock runs out.',
    );
    expect(quotes(allowed)).toEqual(['Devices labelled for single use may be reprocessed once when stock runs out']);
    const forbidden = policy('Instruments are reprocessed under HTM 01-01.', 'Devices labelled for single use are never reprocessed.');
    expect(quotes(forbidden)).toEqual([]);
  });

  it('reports a fixed interval attributed to a law that sets none, and an exemption from guidance that has none', () => {
    const interval = policy(
      'Work equipment is managed under PUWER 1998.',
      '6.1 PUWER require every machine guard to be inspected every six months.',
    );
    expect(quotes(interval)).toEqual(['PUWER require every machine guard to be inspected every six months']);
    // The law given as the reason for a duty with an interval, or said to make it a legal requirement.
    const reason = policy(
      'Work equipment is managed under PUWER 1998 and the Electricity at Work Regulations 1989.',
      '6.2 To meet PUWER, all other work equipment must be inspected at least once every 12 months.',
      '6.3 The Electricity at Work Regulations 1989 make annual portable appliance testing a legal requirement.',
      '6.4 The Electricity at Work Regulations 1989 make the duty clear; the Trust tests annually by its own choice.',
    );
    expect([...quotes(reason)].sort()).toEqual([
      'The Electricity at Work Regulations 1989 make annual portable appliance testing a legal requirement',
      'To meet PUWER, all other work equipment must be inspected at least once every 12 months',
    ]);
    const exemption = policy(
      '8.4 Air-handling plant built before 2015 is exempt from HTM 03-01 Part B and is run to its original standard.',
    );
    expect(quotes(exemption)).toEqual(['Air-handling plant built before 2015 is exempt from HTM 03-01 Part B']);
  });

  it('reports guidance presented as law, by its name or its series, once per sentence, and not guidance called guidance', () => {
    const series = policy(
      'Engineering governance follows HTM 00 and HTM 06-01.',
      '5.1 HTMs are statutory instruments made under the Health and Safety at Work etc. Act 1974, and failure to comply with them is a criminal offence.',
    );
    const found = requirementFindings(series, [], library).filter((finding) => finding.expected?.includes('not law'));
    expect(found.map((finding) => finding.quote)).toEqual([
      'HTMs are statutory instruments made under the Health and Safety at Work etc. Act 1974, and failure to comply with them is a criminal offence',
    ]);
    expect(quotes(policy('Engineering governance follows HTM 00.', '5.1 HTM 00 is best-practice guidance; the law is HSWA 1974.'))).toEqual(
      [],
    );
  });

  it('reports a standard or a code presented as law, or a departure from it as an offence, by what the document says of itself', () => {
    const law = (...paragraphs: string[]) => {
      const input = policy(...paragraphs);
      return requirementFindings(input, citeLibrary(input.elements, library), library)
        .filter((finding) => finding.explanation.includes('as law'))
        .map((finding) => finding.quote);
    };
    expect(law('Wiring follows BS 7671.', 'BS 7671 is a statutory requirement, and a breach of it is an offence.')).toEqual([
      'BS 7671 is a statutory requirement, and a breach of it is an offence',
    ]);
    const hygiene =
      'Infection control follows the Health and Social Care Act 2008 code of practice on the prevention and control of infections (the Hygiene Code).';
    expect(law(hygiene, 'Breach of the Hygiene Code is a criminal offence in itself.')).toEqual([
      'Breach of the Hygiene Code is a criminal offence',
    ]);
    expect(law(hygiene, 'The Hygiene Code has the force of regulations.')).toEqual(['The Hygiene Code has the force of regulations']);
    expect(law('Water systems follow HSG274.', 'HSG274 has the same legal status as an Approved Code of Practice.')).toEqual([
      'HSG274 has the same legal status as an Approved Code of Practice',
    ]);
    // "The DSPT is an **assurance framework**, not legislation": said of itself after "The", in bold.
    expect(law('The Data Security and Protection Toolkit is a statutory requirement.')).toEqual([
      'The Data Security and Protection Toolkit is a statutory requirement',
    ]);
    // A statutory code is what the Hygiene Code is: no claim that it is law.
    expect(law(hygiene, 'The Hygiene Code is a statutory code of practice, and CQC must take it into account.')).toEqual([]);
    // A departure denied to be an offence is no claim of law.
    expect(law(hygiene, 'The Hygiene Code is not law in its own right, so a departure from it is not itself an offence.')).toEqual([]);
    // A document that says of itself only that it is guidance.
    expect(law('Bedheads follow HTM 08-03.', 'HTM 08-03 is mandatory, and any departure from it is an offence.')).toEqual([
      'HTM 08-03 is mandatory, and any departure from it is an offence',
    ]);
    // "them" points back to what the sentence names, not to a document the policy cites elsewhere.
    expect(
      law('Wiring follows BS 7671.', 'Waste rules are enforced by the Environment Agency, and breaching them is a criminal offence.'),
    ).toEqual([]);
    // Another law's offence beside the guidance is not the guidance's.
    expect(
      law('Fire precautions follow HTM 05-02.', 'HTM 05-02 supports the Fire Safety Order, and breach of the Order is a criminal offence.'),
    ).toEqual([]);
  });

  it('reports a breach said to be no offence where the law cited makes it one, and not of guidance', () => {
    const offence = (...paragraphs: string[]) =>
      requirementFindings(policy(...paragraphs), [], library)
        .filter((finding) => finding.explanation.includes('it is an offence'))
        .map((finding) => finding.quote);
    const citations = (input: Policy) => citeLibrary(input.elements, library);
    const notifications = policy(
      'Under the Care Quality Commission (Registration) Regulations 2009 failing to send a notification is not an offence.',
    );
    expect(
      requirementFindings(notifications, citations(notifications), library)
        .filter((finding) => finding.explanation.includes('it is an offence'))
        .map((finding) => [finding.quote, finding.expected]),
    ).toEqual([
      [
        'Under the Care Quality Commission (Registration) Regulations 2009 failing to send a notification is not an offence',
        'Failure to send a required notification is an offence that CQC can prosecute, and CQC may also use fixed penalty notices or other enforcement for notification failures',
      ],
    ]);
    const guidance = policy('Under HTM 00 a missed audit is not an offence.');
    expect(requirementFindings(guidance, citations(guidance), library).filter((finding) => finding.category === 'factual_error')).toEqual(
      [],
    );
    // Named by its duty alone, the law is the one whose entry makes failing that duty an offence.
    expect(offence('Failing to send a notification is not an offence.')).toEqual(['Failing to send a notification is not an offence']);
  });

  it('reports a container colour other than the one the colour table gives the waste', () => {
    const cited = 'Waste is segregated under HTM 07-01.';
    const wrong = policy(
      cited,
      '4.2 Sharps contaminated with cytotoxic medicines go into orange-lidded sharps bins, which porters collect daily.',
    );
    expect(quotes(wrong)).toEqual(['Sharps contaminated with cytotoxic medicines go into orange-lidded sharps bins']);
    const right = policy(cited, 'Sharps contaminated with cytotoxic medicines go into purple-lidded sharps bins.');
    expect(quotes(right)).toEqual([]);
    const table = policy(cited, 'Container | Waste stream\nOrange-lidded bin | Sharps contaminated with cytotoxic medicines');
    expect(quotes(table)).toEqual([]);
  });

  it('reports a duty given to another role than the roles table gives it', () => {
    const cited = 'High voltage work follows HTM 06-03.';
    const wrong = policy(cited, '5.3 Permits-to-work are issued by the Competent Person (HV) named on the job card.');
    expect(quotes(wrong)).toEqual(['Permits-to-work are issued by the Competent Person (HV)']);
    expect(requirementFindings(wrong, [], library)[0]?.expected).toBe('Authorised Person (HV) (HTM 06-03)');
    const right = policy(cited, 'Permits-to-work are issued by the AP(HV) and Competent Persons are appointed by the AP(HV).');
    expect(quotes(right)).toEqual([]);
  });

  it('reads an abbreviation as the library spells it out, and bracketed examples as no part of the subject', () => {
    // The seed library's COSHH table names "Local exhaust ventilation (including fume cupboards …)".
    expect(quotes(policy('LEV is thoroughly examined and tested by a competent person at least every 24 months.'))).toEqual([
      'LEV is thoroughly examined and tested by a competent person at least every 24 months',
    ]);
    expect(quotes(policy('LEV is thoroughly examined and tested by a competent person at least every 14 months.'))).toEqual([]);
  });

  it('reports a pressure threshold of what the Regulations cover other than the library gives, and not the right one', () => {
    expect(
      quotes(
        policy(
          'Compressed air and other gases are covered only where they are held at a pressure greater than 2.0 bar above atmospheric pressure.',
        ),
      ),
    ).toEqual([
      'Compressed air and other gases are covered only where they are held at a pressure greater than 2.0 bar above atmospheric pressure',
    ]);
    expect(
      quotes(
        policy(
          'Compressed air and other gases are covered where they are held at a pressure greater than 0.5 bar above atmospheric pressure.',
        ),
      ),
    ).toEqual([]);
  });

  it('reports a headcount threshold of a duty other than the library gives, and not the right one', () => {
    const said = (count: string) =>
      policy(`The significant findings of each COSHH assessment must be recorded where ${count} or more people are employed.`);
    expect(quotes(said('ten'))).toEqual([
      'The significant findings of each COSHH assessment must be recorded where ten or more people are employed',
    ]);
    expect(quotes(said('five'))).toEqual([]);
  });

  it('reports nothing for a policy that relies on no library document', () => {
    expect(quotes(policy('Visitors sign in at reception and are escorted every time.'))).toEqual([]);
  });
});

describe('figures of a library of its own', () => {
  const id = 'rsr-2030.md';
  const rules: LibraryDocument = {
    id,
    code: 'RSR 2030',
    title: 'Radiation Shield Regulations 2030',
    status: 'current',
    edition: '2030',
    supersededBy: null,
    supersedes: [],
    domain: 'Estates',
    subdomain: 'Radiation',
    elements: [
      {
        id: `${id}#0`,
        type: 'table',
        text: 'Person | Quantity | Limit\nVisitors | Effective dose | 2 mSv\nTechnicians | Dose to the hands | 300 mSv (reduced from 450 mSv under the old rules)',
        headingPath: ['Limits'],
      },
      {
        id: `${id}#1`,
        type: 'paragraph',
        text: 'Shielding enquiries are answered within one month, which can be extended for complex sites.',
        headingPath: [],
      },
      { id: `${id}#2`, type: 'paragraph', text: 'Every room is placed in one of five shielding zone bands.', headingPath: [] },
      {
        id: `${id}#3`,
        type: 'table',
        text: 'Equipment | Maximum interval between leak surveys\nMobile shields (bedside screens, lead aprons, thyroid collars) | 6 months\nFixed shields | 24 months',
        headingPath: ['Surveys'],
      },
    ],
  };
  const own: ReviewLibrary = { documents: [rules] };
  const reported = (...blocks: string[]) =>
    requirementFindings(policy('Shielding is designed under RSR 2030.', ...blocks), [], own).map((finding) => finding.quote);

  it('reports a dose above the limit the table gives for the same people and quantity, not the limit itself', () => {
    expect(reported('The effective dose limit for visitors is 6 mSv in a year.')).toEqual([
      'The effective dose limit for visitors is 6 mSv in a year',
    ]);
    expect(reported('The dose limit for the hands of technicians is 300 mSv in a year.')).toEqual([]);
    // A dose the library states is a limit: the figure to write is no more than it.
    const [finding] = requirementFindings(
      policy('Shielding is designed under RSR 2030.', 'The effective dose limit for visitors is 6 mSv in a year.'),
      [],
      own,
    );
    expect(finding?.expected).toBe('no more than 2 mSv (RSR 2030)');
    // The row is quoted as a phrase, its cells apart: not "Visitors Effective dose: 2 mSv".
    expect(finding?.explanation).toContain('("Visitors, effective dose: 2 mSv")');
  });

  it('reads a deadline in calendar days against one in months, leaving out what the relative clause adds', () => {
    expect(reported('Shielding enquiries are answered within 45 calendar days.')).toEqual([
      'Shielding enquiries are answered within 45 calendar days',
    ]);
    expect(reported('Shielding enquiries are answered within 20 calendar days.')).toEqual([]);
    const [late] = requirementFindings(
      policy('Shielding is designed under RSR 2030.', 'Shielding enquiries are answered within 45 calendar days.'),
      [],
      own,
    );
    expect(late?.expected).toBe('within one month (RSR 2030)');
  });

  it('reads "at intervals of no more than" as an interval, and a policy naming an example of a row as the row', () => {
    expect(reported('Lead aprons are given leak surveys at intervals of no more than 12 months.')).toEqual([
      'Lead aprons are given leak surveys at intervals of no more than 12 months',
    ]);
    expect(reported('Lead aprons are given leak surveys at intervals not exceeding 6 months.')).toEqual([]);
    // Another row's thing, and an example's word without the column's subject, are not the row.
    expect(reported('Fixed shields are given leak surveys at intervals of no more than 12 months.')).toEqual([]);
    expect(reported('Lead aprons are replaced at intervals of 12 months.')).toEqual([]);
  });

  it('reports a count of a named set that the library numbers differently, not a count of some of its members', () => {
    expect(reported('Each room is assigned to one of three shielding zone bands.')).toEqual(['three shielding zone bands']);
    const [count] = requirementFindings(
      policy('Shielding is designed under RSR 2030.', 'Rooms fall into 4 shielding zone bands.'),
      [],
      own,
    );
    expect(count?.expected).toBe('five shielding zone bands (RSR 2030)');
    expect(reported('The two highest shielding zone bands need a survey; there are five shielding zone bands.')).toEqual([]);
    // A sample of the set's members is not its size.
    expect(reported('The lead tests the register by choosing two shielding zone bands at random.')).toEqual([]);
    expect(reported('Each year the lead audits three shielding zone bands.')).toEqual([]);
    expect(reported('Three shielding zone bands are selected for survey each year.')).toEqual([]);
  });

  it('reports a count of a set named by one long word, within the subject of the documents the policy relies on', () => {
    const counted: LibraryDocument = {
      ...rules,
      elements: [
        ...rules.elements,
        { id: `${id}#9`, type: 'paragraph', text: 'The Regulations protect six characteristics.', headingPath: [] },
      ],
    };
    const library: ReviewLibrary = { documents: [counted] };
    const found = (text: string) =>
      requirementFindings(policy('Shielding is designed under RSR 2030.', text), [], library).map((finding) => finding.quote);
    expect(found('The Regulations protect four characteristics: age, sex, race and disability.')).toEqual(['four characteristics']);
    expect(found('The Regulations protect six characteristics.')).toEqual([]);
    // A short word, or the name's first word of two, is not counted alone.
    expect(found('There are four rooms on the ward.')).toEqual([]);
  });
});

describe('the cycle of a document that is itself a return', () => {
  const id = 'sar.md';
  const register: LibraryDocument = {
    id,
    code: 'SAR',
    title: 'Site Assurance Register',
    status: 'current',
    edition: '2029',
    supersededBy: null,
    supersedes: [],
    domain: 'Estates',
    subdomain: 'Assurance',
    elements: [
      {
        id: `${id}#0`,
        type: 'list_item',
        text: 'Submit annually. Send the register to the regional office by 1 May.',
        headingPath: ['Key requirements'],
      },
    ],
  };
  const own: ReviewLibrary = { documents: [register] };
  const reported = (text: string) =>
    requirementFindings(policy('Assurance follows the SAR.', text), [], own).map((finding) => finding.quote);

  it('reports a return named as the document and made less often than the document requires', () => {
    expect(reported('8.1 The register is submitted every three years to the board.')).toEqual([
      'The register is submitted every three years',
    ]);
    expect(reported('The SAR is submitted each year and reviewed every three years by audit.')).toEqual([]);
    expect(reported('The register of keys is checked every three years.')).toEqual([]);
  });
});

/** A current document of a library of its own: one element, in a subdomain of its own. */
const document = (code: string, title: string, type: LibraryElement['type'], text: string): LibraryDocument => ({
  id: `${code}.md`,
  code,
  title,
  status: 'current',
  edition: '2031',
  supersededBy: null,
  supersedes: [],
  domain: 'Estates',
  subdomain: code,
  elements: [{ id: `${code}.md#0`, type, text, headingPath: [] }],
});

describe('figures matched by a band, a table cell, a relied document and a credited regulator', () => {
  const own: ReviewLibrary = {
    documents: [
      document(
        'PSR 2031',
        'Power Safety Rules 2031',
        'paragraph',
        'These rules set out how an estate should organise safe working on its low-voltage (LV) installations, meaning systems operating at up to 1,000 V a.c.',
      ),
      document(
        'RCR 2031',
        'Radon Control Regulations 2031',
        'table',
        'Record | Retention\nRecords of the radon survey | Kept for at least 5 years',
      ),
      document(
        'ACoP 9931',
        'The control of moulds in ventilation ductwork',
        'paragraph',
        'Mould control scheme records are kept for at least 5 years.',
      ),
      document(
        'HTM 99-01',
        'Pools in healthcare premises',
        'table',
        'Topic | Requirement | Source\nScald protection where young children paddle | Water at pool inlets no hotter than 30 °C | HSE guidance on pools\nSpa comfort for adult users | Spa water no hotter than 38 °C | Local practice',
      ),
    ],
  };
  const reported = (...blocks: string[]) => requirementFindings(policy(...blocks), [], own).map((finding) => finding.quote);

  it('reports a voltage band defined with another limit, and not the band as the library defines it', () => {
    const band = (limit: string) => `Term | Definition\nLow voltage (LV) | A voltage not exceeding ${limit} a.c. between conductors.`;
    expect(reported('Electrical work follows PSR 2031.', band('650 V'))).toEqual(['A voltage not exceeding 650 V a.c. between conductors']);
    expect(reported('Electrical work follows PSR 2031.', band('1,000 V'))).toEqual([]);
    // A band's limit is how the library defines the band, not a duty.
    const [finding] = requirementFindings(policy('Electrical work follows PSR 2031.', band('650 V')), [], own);
    expect(finding?.explanation).toContain('PSR 2031 defines this band as up to 1,000 V');
    expect(finding?.suggestion).toBe('Change the figure to up to 1,000 V, as PSR 2031 sets it.');
  });

  it('takes the words of a relied document title as said, and not of a document the policy does not rely on', () => {
    const retained = 'Survey records and photographs are retained for two years.';
    expect(reported('Radon is managed under RCR 2031.', retained)).toEqual([retained.replace(/\.$/, '')]);
    expect(reported(retained)).toEqual([]);
  });

  it("lets a policy on a relied document's subject name its records in other words than one of the library's", () => {
    const kept = 'Ductwork mould monitoring records are kept for two years.';
    expect(reported('Moulds are controlled under ACoP 9931.', kept)).toEqual([kept.replace(/\.$/, '')]);
    expect(reported('Moulds are controlled under ACoP 9931.', 'Ductwork mould records are kept for two years.')).toEqual([
      'Ductwork mould records are kept for two years',
    ]);
    // Not without relying on the document, nor without a word of the subject its title names.
    expect(reported(kept)).toEqual([]);
    expect(reported('Moulds are controlled under ACoP 9931.', 'Ductwork cleaning records are kept for two years.')).toEqual([]);
  });

  it('compares with a table cell by its own words, and applies a figure healthcare guidance credits to the regulator anywhere', () => {
    const pools = 'The nursery paddling pools are filled with water at pool inlets no more than 35°C.';
    expect(reported(pools)).toEqual([pools.replace(/\.$/, '')]);
    expect(reported('The nursery paddling pools are filled with water at pool inlets no more than 30°C.')).toEqual([]);
    // The guidance's own figure binds only healthcare premises and policies that adopt it.
    expect(reported('The leisure spa runs with spa water no more than 40°C.')).toEqual([]);
  });
});

describe('the rule a wrong figure is explained with', () => {
  const own: ReviewLibrary = {
    documents: [
      document(
        'PVG 2031',
        'Plant Ventilation Guidance 2031',
        'paragraph',
        'This is the part most plant room teams use daily. Boiler flue dampers are inspected daily.',
      ),
      document(
        'OHR 2031',
        'Occupational Health Regulations 2031',
        'paragraph',
        'Health surveillance: adult health records kept for 40 years.',
      ),
      document(
        'PRC 2031',
        'Patient Records Code 2031',
        'table',
        'Record | Minimum retention\nAdult health records (hospital and community) | 8 years after the conclusion of treatment',
      ),
      document(
        'SSR 2031',
        'Substances Safety Regulations 2031',
        'paragraph',
        'Record the significant findings of the assessment where five or more people are employed.',
      ),
      document('FSO 2031', 'Fire Safety Order 2031', 'paragraph', 'The responsible person records the fire risk assessment.'),
      document(
        'DEG 31-01',
        'Ducted extraction guidance for healthcare premises',
        'table',
        'Task | Interval\nThorough examination of local exhaust ventilation (VXR) | At least every 14 months',
      ),
      document(
        'VXR 2031',
        'Vapour Exposure Regulations 2031',
        'table',
        'Plant | Requirement\nLocal exhaust ventilation (fume cupboards and extracted benches) | Thorough examination at least every 14 months',
      ),
    ],
  };
  const review = (...blocks: string[]) => {
    const input = policy(...blocks);
    return requirementFindings(input, findReferences(input, own).citations, own);
  };

  it('explains a period counted from an event with the period counted from the same event', () => {
    const [finding, ...rest] = review('Adult health records are kept for 6 years after the conclusion of treatment.');
    expect(rest).toEqual([]);
    expect(finding?.evidence[0]?.code).toBe('PRC 2031');
    expect(finding?.expected).toMatch(/^at least 8 years/);
  });

  it('reads no rule from a sentence about the document itself, and says a figure under a week in days', () => {
    expect(review('The plant room teams use the part each year.')).toEqual([]);
    const [finding] = review('Boiler flue dampers are inspected every week.');
    expect(finding?.expected).toMatch(/^at least every day \(PVG 2031\)/);
  });

  it('reads the subject a clause goes on without from the clause before, and cites the law guidance credits its figure to', () => {
    const [finding, ...rest] = review(
      'The theatre scavenging systems are local exhaust ventilation under VXR 2031, and are thoroughly examined every 24 months.',
    );
    expect(rest).toEqual([]);
    expect(finding?.quote).toBe('and are thoroughly examined every 24 months');
    // The guidance's own row is the closer match by its title, but it names the Regulations as its source.
    expect(finding?.evidence[0]?.code).toBe('VXR 2031');
    expect(review('The theatre scavenging systems are thoroughly examined every 12 months.')).toEqual([]);
  });

  it('reads "more than 20 staff" as whom a duty binds, and says the library\'s threshold in words', () => {
    const [finding, ...rest] = review(
      'The significant findings of the assessment are recorded only in departments that employ more than 20 staff.',
    );
    expect(rest).toEqual([]);
    expect(finding?.quote).toBe(
      'The significant findings of the assessment are recorded only in departments that employ more than 20 staff',
    );
    expect(finding?.expected).toBe('5 or more people employed (SSR 2031)');
    expect(finding?.explanation).toContain('SSR 2031 requires this where 5 or more people are employed');
    expect(review('The significant findings of the assessment are recorded in departments that employ at least five staff.')).toEqual([]);
    // A number of staff that bounds nothing is no threshold.
    expect(review('The significant findings of the assessment are recorded and shared with the 20 staff of each department.')).toEqual([]);
  });

  it("does not hold a figure the policy says one law sets to another law's figure for its own duty", () => {
    const said =
      'Fire Safety Order 2031 requires the significant findings of the assessment to be recorded where ten or more people are employed.';
    expect(review(said)).toEqual([]);
    // Said without naming a law, the figure is compared with the library's.
    expect(review('The significant findings of the assessment are recorded where ten or more people are employed.')).toHaveLength(1);
  });
});

describe('a subject read from a relied document and from a pronoun two clauses back', () => {
  const own: ReviewLibrary = {
    documents: [
      document(
        'FAS 2031',
        'Fire alarm systems for buildings',
        'table',
        'Activity | Interval\nInspection and servicing | At intervals of about 6 months',
      ),
      document('WSG 2031', 'Water outlet guidance', 'table', 'Outlet | Check\nSentinel outlets | Temperature checked monthly'),
    ],
  };
  const review = (...blocks: string[]) => {
    const input = policy(...blocks);
    return requirementFindings(input, findReferences(input, own).citations, own).map((finding) => finding.quote);
  };

  it('reads a passage that names only what is done as about its document, for a policy that relies on it', () => {
    const serviced = 'The systems are inspected and serviced by the fire alarm contractor once every 12 months.';
    expect(review('Fire alarm systems follow FAS 2031.', serviced)).toEqual([serviced.replace(/\.$/, '')]);
    // Not for a policy that does not rely on the document, nor for another thing serviced.
    expect(review(serviced)).toEqual([]);
    expect(review('Fire alarm systems follow FAS 2031.', 'The passenger lifts are inspected and serviced every 12 months.')).toEqual([]);
  });

  it("hands a pronoun's subject on to the next pronoun", () => {
    expect(
      review('Sentinel outlets are the outlets nearest the tank; they are listed in Appendix 1. They are checked every three months.'),
    ).toEqual(['They are checked every three months']);
  });
});

describe('a band of figures', () => {
  const own: ReviewLibrary = {
    documents: [document('WSR 2031', 'Water Systems Rules 2031', 'paragraph', 'Calorifiers store hot water at 60 °C or above.')],
  };
  const reported = (...blocks: string[]) => requirementFindings(policy(...blocks), [], own).map((finding) => finding.quote);

  it("reads the ends of a band as a band, not as floors below the library's", () => {
    expect(reported('Bacteria multiply in hot water stored by calorifiers at between about 20 °C and 45 °C.')).toEqual([]);
    expect(reported('Bacteria multiply in hot water stored by calorifiers at 20–45 °C.')).toEqual([]);
    expect(reported('Calorifiers store hot water at 50 °C.')).toEqual(['Calorifiers store hot water at 50 °C']);
  });

  it('reads a figure in the first row of a table its file says has no header row', () => {
    const table = (headerless: boolean): Policy => ({
      title: 'Water policy',
      elements: [
        {
          index: 0,
          type: 'table',
          text: 'Calorifiers | Store hot water at 50 °C\nCold water tanks | Inspected yearly',
          page: 1,
          headingPath: [],
          headerless,
        },
      ],
    });
    expect(requirementFindings(table(true), [], own).map((finding) => finding.quote)).toEqual(['Store hot water at 50 °C']);
    expect(requirementFindings(table(false), [], own)).toEqual([]);
  });
});

describe('durations, a time held at a temperature, a birthday, and a name written in full', () => {
  const paragraph = (code: string, title: string, text: string) => document(code, title, 'paragraph', text);
  const own: ReviewLibrary = {
    documents: [
      paragraph(
        'HTM 99-04',
        'Decontamination of laundry',
        'The wash includes a thermal disinfection stage: 70 °C held for at least 5 minutes or 80 °C held for at least 1 minute, with mixing time added.',
      ),
      paragraph('IRR 2031', 'Incident Reporting Rules 2031', 'Report over-ten-day absences within 20 days of the incident.'),
      paragraph(
        'PCO',
        "Privacy Commissioner's Office guidance",
        "Report a data loss to the PCO within 48 hours of becoming aware of it. The Privacy Commissioner's Office (PCO) keeps a register.",
      ),
      paragraph('RKC 2031', 'Records Keeping Code 2031', "Children's dental records are kept until the patient's 21st birthday."),
    ],
  };
  const reported = (...blocks: string[]) => requirementFindings(policy(...blocks), [], own);

  it('reports a time held at a temperature shorter than the relied document holds it, and not one it allows or one at another temperature', () => {
    const held = (figure: string) => `Infected laundry is washed on the disinfection cycle, which holds the wash at ${figure}.`;
    const [finding] = reported('Laundry is processed as HTM 99-04 sets out.', held('70 °C for two minutes'));
    expect(finding?.quote).toBe('Infected laundry is washed on the disinfection cycle, which holds the wash at 70 °C for two minutes');
    expect(finding?.expected).toBe('at least 5 minutes (HTM 99-04)');
    expect(reported('Laundry is processed as HTM 99-04 sets out.', held('70 °C for five minutes'))).toEqual([]);
    expect(reported('Laundry is processed as HTM 99-04 sets out.', held('80 °C for two minutes'))).toEqual([]);
    // The pair names the process only in a document the policy relies on.
    expect(reported(held('70 °C for two minutes'))).toEqual([]);
  });

  it('reports a shorter threshold of how long something lasts, saying "more than" where the library does', () => {
    const absence = (days: string) =>
      `Absences are reported to the regulator when a member of staff is off for more than ${days} consecutive days after an incident.`;
    expect(reported(absence('four')).map((finding) => finding.expected)).toEqual(['more than 10 days (IRR 2031)']);
    expect(reported(absence('ten'))).toEqual([]);
  });

  it('reports an earlier birthday records are kept until, and not the same or a later one', () => {
    const kept = (birthday: string) => `Children's dental records are kept until the patient's ${birthday} birthday.`;
    expect(reported(kept('18th')).map((finding) => finding.expected)).toEqual(['the 21st birthday (RKC 2031)']);
    expect(reported(kept('21st'))).toEqual([]);
    expect(reported(kept('25th'))).toEqual([]);
  });

  it("reads an officer's name as the acronym of their office", () => {
    const breach = (deadline: string) => `Incidents are reported to the Privacy Commissioner within ${deadline} of becoming aware of them.`;
    expect(reported(breach('30 days')).map((finding) => finding.expected)).toEqual(['within 48 hours (PCO)']);
    expect(reported(breach('24 hours'))).toEqual([]);
  });
});

describe("a figure's subject: a row's heading, a pronoun, an exemption, and words that are not the subject", () => {
  const table = (code: string, title: string, text: string) => document(code, title, 'table', text);
  const own: ReviewLibrary = {
    documents: [
      table(
        'LHR 2031',
        'Lifting Hoist Rules 2031',
        'Equipment | Maximum interval between thorough examinations\nEquipment used for lifting people (patient hoists, stairlifts) | 6 months\nOther lifting equipment | 12 months',
      ),
      table('LHR 2031 R', 'Lifting Hoist Records', 'Record | Kept for\nReport of a thorough examination | 2 years'),
      table('DLR 2031', 'Dose Limit Rules 2031', 'Person | Quantity | Limit\nEmployees aged 18 and over | Effective dose | 20 mSv'),
      document(
        'DLR 2031 E',
        'Dose Limit Rules: the eye',
        'paragraph',
        'The annual dose limit for the lens of the eye for employees fell from 150 mSv to 20 mSv.',
      ),
      document(
        'SSR 2031',
        'Safety Statement Rules 2031',
        'paragraph',
        "Prepare a written safety statement and bring it to employees' attention (employers with fewer than five employees are exempt from the written requirement).",
      ),
      document('WSR 2031', 'Water Systems Rules 2031', 'paragraph', 'Calorifiers store hot water at 60 °C or above.'),
    ],
  };
  const reported = (...blocks: string[]) => requirementFindings(policy(...blocks), [], own).map((finding) => finding.quote);

  it("reads a policy row's figure with its column's heading, and not what the row says a thing never does", () => {
    const examinations = (interval: string) =>
      `Equipment | Thorough examination | Carried out by\nBath hoists and slings | ${interval} | Insurer\nGoods-only dumb waiter (never carries people) | At least every 12 months | Insurer`;
    expect(reported(examinations('Once a year'))).toEqual(['Once a year']);
    expect(reported(examinations('Every six months'))).toEqual([]);
    const [goods] = policyStatements(
      policy('Equipment | Thorough examination\nGoods lift (never carries people) | At least every 12 months').elements[0] as PolicyElement,
    );
    expect([...(goods?.subject ?? [])]).not.toContain('peopl');
  });

  it('keeps "aged 18 and over" in one clause, and leaves a replaced figure out of the library\'s subject', () => {
    expect(reported('The annual effective dose limit for employees aged 18 and over is 50 mSv.')).toEqual([
      'The annual effective dose limit for employees aged 18 and over is 50 mSv',
    ]);
    const [eye] = libraryStatements(own.documents[3] as LibraryDocument);
    expect([...(eye?.subject ?? [])]).not.toContain('fell');
    expect([...(eye?.subject ?? [])]).not.toContain('msv');
  });

  it("reports a figure where another sentence states the library's figure for something less like its subject", () => {
    expect(
      reported('The annual effective dose limit for employees is 20 mSv; the annual limit for the lens of the eye is 150 mSv.'),
    ).toEqual(['the annual limit for the lens of the eye is 150 mSv']);
  });

  it('reads an exemption below a headcount as the duty from that headcount up', () => {
    const statement = (count: string) =>
      `The rules require a written safety statement only from employers with ${count} or more employees.`;
    expect(requirementFindings(policy(statement('ten')), [], own).map((finding) => finding.expected)).toEqual([
      '5 or more people employed (SSR 2031)',
    ]);
    expect(reported(statement('five'))).toEqual([]);
  });

  it('reads what "these" are kept and what "they" store from the sentence before', () => {
    expect(reported('The insurer emails a written report of each thorough examination. We keep these for twelve months.')).toEqual([
      'We keep these for twelve months',
    ]);
    expect(reported('Two calorifiers serve the east wing. They store water at 55 °C.')).toEqual(['They store water at 55 °C']);
    expect(reported('Two calorifiers serve the east wing. They store water at 60 °C.')).toEqual([]);
    const [stored] = policyStatements(
      policy('Two calorifiers serve the east wing. They store water at 55 °C.').elements[0] as PolicyElement,
    );
    expect([...(stored?.subject ?? [])]).toContain('calor');
  });

  it('quotes a wrong figure up to where the words after it go on to something else', () => {
    expect(reported('Calorifiers store hot water at 50 °C, which saves energy in the winter months.')).toEqual([
      'Calorifiers store hot water at 50 °C',
    ]);
    expect(reported('Calorifiers store hot water at 50 °C, checking the gauge every morning.')).toEqual([
      'Calorifiers store hot water at 50 °C',
    ]);
    expect(reported('Calorifiers store hot water at 50 °C, by the setting the installer chose.')).toEqual([
      'Calorifiers store hot water at 50 °C',
    ]);
  });

  it('compares no figure of document control, which speaks of the policy itself', () => {
    const changes = 'Version | Date | Author | Changes\n3.0 | March 2026 | Estates Manager | Calorifiers store hot water at 50 °C';
    expect(reported(changes)).toEqual([]);
    const details =
      'Field | Detail\nReference | EST-04\nVersion | 3.0\nDate Approved | March 2026\nSummary of changes | Calorifiers store hot water at 50 °C';
    expect(reported(details)).toEqual([]);
    expect(reported('Calorifiers store hot water at 50 °C.')).toEqual(['Calorifiers store hot water at 50 °C']);
  });

  it("leaves out of a policy figure's subject who does it and where the thing is then put", () => {
    const [checked] = policyStatements(
      policy('Outlets are checked every three months by the Maintenance Coordinator and the readings are logged.')
        .elements[0] as PolicyElement,
    );
    expect([...(checked?.subject ?? [])]).not.toContain('maint');
    const [kept] = policyStatements(
      policy('Consignment notes are kept for two years, filed with the transfer notes.').elements[0] as PolicyElement,
    );
    expect([...(kept?.subject ?? [])]).not.toContain('trans');
  });
});

describe("a table row's own words", () => {
  it("reads a row's abbreviation as the library spells it, and a law named in one row as no other row's", () => {
    const lev = policy(
      'Ventilation follows COSHH 2002.',
      'Equipment | Examination\nLEV hood over the dosing station | Examined and tested every other year',
    );
    expect(requirementFindings(lev, [], library).map((finding) => finding.quote)).toEqual(['Examined and tested every other year']);
    const records = policy(
      'Waste follows HTM 07-01.',
      'Record | Kept for\nAccident and RIDDOR records | 3 years\nHazardous waste consignment notes | Two years, then destroyed',
    );
    expect(requirementFindings(records, citeLibrary(records.elements, library), library).map((finding) => finding.quote)).toEqual([
      'Two years, then destroyed',
    ]);
  });
});

describe("a figure's subject named in the service's everyday words", () => {
  const own: ReviewLibrary = {
    documents: [
      document('WOR 2031', 'Water Outlet Rules 2031', 'paragraph', 'Little-used outlets are flushed at least weekly.'),
      document('OWR 2031', 'Outlet Water Rules 2031', 'paragraph', 'Outlet water is no hotter than 44 °C.'),
      document('LEV 2031', 'Extraction Rules 2031', 'paragraph', 'Local exhaust ventilation is examined at least every 14 months.'),
      document('LPR 2031', 'Lift Rules 2031', 'paragraph', 'Lifts that carry people are thoroughly examined at least every 6 months.'),
      document('DAR 2031', 'Data Access Rules 2031', 'paragraph', 'Subject access requests are answered within one month.'),
      document('CHR 2031', 'Complaint Handling Rules 2031', 'paragraph', 'Complaints are answered within 20 days.'),
      document('ARR 2031', 'Assessment Recording Rules 2031', 'paragraph', 'Assessments are recorded where five or more persons work.'),
      document('EMR 2031', 'Exposure Monitoring Rules 2031', 'paragraph', 'Records of exposure monitoring are kept for 5 years.'),
      document('WSR 2031', 'Water Storage Rules 2031', 'paragraph', 'Calorifiers store hot water at 60 °C or above.'),
    ],
  };
  const reported = (...blocks: string[]) => requirementFindings(policy(...blocks), [], own).map((finding) => finding.quote);

  it('reads taps and showers as outlets, and a room nobody uses as little use', () => {
    expect(reported('Showers and taps in unoccupied bedrooms are flushed once a fortnight.')).toEqual([
      'Showers and taps in unoccupied bedrooms are flushed once a fortnight',
    ]);
    expect(reported('Showers and taps in unoccupied bedrooms are flushed every week.')).toEqual([]);
    expect(reported('Taps are flushed once a fortnight.')).toEqual([]);
    expect(reported('Bedroom tap water is at 46 °C.')).toEqual(['Bedroom tap water is at 46 °C']);
    expect(reported('Bedroom tap water is at 43 °C.')).toEqual([]);
    const subject = (text: string) => [...(policyStatements(policy(text).elements[0] as PolicyElement)[0]?.subject ?? [])];
    expect(subject('Equipment that must not be used is labelled every month.')).not.toContain('seldo');
  });

  it("reads a person's request for their own records as a subject access request, and a reply as an answer", () => {
    expect(reported('Requests from patients for copies of their own records are answered within 40 days.')).toEqual([
      'Requests from patients for copies of their own records are answered within 40 days',
    ]);
    expect(reported('Requests for new equipment are answered within 40 days.')).toEqual([]);
    expect(reported('Requests from staff for copies of CCTV footage are answered within 40 days.')).toHaveLength(1);
    expect(reported('Requests from the police for copies of CCTV footage are answered within 40 days.')).toEqual([]);
    expect(reported('Complaints receive a reply within 30 days.')).toEqual(['Complaints receive a reply within 30 days']);
  });

  it('reads "written down" as recorded, results as records and a hot water cylinder as a calorifier', () => {
    expect(reported('Assessments are written down where ten or more persons are based.')).toEqual([
      'Assessments are written down where ten or more persons are based',
    ]);
    expect(reported('Exposure monitoring results are kept for two years.')).toEqual(['Exposure monitoring results are kept for two years']);
    expect(reported('Water heaters store water at 50 °C.')).toEqual(['Water heaters store water at 50 °C']);
    expect([stem('elevators'), stem('autoclave'), stem('sterilisers')]).toEqual([stem('lifts'), stem('sterilizer'), stem('sterilizers')]);
  });

  it('reads a fume cupboard, a downdraught bench and exhaust extraction as local exhaust ventilation', () => {
    expect(reported('Fume cupboards are examined every two years.')).toEqual(['Fume cupboards are examined every two years']);
    expect(reported('Fume cupboards are examined every 12 months.')).toEqual([]);
    expect(
      reported('the downdraught bench in the specimen room, where tissue is put into pots of fixative: examined every two years'),
    ).toEqual(['examined every two years']);
    expect(reported('The tailpipe exhaust extraction in the vehicle bays is examined every three years.')).toHaveLength(1);
  });

  it('leaves out of a subject what a thing is said to carry only', () => {
    expect(reported('The kitchen dumb waiters, which carry food trolleys only: thoroughly examined every 12 months.')).toEqual([]);
    expect(reported('The kitchen dumb waiter carries no people and is thoroughly examined every 12 months.')).toEqual([]);
    expect(reported('The bed lifts, which carry patients and porters: thoroughly examined every 12 months.')).toEqual([
      'thoroughly examined every 12 months',
    ]);
  });

  it('reads a line that opens with a thing and a colon as about that thing, and the next line as about its own', () => {
    expect(reported('Hot water cylinder: stored at 50 °C, with a pump on the loop.')).toEqual(['stored at 50 °C']);
    expect(reported('Hot water cylinder: stored at 60 °C, with a pump on the loop.')).toEqual([]);
    expect(reported('Hot water cylinder: serviced by the contractor.\nThe loop: stored at 50 °C.')).toEqual([]);
  });
});
