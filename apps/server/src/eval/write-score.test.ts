import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { WRITE_DEV_SET_PATH } from './write-set.ts';
import { type GoldMeeting, ownerMatches, overlap, type PredictedMeeting, scoreMeeting, scoreSet } from './write-score.ts';

/** Two meetings of our own, annotated the way the set is, exercising every part of the rule. */
const GOLD: GoldMeeting[] = [
  {
    id: 'own-1',
    file: 'own-1.txt',
    format: 'plain',
    meeting_type: 'Premises group',
    meeting_date: '2027-03-02',
    attendees: ['Dr Ines Varga', 'Tomasz Lind', 'Bea Quist'],
    apologies: ['Olek Mraz'],
    decisions: [
      { text: 'Water Safety Plan version 3 approved.', evidence: 'approved version three' },
      { text: 'Lift servicing stays quarterly.', evidence: 'we keep it quarterly' },
    ],
    actions: [
      {
        owner: 'Tomasz Lind',
        action: 'Replace the leaking thermostatic mixing valves on the east ward.',
        due: '2027-03-05',
        evidence: "I'll replace them",
      },
      { owner: 'Bea Quist', action: 'Review the fire risk assessment for the annexe.', due: null, evidence: 'Bea, can you review' },
      { owner: 'Olek Mraz', action: 'Send the asbestos survey to the contractor.', due: '2027-03-30', evidence: 'action on Olek' },
      { owner: 'Authorising Engineer (HV)', action: 'Witness the substation switching.', due: null, evidence: 'action on the HV AE' },
    ],
    not_actions: [
      { evidence: 'I replaced the shower heads last week', why: 'completed' },
      { evidence: 'Could we close the annexe kitchen?', why: 'rejected proposal' },
    ],
    references: ['HTM 04-01 Part A'],
    topics: ['Water', 'Fire'],
    roles: {
      'Bea Quist': 'Fire Safety Adviser',
      'Authorising Engineer (HV)': 'Authorising Engineer (HV)',
      'Tomasz Lind': 'Responsible Person (Water)',
    },
    aliases: { 'Tomasz Lind': ['Tom'] },
  },
  {
    id: 'own-2',
    file: 'own-2.txt',
    format: 'automin',
    meeting_type: 'Sterile services',
    meeting_date: '2027-04-06',
    attendees: ['PERSON1', 'PERSON2'],
    apologies: [],
    decisions: [{ text: 'Washer three stays out of use until two clear samples.', evidence: 'stays out of use' }],
    actions: [
      { owner: 'PERSON2', action: 'Arrange resampling of washer three rinse water.', due: '2027-04-09', evidence: "I'll arrange it" },
      {
        owner: 'PERSON1',
        action: 'Take the traceability business case to the capital group.',
        due: '2027-04-30',
        evidence: "I'll take it",
      },
    ],
    not_actions: [{ evidence: 'If a patient became unwell we would need a lookback', why: 'hypothetical' }],
    references: [],
    topics: ['Washers'],
    roles: {},
  },
];

const PREDICTED: PredictedMeeting[] = [
  {
    id: 'own-1',
    attendees: ['Ines Varga', 'Tomasz Lind', 'Bea Quist'],
    apologies: ['Olek Mraz', 'Kit Ray'],
    decisions: [{ text: 'The WSP, version 3, was approved by the group.' }, { text: 'Lift servicing moves to monthly.' }],
    actions: [
      { owner: 'Tom', action: 'Replace the thermostatic mixing valves that leak on the east ward.', due: '2027-03-05' },
      { owner: 'Tomasz Lind', action: 'Replace the mixing valves on the east ward again.', due: '2027-03-05' },
      { owner: 'Fire Safety Adviser', action: 'Review the FRA for the annexe.', due: '2027-03-09' },
      { owner: 'Olek and Bea', action: 'Send the asbestos survey to the contractor.', due: '2027-03-30' },
      { owner: 'HV AE', action: 'Witness the switching at the substation.', due: null },
      { owner: 'Ines Varga', action: 'Close the annexe kitchen.', due: null },
    ],
  },
  {
    id: 'own-2',
    attendees: ['[PERSON1]', 'PERSON2'],
    apologies: [],
    decisions: [],
    actions: [
      { owner: 'PERSON2', action: 'Arrange the resampling of the rinse water on washer three.', due: null },
      { owner: 'PERSON2', action: 'Take the business case for traceability to the capital group.', due: '2027-04-30' },
    ],
  },
];

/** What score.py printed for these files (python3 score.py gold.jsonl predicted.jsonl), for machines without python3. */
const RECORDED = {
  meetings: 2,
  action_precision: 0.625,
  action_recall: 0.833,
  action_f1_micro: 0.714,
  action_f1_macro: 0.65,
  decision_recall: 0.667,
  due_accuracy_on_matched: 0.6,
  attendees_exact_rate: 1,
  apologies_exact_rate: 0.5,
  trap_hits: 1,
};

const round = (value: number) => Math.round(value * 1000) / 1000;

function ourNumbers(gold: readonly GoldMeeting[], predicted: readonly PredictedMeeting[]) {
  const rows = gold.map((meeting) => scoreMeeting(meeting, predicted.find((item) => item.id === meeting.id) ?? { id: meeting.id }));
  const set = scoreSet(rows, 0);
  return {
    meetings: set.meetings,
    action_precision: round(set.action_precision),
    action_recall: round(set.action_recall),
    action_f1_micro: round(set.action_f1_micro),
    action_f1_macro: round(set.action_f1_macro),
    decision_recall: round(set.decision_recall),
    due_accuracy_on_matched: round(set.due_accuracy_on_matched),
    attendees_exact_rate: round(set.attendees_exact_rate),
    apologies_exact_rate: round(set.apologies_exact_rate),
    trap_hits: set.trap_hits,
  };
}

const directory = mkdtempSync(join(tmpdir(), 'write-score-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('the minutes scoring rule', () => {
  test('names, owners and content compare as the rule says', () => {
    const [meeting] = GOLD as [GoldMeeting];
    expect(ownerMatches('Tom', 'Tomasz Lind', meeting)).toBe(true);
    expect(ownerMatches('RP', 'Tomasz Lind', meeting)).toBe(true);
    expect(ownerMatches('AP', 'Tomasz Lind', meeting)).toBe(false);
    expect(ownerMatches('HV AE', 'Authorising Engineer (HV)', meeting)).toBe(true);
    expect(ownerMatches('Bea and Olek', 'Olek Mraz', meeting)).toBe(true);
    expect(ownerMatches('Olek Mraz', 'Bea Quist', meeting)).toBe(false);
    expect(overlap('Review the fire risk assessment.', 'Review the FRA.')).toBe(1);
    expect(overlap('Testing the valves', 'tested valve')).toBe(1);
  });

  test('gold against gold scores 1.0 on every measure, for our meetings and the development set', () => {
    const goldAsPrediction = (meeting: GoldMeeting): PredictedMeeting => ({
      id: meeting.id,
      attendees: meeting.attendees,
      apologies: meeting.apologies,
      decisions: meeting.decisions,
      actions: meeting.actions,
      references: meeting.references,
    });
    const devFile = join(WRITE_DEV_SET_PATH, 'annotations.jsonl');
    const dev = existsSync(devFile)
      ? readFileSync(devFile, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => JSON.parse(line) as GoldMeeting)
      : [];
    for (const set of [GOLD, dev]) {
      if (set.length === 0) continue;
      const rows = set.map((meeting) => scoreMeeting(meeting, goldAsPrediction(meeting)));
      const notActions = set.reduce((sum, meeting) => sum + meeting.not_actions.length, 0);
      expect(scoreSet(rows, notActions)).toEqual({
        meetings: set.length,
        action_precision: 1,
        action_recall: 1,
        action_f1_micro: 1,
        action_f1_macro: 1,
        decision_recall: 1,
        due_accuracy_on_matched: 1,
        attendees_exact_rate: 1,
        apologies_exact_rate: 1,
        trap_hits: 0,
        trap_rate: 0,
        owner_accuracy: 1,
        reference_recall: 1,
      });
    }
  });

  test('agrees with the reference score.py on a prediction file', () => {
    const ours = ourNumbers(GOLD, PREDICTED);
    const script = join(WRITE_DEV_SET_PATH, 'score.py');
    const python = existsSync(script) ? spawnSync('python3', ['--version']) : null;
    if (python === null || python.status !== 0) {
      expect(ours).toEqual(RECORDED);
      return;
    }
    const goldFile = join(directory, 'gold.jsonl');
    const predictedFile = join(directory, 'predicted.jsonl');
    writeFileSync(goldFile, GOLD.map((meeting) => JSON.stringify(meeting)).join('\n'));
    writeFileSync(predictedFile, PREDICTED.map((meeting) => JSON.stringify(meeting)).join('\n'));
    const run = spawnSync('python3', [script, goldFile, predictedFile], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    const reference = JSON.parse(run.stdout) as typeof RECORDED;
    expect(ours).toEqual(reference);
    expect(reference).toEqual(RECORDED);
  });
});
