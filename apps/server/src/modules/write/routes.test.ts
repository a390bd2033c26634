import {
  type ApiErrorBody,
  type CreateWriteDocumentResponse,
  ERROR_CODES,
  type SaveWriteContentResponse,
  type WriteContent,
  type WriteDocumentList,
  type WriteEvidence,
  type WriteFindings,
  type WriteJob,
} from '@verity/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events, jobs, writeDocuments } from '../../db/schema.ts';
import type { JobWorker } from '../../jobs/worker.ts';
import { renderDocx } from '../../lib/docx/render.ts';
import { buildTestApp, type TestApp } from '../../test/app.ts';
import { listEvents } from '../../test/events.ts';
import { buildDocument, buildUser, type TestUser } from '../../test/factories.ts';
import { buildPdf } from '../../test/sample-files.ts';
import {
  drain,
  MEETING,
  postTranscript,
  STORED_FINDINGS,
  storedWriteDocument,
  writeDocument,
  writeWorker,
  written,
} from '../../test/write.ts';
import type { WriteEngine } from '../../write/types.ts';
import { ProviderError } from '../../core/provider/call.ts';

const MAX_BYTES = 60_000;
const MAX_CHARACTERS = 20_000;
const MAX_SPEAKERS = 6;

let t: TestApp;
let worker: JobWorker;
let author: TestUser;
let colleague: TestUser;
let outsider: TestUser;
let guest: TestUser;
let libraryDocument: string;
let othersInternalDocument: string;

beforeAll(async () => {
  t = await buildTestApp({
    WRITE_MAX_BYTES: String(MAX_BYTES),
    WRITE_MAX_CHARACTERS: String(MAX_CHARACTERS),
    WRITE_MAX_SPEAKERS: String(MAX_SPEAKERS),
    WRITE_RATE_LIMIT_PER_HOUR: '1000',
  });
  worker = writeWorker(t);
  author = await buildUser(t);
  colleague = await buildUser(t, { organisationId: author.user.organisationId });
  outsider = await buildUser(t, { roles: ['standard', 'champion', 'verity_admin'] });
  guest = await buildUser(t, { roles: ['guest'], organisationId: author.user.organisationId });
  libraryDocument = await buildDocument(t, { code: 'HTM 04-01 Part A', filename: 'htm-04-01-part-a.md', title: 'Water systems: design' });
  othersInternalDocument = await buildDocument(t, { code: 'INT 7', filename: 'int-7.md', organisationId: outsider.user.organisationId });
});

afterAll(async () => {
  await t.close();
});

const file = (content: string | Uint8Array, name: string) =>
  new File([typeof content === 'string' ? content : new Uint8Array(content)], name);

/** The meeting as WebVTT with voices. */
function asVtt(meeting: string): string {
  const cues = meeting.split('\n').map((line, index) => {
    const [speaker, text] = line.split(': ');
    const start = `00:00:${String(index * 5).padStart(2, '0')}.000`;
    const end = `00:00:${String(index * 5 + 4).padStart(2, '0')}.000`;
    return `${start} --> ${end}\n<v ${speaker}>${text}`;
  });
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/** The meeting as SubRip, the speaker's name inside each cue. */
function asSrt(meeting: string): string {
  return meeting
    .split('\n')
    .map(
      (line, index) =>
        `${index + 1}\n00:00:${String(index * 5).padStart(2, '0')},000 --> 00:00:${String(index * 5 + 4).padStart(2, '0')},000\n${line}\n`,
    )
    .join('\n');
}

/** The meeting as a Word file: one paragraph a turn, the speaker in bold, as transcription services deliver it. */
function asDocx(meeting: string): Promise<Buffer> {
  return renderDocx({
    title: 'Estates compliance meeting transcript',
    creator: 'Test',
    blocks: meeting.split('\n').map((line) => {
      const [speaker, text] = line.split(': ');
      return { kind: 'paragraph', content: [{ text: `${speaker}:`, bold: true }, ` ${text}`] };
    }),
  });
}

async function rowCounts() {
  const [documents] = await t.db.select({ n: count() }).from(writeDocuments);
  const [queued] = await t.db.select({ n: count() }).from(jobs);
  const [recorded] = await t.db.select({ n: count() }).from(events);
  return { documents: documents?.n, jobs: queued?.n, events: recorded?.n };
}

function expectFoundMeeting(findings: WriteFindings | null) {
  expect(findings?.attendees).toEqual(expect.arrayContaining(['Dawn Ellery', 'Rhys Maddock', 'Nadia Osei']));
  expect(findings?.meeting_date).toBe('2026-02-05');
  expect(findings?.actions.map((action) => action.owner)).toEqual(expect.arrayContaining(['Rhys Maddock', 'Nadia Osei']));
}

describe('writing a document from a transcript', () => {
  test.each([
    ['plain text (.txt)', () => file(MEETING, 'estates meeting.txt'), 'plain'],
    ['Markdown (.md)', () => file(MEETING, 'estates meeting.md'), 'plain'],
    ['WebVTT (.vtt)', () => file(asVtt(MEETING), 'estates meeting.vtt'), 'vtt'],
    ['SubRip (.srt)', () => file(asSrt(MEETING), 'estates meeting.srt'), 'srt'],
  ])('from %s: 202 at once, then the job writes the findings and the first content', async (_name, make, format) => {
    const response = await postTranscript(t, author, { file: make() });
    expect(response.statusCode, response.body).toBe(202);
    const created = response.json<CreateWriteDocumentResponse>();
    expect(response.headers.location).toBe(`/api/write/documents/${created.external_id}`);
    expect(created.status).toBe('queued');

    const before = await writeDocument(t, author, created.external_id);
    expect(before).toMatchObject({
      status: 'generating',
      content: null,
      findings: null,
      version: 0,
      job_id: created.job_id,
      title: 'estates meeting',
    });

    await drain(worker);
    const document = await writeDocument(t, author, created.external_id);
    expect(document).toMatchObject({ status: 'ready', kind: 'minutes', version: 1, engine: 'builtin', job_id: null, error: null });
    expect(document.source_filename).toMatch(/^estates meeting\./);
    expect(document.meeting_date).toBe('2026-02-05');
    expect(document.content?.type).toBe('doc');
    expect(document.content?.content.length).toBeGreaterThan(0);
    expectFoundMeeting(document.findings);
    const [row] = await t.db
      .select({ transcript: writeDocuments.transcript })
      .from(writeDocuments)
      .where(eq(writeDocuments.id, created.external_id));
    expect(row?.transcript.format).toBe(format);
    expect(row?.transcript.lines.map((line) => line.speaker)).toContain('Rhys Maddock');
  });

  test('from a Word transcript (.docx), read by the isolated parser', async () => {
    const document = await written(t, worker, author, { file: file(await asDocx(MEETING), 'estates.docx'), kind: 'action_log' });
    expect(document).toMatchObject({ status: 'ready', kind: 'action_log' });
    expectFoundMeeting(document.findings);
  });

  test('from pasted text, with the title and date given: both are kept', async () => {
    const document = await written(t, worker, author, {
      text: MEETING,
      title: 'East wing fire doors',
      meeting_date: '2026-02-06',
      kind: 'briefing',
    });
    expect(document).toMatchObject({
      status: 'ready',
      kind: 'briefing',
      title: 'East wing fire doors',
      meeting_date: '2026-02-06',
      source_filename: null,
    });
  });

  test('the job reports its stages; its document is the author’s alone', async () => {
    const response = await postTranscript(t, author, { text: MEETING });
    const { job_id, external_id } = response.json<CreateWriteDocumentResponse>();
    const poll = (user: TestUser) => t.app.inject({ method: 'GET', url: `/api/write/jobs/${job_id}`, headers: user.headers });

    expect((await poll(author)).json<WriteJob>()).toEqual({ id: job_id, status: 'queued', progress: { stage: 'queued' }, external_id });
    for (const other of [colleague, outsider]) expect((await poll(other)).statusCode).toBe(404);

    await drain(worker);
    const done = (await poll(author)).json<WriteJob>();
    expect(done).toMatchObject({ status: 'succeeded', external_id, progress: { stage: 'done', lines: 7, speakers: 3 } });
  });

  test('one write.generated event per document: counts and the library documents referred to, never text', async () => {
    const stages: string[] = [];
    const seen: string[] = [];
    const engine: WriteEngine = {
      id: 'provider:openai-compatible:test-model',
      async findings(input, options) {
        seen.push(...input.library.map((code) => code.id));
        for (const stage of ['speakers', 'topics', 'items', 'references', 'writing'] as const) {
          await options.onStage?.(stage, stage === 'items' ? { chunks: 2, chunks_done: 1 } : undefined);
          stages.push(stage);
        }
        const reference = input.library.find((code) => code.code === 'HTM 04-01 Part A');
        return {
          ...STORED_FINDINGS,
          title: 'Found title',
          references: reference
            ? [
                {
                  code: reference.code,
                  title: reference.title,
                  document_id: reference.id,
                  status: reference.status,
                  superseded_by: null,
                  mentions: [{ said: 'oh-four-oh-one', line: 3 }],
                },
              ]
            : [],
        };
      },
    };
    const own = writeWorker(t, engine);
    const response = await postTranscript(t, author, { text: MEETING, kind: 'incident_report' });
    const { external_id } = response.json<CreateWriteDocumentResponse>();
    await drain(own);
    expect(stages).toEqual(['speakers', 'topics', 'items', 'references', 'writing']);
    // The engine sees the library this organisation may see, never another organisation's documents.
    expect(seen).toContain(libraryDocument);
    expect(seen).not.toContain(othersInternalDocument);

    const document = await writeDocument(t, author, external_id);
    // No title was given: the engine's replaces the provisional one.
    expect(document).toMatchObject({ title: 'Found title', engine: engine.id, status: 'ready' });
    const generated = (await listEvents({ db: t.db, organisationId: author.user.organisationId, kind: 'write.generated' })).filter(
      (event) => event.subject.id === external_id,
    );
    expect(generated).toHaveLength(1);
    expect(generated[0]).toMatchObject({
      tool: 'write',
      actorUserId: author.user.id,
      data: { kind: 'incident_report', engine: engine.id, lines: 7, attendees: 3, decisions: 1, actions: 2, references: 1 },
    });
    expect(generated[0]?.documentIds).toEqual([libraryDocument]);
    expect(JSON.stringify(generated[0])).not.toContain('intumescent');
  });

  test('a failed generation marks the document failed with the reason, and records no event', async () => {
    const failing: WriteEngine = {
      id: 'builtin',
      findings: async () => {
        throw new Error('the engine broke');
      },
    };
    const own = writeWorker(t, failing);
    const eventsBefore = (await rowCounts()).events;
    const response = await postTranscript(t, author, { text: MEETING });
    const { external_id, job_id } = response.json<CreateWriteDocumentResponse>();
    // Every attempt: each retry is made due at once.
    for (let attempt = 0; attempt < t.config.JOBS_MAX_ATTEMPTS; attempt += 1) {
      await t.db
        .update(jobs)
        .set({ runAt: new Date(0) })
        .where(eq(jobs.id, job_id));
      await drain(own);
    }
    const document = await writeDocument(t, author, external_id);
    expect(document).toMatchObject({ status: 'failed', content: null, findings: null });
    expect(document.error).toMatch(/failed on every attempt/);
    expect(document.job_id).not.toBeNull();
    expect((await rowCounts()).events).toBe(eventsBefore);
  });

  test('a provider that refuses the request fails the document at once with what to do, without retrying', async () => {
    let calls = 0;
    const refusing: WriteEngine = {
      id: 'provider:openai-compatible:test-model',
      findings: async () => {
        calls += 1;
        throw new ProviderError('refused', 'provider answered 401 for sk-secret-key', 401);
      },
    };
    const own = writeWorker(t, refusing);
    const response = await postTranscript(t, author, { text: MEETING });
    const { external_id } = response.json<CreateWriteDocumentResponse>();
    await drain(own);
    const document = await writeDocument(t, author, external_id);
    expect(calls).toBe(1);
    expect(document).toMatchObject({ status: 'failed', content: null });
    expect(document.error).toMatch(/refused the request\. Please ask your administrator/);
    expect(document.error).not.toMatch(/sk-secret|401/);
  });
});

describe('refusals create nothing', () => {
  async function expectRefused(
    fields: Parameters<typeof postTranscript>[2],
    status: number,
    options: { user?: TestUser | null; code?: number; message?: RegExp } = {},
  ): Promise<ApiErrorBody> {
    const before = await rowCounts();
    const response = await postTranscript(t, options.user === undefined ? author : options.user, fields);
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json<ApiErrorBody>();
    expect(body).toMatchObject({ message: expect.any(String), request_id: expect.any(String) });
    if (options.code !== undefined) expect(body.error_code).toBe(options.code);
    if (options.message) expect(body.message).toMatch(options.message);
    expect(await rowCounts()).toEqual(before);
    return body;
  }

  test('no session 401, a guest 403', async () => {
    await expectRefused({ text: MEETING }, 401, { user: null });
    await expectRefused({ text: MEETING }, 403, { user: guest });
  });

  test('wrong types: an image, a PDF, binary junk, a web page', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const junk = Uint8Array.from({ length: 2048 }, (_, index) => (index * 37) % 256);
    const code = ERROR_CODES.unsupportedDocument.code;
    await expectRefused({ file: file(png, 'minutes.txt') }, 422, { code, message: /image.*transcript/ });
    await expectRefused({ file: file(await buildPdf(), 'minutes.pdf') }, 422, { code, message: /PDF/ });
    await expectRefused({ file: file(junk, 'minutes.srt') }, 422, { code });
    await expectRefused({ file: file('<!doctype html><html><body>Hi</body></html>', 'minutes.txt') }, 422, { code, message: /web page/ });
  });

  test('empty: an empty file, a file of blank lines, a Word file without text, pasted white space', async () => {
    await expectRefused({ file: file('', 'empty.txt') }, 422, { message: /empty/ });
    await expectRefused({ file: file('\n \n\t\n', 'blank.txt') }, 422);
    const blankDocx = await renderDocx({ title: ' ', creator: 'Test', blocks: [] });
    await expectRefused({ file: file(blankDocx, 'blank.docx') }, 422);
    await expectRefused({ text: '   \n  ' }, 422);
  });

  test('a damaged Word file is unreadable', async () => {
    const docx = await asDocx(MEETING);
    const damaged = Uint8Array.from(docx.subarray(0, Math.floor(docx.length / 2)));
    await expectRefused({ file: file(damaged, 'damaged.docx') }, 422);
  });

  test('oversized: a file over WRITE_MAX_BYTES is 413', async () => {
    const big = `${MEETING}\n`.repeat(Math.ceil((MAX_BYTES + 1) / (MEETING.length + 1)));
    await expectRefused({ file: file(big, 'long.txt') }, 413, { code: ERROR_CODES.fileTooLarge.code });
  });

  test('too many characters, or too many speakers, is refused with a clear reason', async () => {
    const long = `${MEETING}\n`.repeat(Math.ceil((MAX_CHARACTERS + 1) / (MEETING.length + 1)));
    await expectRefused({ text: long }, 422, { code: ERROR_CODES.transcriptTooLarge.code, message: /characters/ });
    const crowd = Array.from(
      { length: MAX_SPEAKERS + 1 },
      (_, index) => `Speaker ${'ABCDEFGHIJ'[index]}: I agree with the plan for the east wing doors.`,
    );
    await expectRefused({ text: crowd.join('\n') }, 422, { code: ERROR_CODES.transcriptTooLarge.code, message: /speakers/ });
  });

  test('malformed forms: 422 naming the field', async () => {
    const body = await expectRefused({ text: MEETING, kind: 'poem' }, 422);
    expect(body.detail?.[0]?.loc).toEqual(['body', 'kind']);
    await expectRefused({ text: MEETING, meeting_date: '2026-02-30' }, 422);
    await expectRefused({ text: MEETING, file: file(MEETING, 'both.txt') }, 422);
    await expectRefused({ kind: 'minutes' }, 422);
    await expectRefused({ text: MEETING, title: 'x'.repeat(201) }, 422);
    const json = await t.app.inject({ method: 'POST', url: '/api/write/documents', headers: author.headers, payload: { text: MEETING } });
    expect(json.statusCode).toBe(422);
  });
});

describe('the author’s documents', () => {
  test('listed newest first, searched by title (literally), in pages', async () => {
    const user = await buildUser(t);
    const first = await storedWriteDocument(t, user, { title: 'Water safety group, 50% complete' });
    const second = await storedWriteDocument(t, user, { title: 'Fire safety group' });
    await storedWriteDocument(t, colleague, { title: 'Water safety group (a colleague’s)' });
    const list = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/write/documents${query}`, headers: user.headers })).json<WriteDocumentList>();

    const all = await list('');
    expect(all.documents.map((document) => document.external_id)).toEqual([second, first]);
    expect(all).toMatchObject({ page: 1, page_size: 20, total: 2 });
    expect((await list('?q=WATER')).documents.map((document) => document.external_id)).toEqual([first]);
    expect((await list('?q=%25')).documents.map((document) => document.external_id)).toEqual([first]);
    expect((await list('?q=_')).total).toBe(0);
    expect((await list('?page=2')).documents).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/write/documents?page=0', headers: user.headers })).statusCode).toBe(422);
  });

  test('rename, then delete (one event, no title in it)', async () => {
    const id = await storedWriteDocument(t, author);
    const url = `/api/write/documents/${id}`;
    const renamed = await t.app.inject({ method: 'PATCH', url, headers: author.headers, payload: { title: '  Fire doors, east wing  ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ external_id: id, title: 'Fire doors, east wing' });
    expect((await t.app.inject({ method: 'PATCH', url, headers: author.headers, payload: { title: ' ' } })).statusCode).toBe(422);

    expect((await t.app.inject({ method: 'DELETE', url, headers: author.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: author.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: author.headers })).statusCode).toBe(404);
    const deleted = (await listEvents({ db: t.db, organisationId: author.user.organisationId, kind: 'write.document_deleted' })).filter(
      (event) => event.subject.id === id,
    );
    expect(deleted).toMatchObject([{ data: {}, actorUserId: author.user.id }]);
  });

  test('evidence: the cited lines with a line either side, the cited ones marked', async () => {
    const id = await storedWriteDocument(t, author);
    const evidence = (
      await t.app.inject({ method: 'GET', url: `/api/write/documents/${id}/evidence/action-1`, headers: author.headers })
    ).json<WriteEvidence>();
    expect(evidence.item).toBe('action-1');
    expect(evidence.text).toBe('Order the strips and repair the eleven doors');
    expect(evidence.lines.map((line) => [line.n, line.cited])).toEqual([
      [4, false],
      [5, true],
      [6, false],
    ]);
    expect(evidence.lines[1]).toMatchObject({ speaker: 'Rhys Maddock', time: null });
    const missing = await t.app.inject({ method: 'GET', url: `/api/write/documents/${id}/evidence/action-9`, headers: author.headers });
    expect(missing.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: `/api/write/documents/${id}/evidence/summary`, headers: author.headers });
    expect(malformed.statusCode).toBe(422);
  });

  test('evidence of a generated document points at real transcript lines', async () => {
    const document = await written(t, worker, author, { text: MEETING });
    const action = document.findings?.actions.find((entry) => entry.owner === 'Rhys Maddock');
    expect(action).toBeDefined();
    const evidence = (
      await t.app.inject({
        method: 'GET',
        url: `/api/write/documents/${document.external_id}/evidence/${action?.id}`,
        headers: author.headers,
      })
    ).json<WriteEvidence>();
    expect(
      evidence.lines
        .filter((line) => line.cited)
        .map((line) => line.text)
        .join(' '),
    ).toMatch(/strips/);
  });
});

describe('saving with a version', () => {
  const edited: WriteContent = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Minutes, as edited' }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'Edited in the first tab.', marks: [{ type: 'bold' }] }] },
    ],
  };
  const save = (user: TestUser, id: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/write/documents/${id}/content`, headers: user.headers, payload: payload as object });

  test('a document the editor could not load back is refused with where, and changes nothing', async () => {
    const id = await storedWriteDocument(t, author);
    const [before] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    const rowOutsideTable = {
      type: 'doc',
      content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [{ type: 'paragraph' }] }] }],
    };
    const refused = await save(author, id, { content: rowOutsideTable, version: 1 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ApiErrorBody>()).toMatchObject({
      detail: [{ loc: ['body', 'content', 'content', 0], msg: 'A doc cannot hold a tableRow' }],
    });
    const [after] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    expect(after).toEqual(before);
  });

  test('a save from the current version is kept and counts one more; a stale one is 409 and changes nothing', async () => {
    const id = await storedWriteDocument(t, author);
    const first = await save(author, id, { content: edited, version: 1 });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<SaveWriteContentResponse>().version).toBe(2);
    expect((await writeDocument(t, author, id)).content).toEqual(edited);

    const [before] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    const stale = await save(author, id, { content: { type: 'doc', content: [] }, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<ApiErrorBody>()).toMatchObject({
      error_code: ERROR_CODES.writeConflict.code,
      error_title: ERROR_CODES.writeConflict.title,
      message: expect.stringMatching(/another tab or window.*Reload/),
    });
    const [after] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    expect(after).toEqual(before);

    const next = await save(author, id, { content: edited, version: 2 });
    expect(next.json<SaveWriteContentResponse>().version).toBe(3);
  });

  test('a document still being written cannot be saved over', async () => {
    const response = await postTranscript(t, author, { text: MEETING });
    const { external_id } = response.json<CreateWriteDocumentResponse>();
    const refused = await save(author, external_id, { content: edited, version: 0 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toMatch(/still being written/);
    await drain(worker);
  });

  test('malformed content is 422 and another user’s document 404; neither changes anything', async () => {
    const id = await storedWriteDocument(t, author);
    const [before] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    expect((await save(author, id, { content: { type: 'doc', content: [{ type: 'image' }] }, version: 1 })).statusCode).toBe(422);
    expect((await save(author, id, { content: edited })).statusCode).toBe(422);
    expect(
      (await save(author, id, { content: { type: 'doc', content: [{ type: 'text', text: 'x'.repeat(100_001) }] }, version: 1 })).statusCode,
    ).toBe(422);
    for (const other of [colleague, outsider]) expect((await save(other, id, { content: edited, version: 1 })).statusCode).toBe(404);
    const [after] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    expect(after).toEqual(before);
  });
});

describe('another user’s or organisation’s document is a 404, like a missing one', () => {
  test.each([
    ['GET', ''],
    ['PATCH', ''],
    ['DELETE', ''],
    ['GET', '/docx'],
    ['GET', '/evidence/action-1'],
  ])('%s …%s', async (method, suffix) => {
    const id = await storedWriteDocument(t, author);
    const [before] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    for (const other of [colleague, outsider]) {
      const response = await t.app.inject({
        method: method as 'GET',
        url: `/api/write/documents/${id}${suffix}`,
        headers: other.headers,
        ...(method === 'PATCH' ? { payload: { title: 'Taken' } } : {}),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>().message).toBe('The requested document could not be found.');
    }
    const [after] = await t.db.select().from(writeDocuments).where(eq(writeDocuments.id, id));
    expect(after).toEqual(before);
  });
});

describe('the rate limit on new documents', () => {
  test('past WRITE_RATE_LIMIT_PER_HOUR a user is refused with 429 and nothing is created', async () => {
    const limited = await buildTestApp({ WRITE_RATE_LIMIT_PER_HOUR: '2' });
    try {
      const user = await buildUser(limited);
      for (let n = 0; n < 2; n += 1) expect((await postTranscript(limited, user, { text: MEETING })).statusCode).toBe(202);
      const refused = await postTranscript(limited, user, { text: MEETING });
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      const [documents] = await limited.db.select({ n: count() }).from(writeDocuments);
      expect(documents?.n).toBe(2);
      // Another user has a limit of their own.
      expect((await postTranscript(limited, await buildUser(limited), { text: MEETING })).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });
});
