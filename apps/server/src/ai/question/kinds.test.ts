import { describe, expect, it } from 'vitest';
import {
  answersInItsSection,
  answersKind,
  disappliesTo,
  titledForOtherSide,
  writtenForOtherSettings,
  pullsKind,
  documentExcludesNation,
  documentPhase,
  kindsAnswered,
  phaseConflicts,
  questionKinds,
} from './kinds.ts';

const kindsOf = (question: string) => [...questionKinds(question).kinds].sort();

describe('questionKinds', () => {
  it('reads "who published …" as asking for a document\'s author, not for the roles it names', () => {
    expect(questionKinds('who actually published the records management code that came out in 2016?').kinds.has('who')).toBe(false);
    expect(questionKinds('which body produced the dental decontamination audit tool?').kinds.has('who')).toBe(false);
    expect(questionKinds('who is responsible for the records management code at board level?').kinds.has('who')).toBe(true);
  });

  it('reads who-questions from "who", responsibility, accountability and appointment wordings', () => {
    for (const question of [
      'Who signs off the permit to work for a boiler shutdown?',
      'Which manager is accountable for asbestos surveys in our trust?',
      'Is the estates director responsible for the ventilation of theatres?',
      'Does the board appoint the person in charge of decontamination?',
      'Outline the roles for a pressure systems examination.',
    ]) {
      expect(questionKinds(question).kinds.has('who'), question).toBe(true);
    }
    expect(questionKinds('What colour are sharps bins?').kinds.has('who')).toBe(false);
  });

  it('reads how-often questions, and several kinds in one question', () => {
    expect(kindsOf('How frequently should emergency lighting be tested, and for how long?')).toEqual(
      expect.arrayContaining(['frequency', 'figure']),
    );
    expect(questionKinds('At what interval is a pressure vessel examined?').kinds.has('frequency')).toBe(true);
    // "Pressure systems" names equipment, not a figure asked for; "what pressure" asks one.
    expect(kindsOf('How often must pressure systems be examined under a written scheme?')).toEqual(['frequency']);
    expect(questionKinds('What pressure should the oxygen pipeline run at?').kinds.has('figure')).toBe(true);
    // "Board level" says who, not a level to measure.
    expect(questionKinds('Who leads fire safety at board level?').kinds.has('figure')).toBe(false);
    expect(questionKinds('What noise level is allowed in a ward?').kinds.has('figure')).toBe(true);
    expect(questionKinds('When must the fire alarm be tested?').kinds.has('frequency')).toBe(true);
    const both = questionKinds('How often do we flush little-used showers and what is the hot water temperature?');
    expect(both.kinds.has('frequency')).toBe(true);
    expect(both.kinds.has('figure')).toBe(true);
  });

  it('reads figures, records, duties, definitions and drafts', () => {
    expect(questionKinds('What is the maximum surface temperature of a radiator in a ward?').kinds.has('figure')).toBe(true);
    expect(questionKinds('How long do we retain asbestos health records?').kinds).toEqual(new Set(['records', 'figure']));
    // "How long do we keep / hang on to …" asks for a retention period, whatever it names.
    expect(questionKinds('how long do we have to keep the LOLER reports for our patient hoists?').kinds).toEqual(
      new Set(['records', 'figure']),
    );
    expect(questionKinds('how long do we need to hang on to the flushing sheets?').kinds.has('records')).toBe(true);
    expect(questionKinds('How do we keep legionella out of the hot water system?').kinds.has('records')).toBe(false);
    expect(questionKinds('What are the obligations of an employer under the display screen rules?').kinds.has('duties')).toBe(true);
    expect(kindsOf('What is a sentinel outlet?')).toEqual(['definition']);
    expect(questionKinds('Define "competent person" for pressure systems').kinds.has('definition')).toBe(true);
    expect(questionKinds('What does ALARP mean?').kinds.has('definition')).toBe(true);
    // A "what is the …" asking for a figure is not a definition.
    expect(questionKinds('What is the minimum flow temperature from a calorifier?').kinds.has('definition')).toBe(false);
    expect(questionKinds('Please write a short section of our ventilation policy on monitoring').kinds.has('draft')).toBe(true);
    expect(questionKinds('Could you draft a lone working procedure for porters?').kinds.has('draft')).toBe(true);
    expect(questionKinds('What does the policy draft process involve?').kinds.has('draft')).toBe(false);
  });

  it('reads a question asking which provision of an instrument, and not one asking which part of a building', () => {
    const kinds = (question: string) => [...questionKinds(question).kinds];
    expect(kinds('which section of the HSW act makes interfering with safety provisions an offence?')).toContain('provision');
    expect(kinds('what reg in the EAW regs gives the due diligence defence?')).toContain('provision');
    expect(kinds('which part of the building needs the most work?')).not.toContain('provision');
    expect(answersKind('provision', { text: 'Section 8 makes it an offence to interfere with anything provided for safety.' })).toBe(true);
    expect(answersKind('provision', { text: 'Employees must not interfere with anything provided for safety.' })).toBe(false);
  });

  it('reads a question asking for the kinds or parts of something as a list, answered by a list, a table or a long series', () => {
    const kinds = (question: string) => [...questionKinds(question).kinds];
    expect(kinds('what piped services does the guidance cover?')).toContain('list');
    expect(kinds('what are all the categories in the standard and what is each one for?')).toContain('list');
    expect(kinds('what temperature should the calorifier be?')).not.toContain('list');
    expect(answersKind('list', { text: 'Medical air', type: 'list_item' })).toBe(true);
    expect(answersKind('list', { text: 'It covers oxygen, medical air, surgical air, vacuum and scavenging.' })).toBe(true);
    expect(answersKind('list', { text: 'It covers piped gases.' })).toBe(false);
  });

  it('reads the setting, the nation and the phase', () => {
    const careHome = questionKinds('What must a nursing home in Wales do about fire doors?');
    expect(careHome.setting).toBe('care-home');
    expect(careHome.nation).toBe('Wales');
    expect(questionKinds('Which rules apply on our hospital wards in England?').setting).toBe('hospital');
    expect(questionKinds('Which rules apply on our hospital wards in England?').nation).toBe('England');
    expect(questionKinds('Do Scottish dental practices need a decontamination room?').setting).toBe('primary-care');
    expect(questionKinds('Do Scottish dental practices need a decontamination room?').nation).toBe('Scotland');
    expect(questionKinds('How should a new isolation suite be designed and commissioned?').phase).toBe('design');
    expect(questionKinds('Who maintains the oxygen manifold day to day?').phase).toBe('operation');
    expect(questionKinds('How often are the AHUs inspected?').phase).toBe('operation');
    expect(questionKinds('Draft the responsibilities section of our electrical safety policy').phase).toBe('operation');
    expect(questionKinds('What is asbestos?').phase).toBeNull();
    expect(questionKinds('What is asbestos?').setting).toBeNull();
  });
});

describe('answersKind', () => {
  it('finds roles tables and duty-holder statements for who-questions', () => {
    const table = 'Role | Duties\nDesignated Person | Holds the management duty\nCompetent Person | Carries out the work';
    expect(answersKind('who', { text: table, headingPath: ['Management', 'Roles and responsibilities'] })).toBe(true);
    expect(answersKind('who', { text: 'role | duty\nlead | runs it', type: 'table', headingPath: ['Roles'] })).toBe(true);
    expect(answersKind('who', { text: 'role | duty\nlead | runs it', type: 'table', headingPath: ['Maintenance'] })).toBe(false);
    expect(answersKind('who', { text: 'The chief executive is ultimately accountable for the safety of the site.' })).toBe(true);
    expect(answersKind('who', { text: 'The employer must appoint, in writing, a competent person.' })).toBe(true);
    expect(answersKind('who', { text: 'Pipework should be copper and labelled at intervals.' })).toBe(false);
  });

  it('finds figures with their unit, radiation doses and masses among them', () => {
    for (const text of ['The annual limit is 20 mSv.', 'Residual protein at or below 5 µg per instrument side.', 'A 400 kW boiler.']) {
      expect(answersKind('figure', { text }), text).toBe(true);
    }
    expect(answersKind('figure', { text: 'The Regulations came in 2017 and apply to 3 groups.' })).toBe(false);
  });

  it('finds interval statements for how-often questions', () => {
    for (const text of [
      'Test each fire door weekly.',
      'Examine the hoist every 6 months.',
      'Lamps are checked at least once a year.',
      'Inspections at intervals not exceeding 14 months.',
      'A six-monthly examination is needed for accessories.',
    ]) {
      expect(answersKind('frequency', { text }), text).toBe(true);
    }
    expect(answersKind('frequency', { text: 'The duty holder must keep the system safe.' })).toBe(false);
  });

  it('finds numeric limits with units, records sections and duty lists', () => {
    expect(answersKind('figure', { text: 'Hot water should reach 50 °C within one minute.' })).toBe(true);
    expect(answersKind('figure', { text: 'Surfaces must not exceed 43ºC.' })).toBe(true);
    expect(answersKind('figure', { text: 'The plan should be reviewed by the group.' })).toBe(false);
    expect(answersKind('records', { text: 'Records of the monitoring must be kept for at least five years.' })).toBe(true);
    expect(answersKind('records', { text: 'Keep a log book of each test.', headingPath: ['Record keeping'] })).toBe(true);
    expect(answersKind('records', { text: 'Temperatures are taken at sentinel outlets.' })).toBe(false);
    // An item of a records section's list names a record kept, though it says nothing of keeping it.
    const item = {
      text: 'Risk register with evidence of review and escalation.',
      headingPath: ['Records and evidence an inspector expects'],
    };
    expect(answersKind('records', { ...item, type: 'list_item' })).toBe(true);
    expect(answersKind('records', { ...item, type: 'paragraph' })).toBe(false);
    expect(answersKind('records', { ...item, type: 'list_item', headingPath: ['Common compliance gaps'] })).toBe(false);
    expect(answersKind('duties', { text: 'The responsible person must carry out a suitable assessment.' })).toBe(true);
    expect(answersKind('definition', { text: 'A dead leg means a length of pipe in which water can stagnate.' })).toBe(true);
    expect(kindsAnswered(['frequency', 'figure', 'who'], { text: 'Check outlets monthly: hot at least 50 °C.' })).toEqual(
      new Set(['frequency', 'figure']),
    );
  });
});

describe('pullsKind', () => {
  it('pulls duties only from a section on duties or requirements, other kinds as answersKind', () => {
    const duty = 'Keep an up-to-date record of the location and condition of known materials.';
    expect(pullsKind('duties', { text: duty, headingPath: ['Key duties and requirements', 'Duty to manage'] })).toBe(true);
    expect(pullsKind('duties', { text: 'Staff must sign in.', headingPath: ['History and what changed'] })).toBe(false);
    expect(pullsKind('frequency', { text: 'Test the alarm weekly.' })).toBe(true);
  });
});

describe('answersInItsSection', () => {
  it('takes who from a roles section and records from a records section, not from a mention elsewhere', () => {
    const mention = 'The Order places a single duty on the responsible person.';
    expect(answersKind('who', { text: mention, headingPath: ['History'] })).toBe(true);
    expect(answersInItsSection('who', { text: mention, headingPath: ['History'] })).toBe(false);
    expect(
      answersInItsSection('who', {
        text: 'Responsible person. The organisation (employer or person in control).',
        headingPath: ['Roles and responsibilities'],
      }),
    ).toBe(true);
    expect(answersInItsSection('records', { text: 'Records are kept for 5 years.', headingPath: ['Records and evidence'] })).toBe(true);
    expect(answersInItsSection('records', { text: 'Records are kept for 5 years.', headingPath: ['Purpose'] })).toBe(false);
    // A retention table in a records section answers a records question.
    const retention = 'Report | Kept for\nReport of a periodic examination | Until the next report, or 2 years';
    expect(answersKind('records', { text: retention, headingPath: ['Records and evidence'], type: 'table' })).toBe(true);
  });
});

describe('applicability', () => {
  it('recognises a passage that disapplies its document to the asker’s setting, up to a "but"', () => {
    const text =
      'Hospitals and care homes are not blocks of flats, so these Regulations do not normally apply to them; but supported-living schemes may be covered.';
    expect(disappliesTo(text, { setting: 'care-home', nation: null })).toBe(true);
    expect(disappliesTo(text, { setting: 'hospital', nation: null })).toBe(true);
    expect(disappliesTo(text, { setting: null, nation: null })).toBe(false);
    expect(disappliesTo('These rules do not apply to flats, but they do cover care homes.', { setting: 'care-home', nation: null })).toBe(
      false,
    );
    expect(disappliesTo('The Order does not apply in Scotland or Northern Ireland.', { setting: null, nation: 'Scotland' })).toBe(true);
    expect(disappliesTo('The Order does not apply in Scotland or Northern Ireland.', { setting: null, nation: 'England' })).toBe(false);
    expect(disappliesTo('Care homes must carry out an assessment.', { setting: 'care-home', nation: null })).toBe(false);
  });

  it('reads a document’s phase from its title and flags the other phase', () => {
    expect(documentPhase({ title: 'Pipeline systems: design, installation, validation and verification' })).toBe('design');
    expect(documentPhase({ title: 'Pipeline systems: operational management' })).toBe('operation');
    expect(documentPhase({ title: 'Lifts' })).toBeNull();
    expect(phaseConflicts({ title: 'Safe water: design, installation, commissioning' }, { phase: 'operation' })).toBe(true);
    expect(phaseConflicts({ title: 'Safe water: operational management' }, { phase: 'operation' })).toBe(false);
    expect(phaseConflicts({ title: 'Safe water: design, installation, commissioning' }, { phase: null })).toBe(false);
  });

  it('reads guidance whose audience never names the asker’s kind of setting as written for other settings', () => {
    const hospitalGuidance = [
      {
        text: 'NHS trusts and other organisations providing NHS-funded care from healthcare premises.',
        headingPath: ['Who it applies to'],
      },
      { text: 'Care homes must keep records.', headingPath: ['Key duties'] },
    ];
    const careGuidance = [{ text: 'Hospitals, hospices and care homes with hot water systems.', headingPath: ['Who it applies to'] }];
    expect(writtenForOtherSettings({ category: 'Guidance' }, hospitalGuidance, { setting: 'care-home' })).toBe(true);
    expect(writtenForOtherSettings({ category: 'Guidance' }, careGuidance, { setting: 'care-home' })).toBe(false);
    // The law binds wherever it applies; a hospital question or no setting excludes nothing; no audience section says nothing.
    expect(writtenForOtherSettings({ category: 'Legislation' }, hospitalGuidance, { setting: 'care-home' })).toBe(false);
    expect(writtenForOtherSettings({ category: 'Guidance' }, hospitalGuidance, { setting: 'hospital' })).toBe(false);
    expect(writtenForOtherSettings({ category: 'Guidance' }, hospitalGuidance, { setting: null })).toBe(false);
    expect(writtenForOtherSettings({ category: 'Guidance' }, hospitalGuidance.slice(1), { setting: 'care-home' })).toBe(false);
  });

  it('flags a document titled for the other side of a contrast the question draws', () => {
    const question = questionKinds('Who is the duty holder for our low voltage installation?');
    expect(titledForOtherSide({ title: 'Electrical safety guidance for high voltage systems' }, question)).toBe(true);
    expect(titledForOtherSide({ title: 'Electrical safety guidance for low voltage systems' }, question)).toBe(false);
    expect(
      titledForOtherSide(
        { title: 'Electrical safety guidance for high voltage systems' },
        questionKinds('Who is the electrical duty holder?'),
      ),
    ).toBe(false);
    expect(titledForOtherSide({ title: 'Adult in-patient facilities' }, questionKinds('What space does a children’s ward need?'))).toBe(
      true,
    );
  });

  it('reads applies_to against the nation asked about', () => {
    expect(documentExcludesNation(['Scotland'], { nation: 'England' })).toBe(true);
    expect(documentExcludesNation(['England', 'Wales'], { nation: 'England' })).toBe(false);
    expect(documentExcludesNation([], { nation: 'England' })).toBe(false);
    expect(documentExcludesNation(['Scotland'], { nation: null })).toBe(false);
  });
});
