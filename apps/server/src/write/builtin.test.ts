import { writeFindingsSchema } from '@verity/shared';
import { performance } from 'node:perf_hooks';
import { describe, expect, test } from 'vitest';
import { builtinWriteEngine, dateInWords } from './builtin.ts';
import { readTranscript } from './transcript.ts';
import type { LibraryCode, WriteInput, WriteStage } from './types.ts';

const LIBRARY: LibraryCode[] = [
  {
    id: 'doc-l8',
    code: 'ACoP L8',
    title: 'Legionnaires’ disease: the control of legionella bacteria in water systems',
    status: 'current',
    edition: '2013',
    supersededBy: null,
  },
];

const TRANSCRIPT = [
  'Speaker 1: Right, welcome to the estates review group. It is Tuesday the 8th of June.',
  'Speaker 1: Apologies from Colm Reilly. Nadia is taking the notes.',
  'Speaker 2: Morning. The legionella results are back and the L8 says we review the risk assessment.',
  'Speaker 1: Could we just stop sampling the east wing?',
  'Speaker 2: No, the risk assessment requires it.',
  'Speaker 1: OK, agreed, we keep sampling the east wing monthly.',
  'Speaker 2: I will book the risk assessment review by the end of June.',
  'Speaker 1: If the results are bad again we would close the ward.',
  'Speaker 1: Action on Colm to send the tank drawings before the next meeting.',
  'Speaker 1: Next meeting is Tuesday the 6th of July.',
].join('\n');

const input = (overrides: Partial<WriteInput> = {}): WriteInput => ({
  transcript: readTranscript(TRANSCRIPT),
  kind: 'minutes',
  library: LIBRARY,
  today: '2027-09-01',
  ...overrides,
});

describe('builtinWriteEngine', () => {
  test('reports each stage in order and writes complete findings', async () => {
    const stages: WriteStage[] = [];
    const findings = await builtinWriteEngine.findings(input(), { onStage: (stage) => void stages.push(stage) });
    expect(stages).toEqual(['speakers', 'topics', 'items', 'references', 'writing']);
    expect(writeFindingsSchema.parse(findings)).toEqual(findings);
    expect(findings).toMatchObject({
      title: 'Estates Review Group — 8 June 2027',
      meeting_date: '2027-06-08',
      next_meeting_date: '2027-07-06',
      attendees: ['Speaker 1', 'Speaker 2', 'Nadia'],
      apologies: ['Colm Reilly'],
    });
    expect(findings.decisions).toEqual([{ id: 'decision-1', text: 'Keep sampling the east wing monthly.', lines: [6] }]);
    expect(findings.actions.map(({ id, owner, due }) => ({ id, owner, due }))).toEqual([
      { id: 'action-1', owner: 'Speaker 2', due: '2027-06-30' },
      { id: 'action-2', owner: 'Colm Reilly', due: '2027-07-06' },
    ]);
    expect(findings.references.map((reference) => reference.code)).toEqual(['ACoP L8']);
    expect(findings.summary.length).toBeGreaterThan(0);
  });

  test('a given title and date win; without a name the kind of document titles it', async () => {
    expect((await builtinWriteEngine.findings(input({ title: 'Estates, June' }), {})).title).toBe('Estates, June');
    const unnamed = readTranscript('Speaker 1: Shall we start? I will fix the gate.\nSpeaker 2: Thanks, that would help a lot.');
    expect((await builtinWriteEngine.findings(input({ transcript: unnamed, meetingDate: '2027-06-09' }), {})).title).toBe(
      'Meeting minutes — 9 June 2027',
    );
    expect((await builtinWriteEngine.findings(input({ transcript: unnamed, kind: 'action_log' }), {})).title).toBe('Action log');
  });

  test('is deterministic', async () => {
    expect(await builtinWriteEngine.findings(input(), {})).toEqual(await builtinWriteEngine.findings(input(), {}));
  });

  test('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(builtinWriteEngine.findings(input(), { signal: controller.signal })).rejects.toThrow();
  });

  test('reads a 10,000-word meeting in well under three seconds', async () => {
    const turns = TRANSCRIPT.split('\n').slice(2, 9);
    const lines: string[] = [];
    for (let index = 0; lines.join(' ').split(' ').length < 10_000; index += 1) {
      lines.push(`${turns[index % turns.length]} (item ${index})`);
    }
    const started = performance.now();
    const findings = await builtinWriteEngine.findings(input({ transcript: readTranscript(lines.join('\n')) }), {});
    expect(performance.now() - started).toBeLessThan(3000);
    expect(findings.actions.length).toBeGreaterThan(0);
  });
});

test('dateInWords', () => {
  expect(dateInWords('2027-06-08')).toBe('8 June 2027');
});
