import type { ApiErrorBody, CreateWriteDocumentResponse, WriteContent, WriteDocument } from '@verity/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { JobWorker } from '../../jobs/worker.ts';
import type { TestApp } from '../../test/app.ts';
import { readDocx } from '../../test/docx.ts';
import { listEvents } from '../../test/events.ts';
import { buildLibraryTestApp, buildUser, type TestUser } from '../../test/factories.ts';
import { pdfPagesFromDocx, SOFFICE, SOFFICE_MISSING } from '../../test/soffice.ts';
import { exportFileName } from './export.ts';
import { drain, MEETING, postTranscript, storedWriteDocument, writeDocument, writeWorker, written } from '../../test/write.ts';

let t: TestApp;
let worker: JobWorker;
let author: TestUser;
/** The sample transcript written as minutes (shared by the tests that read its export). */
let minutes: WriteDocument;
let minutesFile: Buffer;

beforeAll(async () => {
  ({ t, standard: author } = await buildLibraryTestApp());
  worker = writeWorker(t);
  const sample = await t.app.inject({ method: 'GET', url: '/api/write/sample-transcript' });
  minutes = await written(t, worker, author, {
    file: new File([new Uint8Array(sample.rawPayload)], 'Sample transcript - Water Safety Group.docx'),
  });
  minutesFile = (await download(author, minutes.external_id)).rawPayload;
}, 120_000);

afterAll(async () => {
  await t.close();
});

function download(user: TestUser, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/write/documents/${id}/docx`, headers: user.headers });
}

/** A date as the minutes write it, e.g. "13 March 2026". */
function ukDate(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

describe('the sample transcript', () => {
  test('is a real Word document, one paragraph a turn with the speaker in bold, the same on every request', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/write/sample-transcript' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers['content-disposition']).toContain('filename="Sample transcript - Water Safety Group.docx"');
    const { html, text } = await readDocx(response.rawPayload);
    expect(html).toContain('<p><strong>Margaret Ellison:</strong> Good afternoon, everyone, it');
    expect(text).toMatch(/Thursday the twelfth of March 2026/);
    const again = await t.app.inject({ method: 'GET', url: '/api/write/sample-transcript' });
    expect(again.rawPayload.equals(response.rawPayload)).toBe(true);
  });

  test('is accepted by the writing assistant: its people, apologies, actions and references are found', () => {
    expect(minutes.status).toBe('ready');
    const findings = minutes.findings;
    expect(findings?.meeting_date).toBe('2026-03-12');
    expect(findings?.attendees).toEqual(
      expect.arrayContaining(['Margaret Ellison', 'Tom Ashdown', 'Leanne Moss', 'Claire Danby', 'Owain Harcourt']),
    );
    expect(findings?.attendees.join(', ')).toMatch(/Sunita Varma/);
    expect(findings?.apologies).toEqual(expect.arrayContaining(['Paul Hendry', 'Aisha Karim']));
    expect(findings?.actions.length).toBeGreaterThanOrEqual(5);
    expect(findings?.decisions.length).toBeGreaterThanOrEqual(1);
    expect(findings?.references.map((reference) => reference.code)).toEqual(expect.arrayContaining(['ACoP L8', 'HSG274']));
  });
});

describe('the Word export', () => {
  test('is named after the title, and holds the title, headings and the actions table with owners and due dates', async () => {
    const response = await download(author, minutes.external_id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const name = exportFileName(minutes.title, 'minutes', new Date());
    expect(name).toMatch(/^Verity minutes - .+ - \d{4}-\d{2}-\d{2}\.docx$/);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const { html, text } = await readDocx(minutesFile);
    // The title once, in Word's title style (mammoth reads it as a paragraph), then the sections.
    expect(text.startsWith(minutes.title)).toBe(true);
    expect(html.split(minutes.title)).toHaveLength(2);
    for (const section of ['Discussion', 'Decisions', 'Actions', 'Regulatory references']) expect(html).toContain(`<h2>${section}</h2>`);
    const table = /<table>.*?<\/table>/s.exec(html.slice(html.indexOf('<h2>Actions</h2>')))?.[0] ?? '';
    expect(table).not.toBe('');
    for (const action of minutes.findings?.actions ?? []) {
      expect(table).toContain(action.owner);
      if (action.due) expect(table).toContain(ukDate(action.due));
    }
  });

  test('converts with LibreOffice, and the PDF shows the title and the actions', async ({ skip }) => {
    if (!SOFFICE) skip(SOFFICE_MISSING);
    const text = (await pdfPagesFromDocx(minutesFile)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain(minutes.title.replace(/\s+/g, ' '));
    for (const action of minutes.findings?.actions ?? []) expect(text).toContain(action.owner);
  }, 180_000);

  test('maps the edited content: headings, marks, links made absolute, nested lists, tables and line breaks', async () => {
    const id = await storedWriteDocument(t, author, { title: 'Estates compliance meeting' });
    const text = (value: string, marks?: WriteContent['content'][number]['marks']) => ({
      type: 'text' as const,
      text: value,
      ...(marks ? { marks } : {}),
    });
    const paragraph = (...content: WriteContent['content']) => ({ type: 'paragraph' as const, content });
    const content: WriteContent = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [text('Estates compliance meeting')] },
        { type: 'heading', attrs: { level: 2 }, content: [text('Discussion')] },
        paragraph(
          text('Strips are '),
          text('urgent', [{ type: 'bold' }]),
          text(' and '),
          text('costly', [{ type: 'italic' }]),
          { type: 'hardBreak' },
          text('See '),
          text('HTM 05-02', [{ type: 'link', attrs: { href: '/wiki/01ABCDEFGHJKMNPQRSTVWXYZ00' } }]),
          text(' and '),
          text('a script', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]),
        ),
        {
          type: 'orderedList',
          attrs: { start: 3 },
          content: [
            { type: 'listItem', content: [paragraph(text('Third point'))] },
            {
              type: 'listItem',
              content: [
                paragraph(text('Fourth point')),
                { type: 'bulletList', content: [{ type: 'listItem', content: [paragraph(text('A nested bullet'))] }] },
              ],
            },
            { type: 'listItem', content: [paragraph(text('Fifth point'))] },
          ],
        },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: ['Owner', 'Action', 'Due'].map((cell) => ({ type: 'tableHeader' as const, content: [paragraph(text(cell))] })),
            },
            {
              type: 'tableRow',
              attrs: { item: 'action-1' },
              content: [
                { type: 'tableCell', content: [paragraph(text('Rhys Maddock'))] },
                { type: 'tableCell', content: [paragraph(text('Order the strips')), paragraph(text('and repair the doors'))] },
                { type: 'tableCell', content: [paragraph(text('28 February 2026'))] },
              ],
            },
          ],
        },
      ],
    };
    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/write/documents/${id}/content`,
      headers: author.headers,
      payload: { content, version: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { html } = await readDocx((await download(author, id)).rawPayload);

    // The first heading repeats the title, which the file already has: it is not written twice.
    expect(html.match(/Estates compliance meeting/g)).toHaveLength(1);
    expect(html).toContain('<h2>Discussion</h2>');
    expect(html).toContain('<strong>urgent</strong>');
    expect(html).toContain('<em>costly</em>');
    expect(html).toContain('costly</em><br />See');
    expect(html).toContain('<a href="http://verity.test/wiki/01ABCDEFGHJKMNPQRSTVWXYZ00">HTM 05-02</a>');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('a script');
    expect(html).toMatch(/3\.\s*Third point/);
    expect(html).toMatch(/4\.\s*Fourth point/);
    expect(html).toMatch(/<ul><li>A nested bullet<\/li><\/ul>/);
    expect(html).toMatch(/5\.\s*Fifth point/);
    expect(html).toMatch(/<table><thead><tr><th><p><strong>Owner<\/strong><\/p><\/th>/);
    expect(html).toContain('<td><p>Order the strips<br />and repair the doors</p></td>');
  });

  test('one write.exported event per download', async () => {
    const id = await storedWriteDocument(t, author);
    const since = new Date();
    await download(author, id);
    await download(author, id);
    const exported = (await listEvents({ db: t.db, organisationId: author.user.organisationId, kind: 'write.exported', since })).filter(
      (event) => event.subject.id === id,
    );
    expect(exported).toHaveLength(2);
    expect(exported[0]).toMatchObject({ tool: null, data: { kind: 'minutes' }, actorUserId: author.user.id });
  });

  test('a document still being written has nothing to export (409); another user’s is 404 and records nothing', async () => {
    const response = await postTranscript(t, author, { text: MEETING });
    const { external_id } = response.json<CreateWriteDocumentResponse>();
    const refused = await download(author, external_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ApiErrorBody>().message).toMatch(/still being written/);
    await drain(worker);
    expect((await writeDocument(t, author, external_id)).status).toBe('ready');

    const since = new Date();
    const other = await buildUser(t);
    expect((await download(other, external_id)).statusCode).toBe(404);
    expect(await listEvents({ db: t.db, organisationId: other.user.organisationId, kind: 'write.exported', since })).toEqual([]);
  });
});
