import type { WriteContent, WriteDocument, WriteDocumentSummary, WriteFindings } from '@verity/shared';

/** Documents, findings and content for the writing assistant's component tests. */

export const DOCUMENT_ID = '01JWRITEDOC000000000000001';
export const JOB_ID = '01JWRITEJOB000000000000001';

export function buildSummary(index: number, overrides: Partial<WriteDocumentSummary> = {}): WriteDocumentSummary {
  const at = new Date(Date.UTC(2026, 2, 20 - index, 9)).toISOString();
  return {
    external_id: `01JWRITEDOC${String(index).padStart(15, '0')}`,
    title: `Estates meeting ${index}`,
    kind: 'minutes',
    meeting_date: null,
    status: 'ready',
    created_at: at,
    updated_at: at,
    ...overrides,
  };
}

const text = (value: string) => ({ type: 'text' as const, text: value });
const paragraph = (value: string) => ({ type: 'paragraph' as const, content: [text(value)] });
const cell = (type: 'tableHeader' | 'tableCell', value: string) => ({ type, content: [paragraph(value)] });

/** Minutes with a decisions list and an actions table whose rows name their items. */
export function buildContent(): WriteContent {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [text('Ward refurbishment group')] },
      { type: 'heading', attrs: { level: 2 }, content: [text('Decisions')] },
      {
        type: 'bulletList',
        content: [{ type: 'listItem', attrs: { item: 'decision-1' }, content: [paragraph('The ward reopens after the water results.')] }],
      },
      { type: 'heading', attrs: { level: 2 }, content: [text('Actions')] },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('tableHeader', 'Owner'), cell('tableHeader', 'Action'), cell('tableHeader', 'Due')] },
          {
            type: 'tableRow',
            attrs: { item: 'action-1' },
            content: [
              cell('tableCell', 'Dana Whitlock'),
              cell('tableCell', 'Book the flushing contractor'),
              cell('tableCell', '27 March 2026'),
            ],
          },
        ],
      },
    ],
  };
}

export function buildFindings(overrides: Partial<WriteFindings> = {}): WriteFindings {
  return {
    title: 'Ward refurbishment group',
    meeting_date: '2026-03-20',
    next_meeting_date: null,
    attendees: ['Dana Whitlock', 'Omar Reyes'],
    apologies: [],
    summary: ['The group agreed when the ward reopens.'],
    topics: [],
    decisions: [{ id: 'decision-1', text: 'The ward reopens after the water results.', lines: [4] }],
    actions: [
      {
        id: 'action-1',
        owner: 'Dana Whitlock',
        action: 'Book the flushing contractor',
        due: '2026-03-27',
        due_said: 'by next Friday',
        lines: [2, 3],
      },
    ],
    references: [
      {
        code: 'HTM 04-01',
        title: 'Safe water in healthcare premises',
        document_id: '01JLIBRARY0000000000000001',
        status: 'current',
        superseded_by: null,
        mentions: [{ said: 'oh-four-oh-one', line: 5 }],
      },
      {
        code: 'OLD 1',
        title: 'An older water guide',
        document_id: '01JLIBRARY0000000000000002',
        status: 'superseded',
        superseded_by: { id: '01JLIBRARY0000000000000001', code: 'HTM 04-01', title: 'Safe water in healthcare premises' },
        mentions: [{ said: 'OLD 1', line: 6 }],
      },
    ],
    ...overrides,
  };
}

export function buildDocument(overrides: Partial<WriteDocument> = {}): WriteDocument {
  return {
    ...buildSummary(0, { external_id: DOCUMENT_ID, title: 'Ward refurbishment group', meeting_date: '2026-03-20' }),
    content: buildContent(),
    version: 1,
    findings: buildFindings(),
    engine: 'builtin',
    job_id: null,
    error: null,
    source_filename: 'ward-meeting.vtt',
    ...overrides,
  };
}
