import type { ChatMessage, Citation } from '@verity/shared';

/** When the test conversations happened. */
export const TEST_NOW = '2026-11-22T04:00:00.000Z';

/** A library citation of HTM 06-01 for tests. */
export function buildCitation(overrides: Partial<Citation> = {}): Citation {
  return {
    n: 1,
    source: 'library',
    document_id: '01JDOC0000000000000000001',
    code: 'HTM 06-01',
    title: 'Electrical services supply and distribution',
    edition: '2017',
    status: 'current',
    element_ids: ['01JELEM000000000000000001'],
    quote: 'Fixed installations should be inspected at least every five years.',
    superseded_by: null,
    ...overrides,
  };
}

/**
 * A stored chat message for tests: a complete answer by the built-in engine (or a question), with
 * no citations, attachments or feedback unless given. The first question and answer by default.
 */
export function buildChatMessage(role: ChatMessage['role'], overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: role === 'user' ? '01JMSGQUESTION00000000001' : '01JMSGANSWER0000000000001',
    position: role === 'user' ? 0 : 1,
    role,
    content: role === 'user' ? 'How often must fixed electrical installations be inspected?' : 'Every five years [1].',
    mode: 'answer',
    status: 'complete',
    engine: role === 'assistant' ? 'builtin' : null,
    citations: [],
    filters: null,
    include_internal: true,
    attachments: [],
    feedback: null,
    feedback_comment: null,
    created_at: TEST_NOW,
    ...overrides,
  };
}
