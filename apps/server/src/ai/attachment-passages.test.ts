import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ParsedElement } from '../ingest/markdown.ts';
import { parseText } from '../ingest/text.ts';
import { buildLibraryTestApp, type TestUser } from '../test/factories.ts';
import type { TestApp } from '../test/app.ts';
import { type AttachmentSource, attachmentElementId, refersToFile, withoutFileText, withoutReferenceWords } from './attachment-passages.ts';
import { composeAnswer } from './builtin/engine.ts';
import { retrievePassages } from './retrieval.ts';

let t: TestApp;
let standard: TestUser;

beforeAll(async () => {
  ({ t, standard } = await buildLibraryTestApp());
});

afterAll(async () => {
  await t.close();
});

function source(id: string, text: string, current = true): AttachmentSource {
  const elements: ParsedElement[] = parseText(text);
  return { id, title: elements.find((element) => element.type === 'title')?.text ?? `${id}.txt`, elements, current };
}

const SLUICE = source(
  'SLUICE',
  [
    'Kestrel Ward Sluice Room Procedure',
    '',
    '1. PURPOSE',
    '',
    'This procedure sets out how the Kestrel Ward team keeps the sluice room clean and safe.',
    '',
    '2. CLEANING',
    '',
    'The sluice room is cleaned by the housekeeper twice a day.',
    '',
    'The macerator is descaled by the ward manager every Friday.',
  ].join('\n'),
);

const ELECTRICAL = 'How often must fixed electrical installations in a hospital be inspected?';
/** The library's electrical guidance and regulations, either of which answers ELECTRICAL. */
const ELECTRICAL_CODES = expect.arrayContaining([expect.stringMatching(/^(HTM 06-01|EAWR 1989)$/)]);

async function retrieve(question: string, attachments: AttachmentSource[], history: string[] = []) {
  return retrievePassages({
    db: t.db,
    organisationId: standard.user.organisationId,
    question,
    history,
    attachments,
    includeInternal: true,
  });
}

const attachmentIds = (result: Awaited<ReturnType<typeof retrieve>>) =>
  result.passages.filter((passage) => passage.source === 'attachment').map((passage) => passage.documentId);
const libraryCodes = (result: Awaited<ReturnType<typeof retrieve>>) =>
  result.passages.filter((passage) => passage.source === 'library').map((passage) => passage.code);

describe('reading a question about a file', () => {
  test('words that only point at the file are left out of the library search', () => {
    expect(withoutReferenceWords('What does the attached document say about legionella?')).toBe('What does the say about legionella?');
    expect(withoutReferenceWords('Summarise this PDF')).toBe('this');
    expect(withoutReferenceWords('How often must HTM 06-01 inspections happen?')).toBe('How often must HTM 06-01 inspections happen?');
  });

  test('a database failure carrying a file’s text is rethrown without it', async () => {
    const failing = () => {
      const cause = Object.assign(new Error('invalid input syntax'), { code: '22P02' });
      throw new Error('Failed query: select … params: The patient in bed 4 is confused', { cause });
    };
    const error = await withoutFileText('scoring attached files', async () => failing()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('scoring attached files failed (database error 22P02)');
    expect(JSON.stringify(error, Object.getOwnPropertyNames(error))).not.toContain('bed 4');
    expect((error as Error).cause).toBeUndefined();
  });

  test('a question about the file as a whole is recognised', () => {
    for (const question of ['Summarise this document', 'What are the key points of my policy?', 'What is the attached file about?']) {
      expect(refersToFile(question)).toBe(true);
    }
    expect(refersToFile(ELECTRICAL)).toBe(false);
  });
});

describe('attachment passages in retrieval', () => {
  test('a matching file is cited first, as an attachment, with its own element ids and no code or edition', async () => {
    const result = await retrieve('Who descales the macerator and how often?', [SLUICE]);
    const [first] = result.passages;
    expect(first).toMatchObject({ source: 'attachment', documentId: 'SLUICE', code: '', edition: '', status: 'current' });
    expect(first?.elements.map((element) => element.text)).toContain('The macerator is descaled by the ward manager every Friday.');
    expect(first?.elements.every((element) => element.id.startsWith('SLUICE-'))).toBe(true);
    expect(attachmentElementId('SLUICE', 6)).toBe('SLUICE-6');
    expect(first?.sentences.some((sentence) => sentence.score > 0)).toBe(true);
    // The file answers the whole question: the library is not searched for what it already holds.
    expect(libraryCodes(result)).toEqual([]);
  });

  test('a question mixing the file and regulation gets both, the file first', async () => {
    const result = await retrieve(`How often is the sluice room cleaned, and ${ELECTRICAL.toLowerCase()}`, [SLUICE]);
    expect(result.passages[0]?.source).toBe('attachment');
    expect(libraryCodes(result)).toEqual(ELECTRICAL_CODES);
  });

  test('a file of an earlier question is used only when it matches or the question is about it', async () => {
    const earlier = { ...SLUICE, current: false };
    expect(attachmentIds(await retrieve(ELECTRICAL, [earlier]))).toEqual([]);
    expect(libraryCodes(await retrieve(ELECTRICAL, [earlier]))).toEqual(ELECTRICAL_CODES);
    expect(attachmentIds(await retrieve('Who descales the macerator?', [earlier]))).toContain('SLUICE');
    expect(attachmentIds(await retrieve('Summarise the attached procedure', [earlier]))).toContain('SLUICE');
  });

  test('a file attached to this question that does not match is used when the library has nothing either', async () => {
    // The library answers this one: the unrelated file is left out.
    expect(attachmentIds(await retrieve(ELECTRICAL, [SLUICE]))).toEqual([]);
    // Nothing anywhere matches: the file's opening is what there is.
    const result = await retrieve('What is the recommended paediatric dose of amoxicillin?', [SLUICE]);
    expect(attachmentIds(result)).toContain('SLUICE');
    expect(libraryCodes(result)).toEqual([]);
  });

  test('a question about the whole file gets its opening, quoted in the answer', async () => {
    const result = await retrieve('Summarise this document', [SLUICE]);
    expect(libraryCodes(result)).toEqual([]);
    const texts = result.passages.flatMap((passage) => passage.elements.map((element) => element.text));
    expect(texts[0]).toBe('This procedure sets out how the Kestrel Ward team keeps the sluice room clean and safe.');
    const answer = composeAnswer({ question: 'Summarise this document', mode: 'answer', retrieval: result });
    expect(answer.citations.length).toBeGreaterThan(0);
    expect(answer.citations.every((citation) => citation.source === 'attachment')).toBe(true);
    expect(answer.text).toContain('Kestrel Ward team keeps the sluice room clean');
    expect(answer.text).toContain('Your attached file — Kestrel Ward Sluice Room Procedure');
  });

  test('a huge paragraph is cut to a readable passage', async () => {
    const long = source(
      'LONG',
      `Boiler log\n\nThe boiler pressure is recorded daily. ${'Further routine notes follow here. '.repeat(200)}`,
    );
    const result = await retrieve('When is the boiler pressure recorded?', [long]);
    const text = result.passages[0]?.elements[0]?.text ?? '';
    expect(text.startsWith('The boiler pressure is recorded daily.')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(1501);
    expect(text.endsWith('…')).toBe(true);
  });

  test('a paragraph longer than one scoring batch is scored in pieces, and a term in any piece counts', async () => {
    // 120,000 characters, so three pieces: one word of the question in the first, the other in the last.
    const filler = 'Routine notes on the ward rota and staffing. '.repeat(2_700);
    const long = source('PIECES', `Ward notes\n\nThe macerator is kept clean. ${filler}It is descaled by the estates team every Friday.`);
    expect(long.elements.some((element) => element.text.length > 100_000)).toBe(true);
    const result = await retrieve('Who descales the macerator?', [long]);
    expect(attachmentIds(result)).toEqual(['PIECES']);
    // Both of the question's words count: neither piece's hits replaced the other's.
    const alone = await retrieve('Who descales the macerator?', [
      source('WHOLE', 'Ward notes\n\nThe macerator is kept clean. It is descaled by the estates team every Friday.'),
    ]);
    expect(result.passages[0]?.score).toBeGreaterThan(0);
    expect(result.passages[0]?.score).toBeCloseTo(alone.passages[0]?.score ?? -1, 5);
  });

  test('without attachments, retrieval is the library’s alone', async () => {
    const result = await retrieve(ELECTRICAL, []);
    expect(result.passages.length).toBeGreaterThan(0);
    expect(result.passages.every((passage) => passage.source === 'library')).toBe(true);
  });
});
