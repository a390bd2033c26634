import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { chatMessages } from '../../db/schema.ts';
import type { TestApp } from '../../test/app.ts';
import { ask, newSession } from '../../test/chat.ts';
import { buildLibraryTestApp, type TestUser } from '../../test/factories.ts';

let t: TestApp;
let standard: TestUser;

beforeAll(async () => {
  ({ t, standard } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

const FIRST = 'What temperature must hot water reach at sentinel outlets, and how often are they checked?';

/** The items of a bulleted or numbered list in the text before its sources. */
/** The retrieval sources kept with a stored answer for audit. */
async function storedSources(id: string) {
  const [row] = await t.db.select({ sources: chatMessages.sources }).from(chatMessages).where(eq(chatMessages.id, id));
  return row?.sources ?? [];
}

const bullets = (text: string) =>
  (text.split('**Sources**')[0] ?? '').split('\n').filter((line) => /^\s*(?:[-*•]|\d+[.)])\s+\S/.test(line));

describe('follow-ups in one conversation (POST /api/chat/sessions/:id/messages)', () => {
  test('"summarise that in two bullet points" answers from the first answer, in two bullets, with its citations', async () => {
    const session = await newSession(t, standard);
    const first = await ask(t, standard, session.id, { content: FIRST });
    expect(first.citations.length).toBeGreaterThan(0);

    const summary = await ask(t, standard, session.id, { content: 'summarise that in two bullet points' });
    const items = bullets(summary.text);
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(2);
    // The same documents, each marker resolving to a citation of a passage the first answer quoted.
    expect(summary.citations.length).toBeGreaterThan(0);
    const firstQuotes = new Set(first.citations.map((citation) => `${citation.document_id} ${citation.quote}`));
    for (const citation of summary.citations) expect(firstQuotes.has(`${citation.document_id} ${citation.quote}`)).toBe(true);
    for (const n of summary.text.match(/\[(\d+)\]/g) ?? []) {
      expect(summary.citations.map((citation) => `[${citation.n}]`)).toContain(n);
    }
    expect(summary.text).toMatch(/55\s?°C/);
    expect(summary.done.answer).toMatchObject({ status: 'complete', citations: summary.citations });
  });

  test('a rework keeps the sources of the answer it reworks; an expansion adds its own retrieval after them', async () => {
    const session = await newSession(t, standard);
    const first = await ask(t, standard, session.id, { content: FIRST });
    const firstSources = await storedSources(first.done.answer.id);
    expect(firstSources.length).toBeGreaterThan(0);

    // Made from the first answer alone: the audit record names what that answer was made from.
    const summary = await ask(t, standard, session.id, { content: 'summarise that in two bullet points' });
    expect(await storedSources(summary.done.answer.id)).toEqual(firstSources);
    for (const citation of summary.citations) {
      expect(firstSources.map((source) => source.document_id)).toContain(citation.document_id);
    }

    // An expansion retrieves again: those passages follow the reworked answer's, numbered on.
    const expanded = await ask(t, standard, session.id, { content: 'tell me more about that' });
    const expandedSources = await storedSources(expanded.done.answer.id);
    expect(expandedSources.slice(0, firstSources.length)).toEqual(firstSources);
    expect(expandedSources.length).toBeGreaterThan(firstSources.length);
    expect(expandedSources.map((source) => source.n)).toEqual(expandedSources.map((_, i) => i + 1));
  });

  test('a new question that mentions a summary is answered as a question, not as a follow-up', async () => {
    const session = await newSession(t, standard);
    const first = await ask(t, standard, session.id, { content: FIRST });
    const fresh = await ask(t, standard, session.id, {
      content: 'How long must waste transfer notes be kept? I need it for the summary of our waste audit.',
    });
    expect(fresh.citations.map((citation) => citation.code)).not.toEqual(first.citations.map((citation) => citation.code));
    expect(fresh.text).not.toMatch(/^In summary/);
  });

  test('a follow-up after a declined answer says there is nothing from the library to rework', async () => {
    const session = await newSession(t, standard);
    const declined = await ask(t, standard, session.id, { content: 'Who won the 2022 football World Cup?' });
    expect(declined.citations).toEqual([]);
    const summary = await ask(t, standard, session.id, { content: 'summarise that in two bullet points' });
    expect(summary.citations).toEqual([]);
    expect(summary.text).toContain('The previous answer did not draw on any passage of the library');
  });
});
