import { type WriteFindings, type WriteKind, type WriteNode, writeContentSchema } from '@verity/shared';
import { describe, expect, test } from 'vitest';
import { composeContent, contentText } from './content.ts';

function findings(overrides: Partial<WriteFindings> = {}): WriteFindings {
  return {
    title: 'Estates Governance Group',
    meeting_date: '2026-03-10',
    next_meeting_date: '2026-05-12',
    attendees: ['Hana Kowalski', 'Tom Reyes'],
    apologies: ['Leah Byrne'],
    summary: ['The meeting covered the boiler replacement and ventilation.', 'It reached one decision and agreed two actions.'],
    topics: [
      {
        title: 'Boiler replacement',
        points: ['The east wing boiler fails its pressure test.', 'Three quotes are due.'],
        from_line: 3,
        to_line: 9,
      },
      { title: 'Ventilation', points: ['The theatre air handling unit needs a new fan belt.'], from_line: 10, to_line: 15 },
    ],
    decisions: [{ id: 'decision-1', text: 'The east wing boiler is replaced rather than repaired.', lines: [7] }],
    actions: [
      {
        id: 'action-1',
        owner: 'Tom Reyes',
        action: 'Get three quotes for the boiler',
        due: '2026-03-13',
        due_said: 'by Friday',
        lines: [8],
      },
      {
        id: 'action-2',
        owner: 'Hana Kowalski',
        action: 'Book the fan belt repair',
        due: null,
        due_said: 'when the contractor is next in',
        lines: [14],
      },
      { id: 'action-3', owner: 'Leah Byrne', action: 'Update the asset register', due: null, due_said: null, lines: [15] },
    ],
    references: [
      {
        code: 'HTM 03-01 Part B',
        title: 'Specialised ventilation: operational management',
        document_id: 'doc-ventilation',
        status: 'current',
        superseded_by: null,
        mentions: [{ said: 'oh-three-oh-one Part B', line: 11 }],
      },
      {
        code: 'HTM 07-01 (2013)',
        title: 'Safe management of healthcare waste',
        document_id: 'doc-waste-2013',
        status: 'superseded',
        superseded_by: { id: 'doc-waste', code: 'HTM 07-01', title: 'Safe and sustainable management of healthcare waste' },
        mentions: [{ said: 'the 2013 edition of oh-seven-oh-one', line: 12 }],
      },
    ],
    ...overrides,
  };
}

/** The document's nodes in order, depth first. */
function nodes(node: { content?: WriteNode[] }): WriteNode[] {
  return (node.content ?? []).flatMap((child) => [child, ...nodes(child)]);
}

const headings = (content: { content: WriteNode[] }) =>
  content.content.filter((node) => node.type === 'heading').map((node) => [node.attrs?.level, node.content?.[0]?.text]);

describe('composeContent', () => {
  test.each<WriteKind>(['minutes', 'action_log', 'briefing', 'incident_report'])('%s is a valid editor document', (kind) => {
    expect(writeContentSchema.safeParse(composeContent(findings(), kind)).success).toBe(true);
    const empty = findings({
      summary: [],
      topics: [],
      decisions: [],
      actions: [],
      references: [],
      attendees: [],
      apologies: [],
      meeting_date: null,
      next_meeting_date: null,
    });
    expect(writeContentSchema.safeParse(composeContent(empty, kind)).success).toBe(true);
    // The editor allows no empty text node.
    expect(nodes(composeContent(empty, kind)).filter((node) => node.type === 'text' && !node.text)).toEqual([]);
  });

  test('minutes: title, date, people, summary, discussion, decisions, actions, references, next meeting', () => {
    const content = composeContent(findings(), 'minutes');
    expect(headings(content)).toEqual([
      [1, 'Estates Governance Group'],
      [2, 'Summary'],
      [2, 'Discussion'],
      [3, 'Boiler replacement'],
      [3, 'Ventilation'],
      [2, 'Decisions'],
      [2, 'Actions'],
      [2, 'Regulatory references'],
    ]);
    expect(contentText(content).split('\n').slice(0, 8)).toEqual([
      'Estates Governance Group',
      'Date: Tuesday 10 March 2026',
      'Attendees: Hana Kowalski, Tom Reyes',
      'Apologies: Leah Byrne',
      'Summary',
      'The meeting covered the boiler replacement and ventilation. It reached one decision and agreed two actions.',
      'Discussion',
      'Boiler replacement',
    ]);
    expect(contentText(content).split('\n').at(-1)).toBe('Next meeting: Tuesday 12 May 2026');
    const date = content.content[1];
    expect(date?.content?.[0]).toEqual({ type: 'text', text: 'Date:', marks: [{ type: 'bold' }] });
  });

  test('decisions are a numbered list and actions a table, each naming its item', () => {
    const all = nodes(composeContent(findings(), 'minutes'));
    const decisionList = all.find((node) => node.type === 'orderedList');
    expect(decisionList?.content?.map((item) => item.attrs?.item)).toEqual(['decision-1']);
    const table = all.find((node) => node.type === 'table');
    const rows = table?.content ?? [];
    expect(rows.map((row) => row.attrs?.item ?? null)).toEqual([null, 'action-1', 'action-2', 'action-3']);
    expect(rows[0]?.content?.map((cell) => cell.type)).toEqual(['tableHeader', 'tableHeader', 'tableHeader']);
    expect(contentText({ type: 'doc', content: [table as WriteNode] }).split('\n')).toEqual([
      'Owner',
      'Action',
      'Due',
      'Tom Reyes',
      'Get three quotes for the boiler',
      '13 March 2026 (by Friday)',
      'Hana Kowalski',
      'Book the fan belt repair',
      'when the contractor is next in',
      'Leah Byrne',
      'Update the asset register',
      'Not stated',
    ]);
  });

  test('references link to the library, a superseded one to its replacement too', () => {
    const all = nodes(composeContent(findings(), 'minutes'));
    const links = all.filter((node) => node.marks?.some((mark) => mark.type === 'link'));
    expect(links.map((node) => [node.text, node.marks?.[0]?.type === 'link' ? node.marks[0].attrs.href : null])).toEqual([
      ['HTM 03-01 Part B — Specialised ventilation: operational management', '/wiki/doc-ventilation'],
      ['HTM 07-01 (2013) — Safe management of healthcare waste', '/wiki/doc-waste-2013'],
      ['HTM 07-01 — Safe and sustainable management of healthcare waste', '/wiki/doc-waste'],
    ]);
    expect(contentText(composeContent(findings(), 'minutes'))).toContain(
      'HTM 07-01 (2013) — Safe management of healthcare waste (superseded by HTM 07-01 — Safe and sustainable management of healthcare waste)',
    );
  });

  test('an action log puts the actions table first; a briefing lists points and actions as bullets', () => {
    expect(headings(composeContent(findings(), 'action_log'))).toEqual([
      [1, 'Estates Governance Group'],
      [2, 'Actions'],
      [2, 'Decisions'],
    ]);
    const briefing = composeContent(findings(), 'briefing');
    expect(headings(briefing).map(([, text]) => text)).toEqual([
      'Estates Governance Group',
      'Summary',
      'Key points',
      'Boiler replacement',
      'Ventilation',
      'Decisions',
      'Actions',
    ]);
    const lists = nodes(briefing).filter((node) => node.type === 'bulletList');
    expect(lists.at(-1)?.content?.map((item) => item.attrs?.item)).toEqual(['action-1', 'action-2', 'action-3']);
    expect(contentText(briefing)).toContain('Tom Reyes — Get three quotes for the boiler (13 March 2026 (by Friday))');
    expect(nodes(briefing).some((node) => node.type === 'table')).toBe(false);
  });

  test('an incident report names the people involved, its findings, conclusions and recommendations', () => {
    const report = composeContent(findings(), 'incident_report');
    expect(headings(report).map(([, text]) => text)).toEqual([
      'Estates Governance Group',
      'Summary',
      'Findings',
      'Boiler replacement',
      'Ventilation',
      'Conclusions',
      'Actions and recommendations',
      'Regulatory references',
    ]);
    expect(contentText(report)).toContain('People involved: Hana Kowalski, Tom Reyes, Leah Byrne');
  });

  test('what was not found is said so, and an empty title takes the kind’s name', () => {
    const text = contentText(
      composeContent(findings({ title: ' ', meeting_date: null, attendees: [], decisions: [], actions: [] }), 'minutes'),
    );
    expect(text.split('\n').slice(0, 3)).toEqual(['Meeting minutes', 'Date: Not stated', 'Attendees: Not recorded']);
    expect(text).toContain('No decisions were recorded.');
  });
});

describe('the first content is a document the editor loads', () => {
  test('the sample transcript, written as every kind, breaks none of the editor content rules', async () => {
    const { readFileSync } = await import('node:fs');
    const { libraryCodes } = await import('../eval/write-set.ts');
    const { builtinWriteEngine } = await import('./builtin.ts');
    const { readTranscript } = await import('./transcript.ts');
    const { writeContentProblem } = await import('@verity/shared');
    const sample = readFileSync(new URL('../modules/write/sample-transcript.txt', import.meta.url), 'utf8');
    const findings = await builtinWriteEngine.findings(
      { transcript: readTranscript(sample), kind: 'minutes', library: libraryCodes(), today: '2026-11-24' },
      {},
    );
    for (const kind of ['minutes', 'action_log', 'briefing', 'incident_report'] as const) {
      expect(writeContentProblem(composeContent(findings, kind)), kind).toBeNull();
    }
  });
});
