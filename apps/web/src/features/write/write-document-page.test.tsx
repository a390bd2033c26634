import type { WriteContent, WriteEvidence } from '@verity/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onboardingProgress } from '../../lib/onboarding-progress';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import { failure, type MockHandler, mockApi, type RecordedCall } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import type { DocumentEditorProps } from './document-editor';
import { buildContent, buildDocument, DOCUMENT_ID, JOB_ID } from './test-documents';

/**
 * The real editor is tested on its own (document-editor.test.tsx). Here a stand-in shows the text
 * it was given and the item highlighted, and makes the changes and clicks the page reacts to.
 */
vi.mock('./document-editor', () => ({
  DocumentEditor: ({ content, onChange, onItemClick, selectedItem }: DocumentEditorProps) => {
    const first = content.content[0]?.content?.[0]?.text ?? '';
    return (
      <div>
        <p data-testid="editor-text">{first}</p>
        <p data-testid="editor-selected">{selectedItem ?? ''}</p>
        <button
          type="button"
          onClick={() => onChange({ ...content, content: [{ type: 'paragraph', content: [{ type: 'text', text: `${first} (edited)` }] }] })}
        >
          Type in the editor
        </button>
        <button type="button" onClick={() => onItemClick('action-1')}>
          Click the action’s row
        </button>
      </div>
    );
  },
}));

const PATH = `/write/${DOCUMENT_ID}`;
const DOCUMENT_URL = `/api/write/documents/${DOCUMENT_ID}`;
const user = buildTestUser();

/** A 200 answer spelt out: mockApi would take a body with a `status` field for the response itself. */
const ok = (body: unknown) => ({ status: 200, body });

function setup(handlers: Record<string, MockHandler | unknown>): RecordedCall[] {
  return mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    ...handlers,
  });
}

function saves(calls: RecordedCall[]): unknown[] {
  return calls.filter((call) => call.method === 'PATCH' && call.path === `${DOCUMENT_URL}/content`).map((call) => call.body);
}

function saveState(): string {
  return screen.getByText((_, element) => element?.hasAttribute('data-save-status') ?? false).textContent ?? '';
}

const evidence: WriteEvidence = {
  item: 'action-1',
  text: 'Dana Whitlock: Book the flushing contractor',
  lines: [
    { n: 1, speaker: 'Omar Reyes', time: '00:03:10', text: 'Who can get the contractor in?', cited: false },
    { n: 2, speaker: 'Dana Whitlock', time: '00:03:14', text: 'I will book them by next Friday.', cited: true },
    { n: 3, speaker: 'Omar Reyes', time: '00:03:20', text: 'Thank you.', cited: false },
  ],
};

beforeEach(() => {
  resetStores();
  // jsdom has no media queries: the page is laid out as on a wide screen, the panel beside the text.
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/write/{external_id}', () => {
  it('shows the document with what it is, the editor, and the decisions, actions and references found', async () => {
    setup({ [`GET ${DOCUMENT_URL}`]: ok(buildDocument()) });
    renderApp(PATH, { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ward refurbishment group' })).toBeTruthy();
    expect(screen.getByText('Meeting minutes · 20 March 2026 · From ward-meeting.vtt')).toBeTruthy();
    expect(await screen.findByTestId('editor-text')).toBeTruthy();
    expect(saveState()).toBe('Saved');
    await waitFor(() => expect(document.title).toBe('Ward refurbishment group — Verity'));

    const panel = screen.getByRole('complementary', { name: 'Where it came from' });
    expect(within(panel).getByRole('button', { name: /The ward reopens after the water results/ })).toBeTruthy();
    const action = within(panel).getByRole('button', { name: /Book the flushing contractor/ });
    expect(action.textContent).toContain('Dana Whitlock · due 27 March 2026 (“by next Friday”)');

    expect(
      within(panel)
        .getAllByRole('link', { name: 'HTM 04-01' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/wiki/01JLIBRARY0000000000000001', '/wiki/01JLIBRARY0000000000000001']);
    const superseded = within(panel).getByRole('link', { name: 'OLD 1' }).closest('li') as HTMLElement;
    expect(within(superseded).getByText('Superseded')).toBeTruthy();
    expect(superseded.textContent).toContain('Replaced by HTM 04-01');
    expect(within(panel).getByText('Said as “oh-four-oh-one” (line 5)')).toBeTruthy();
  });

  it('saves a change after a pause: Saving…, then Saved; each save names the version the last one made', async () => {
    let version = 1;
    const calls = setup({
      [`GET ${DOCUMENT_URL}`]: ok(buildDocument()),
      [`PATCH ${DOCUMENT_URL}/content`]: () => {
        version += 1;
        return { version, updated_at: '2026-03-20T10:00:00.000Z' };
      },
    });
    const person = userEvent.setup();
    renderApp(PATH, { user });

    await person.click(await screen.findByRole('button', { name: 'Type in the editor' }));
    expect(saveState()).toBe('Saving…');
    expect(onboardingProgress('write').has('document_edited')).toBe(false);
    await waitFor(() => expect(saveState()).toBe('Saved'));
    expect(onboardingProgress('write').has('document_edited')).toBe(true);
    expect(saves(calls)).toEqual([
      {
        content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Ward refurbishment group (edited)' }] }] },
        version: 1,
      },
    ]);

    await person.click(screen.getByRole('button', { name: 'Type in the editor' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect((saves(calls)[1] as { version: number }).version).toBe(2);
    await waitFor(() => expect(saveState()).toBe('Saved'));
  });

  it('offline: says it will retry, and saves once the browser is back online', async () => {
    let online = false;
    const calls = setup({
      [`GET ${DOCUMENT_URL}`]: ok(buildDocument()),
      [`PATCH ${DOCUMENT_URL}/content`]: () => {
        if (!online) throw new TypeError('Failed to fetch');
        return { version: 2, updated_at: '2026-03-20T10:00:00.000Z' };
      },
    });
    const person = userEvent.setup();
    renderApp(PATH, { user });

    await person.click(await screen.findByRole('button', { name: 'Type in the editor' }));
    await waitFor(() => expect(saveState()).toBe('Offline — will retry'));
    // Nothing saved must not be left behind by closing the tab without being asked.
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(true);

    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(saveState()).toBe('Saved'));
    expect(saves(calls).length).toBeGreaterThanOrEqual(2);
    const settled = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(settled);
    expect(settled.defaultPrevented).toBe(false);
  });

  it('409: stops saving, shows the server’s message, and Reload loads the newer version to carry on from', async () => {
    const message = 'This document was changed in another tab. Reload it to see the latest version.';
    const newer: WriteContent = {
      ...buildContent(),
      content: [{ type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Saved elsewhere' }] }],
    };
    let loads = 0;
    let refusing = true;
    const calls = setup({
      [`GET ${DOCUMENT_URL}`]: () => {
        loads += 1;
        return ok(loads === 1 ? buildDocument() : buildDocument({ version: 7, content: newer }));
      },
      [`PATCH ${DOCUMENT_URL}/content`]: () =>
        refusing ? failure(409, { message }) : { version: 8, updated_at: '2026-03-20T10:00:00.000Z' },
    });
    const person = userEvent.setup();
    renderApp(PATH, { user });

    await person.click(await screen.findByRole('button', { name: 'Type in the editor' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This document was changed elsewhere');
    expect(alert.textContent).toContain(message);
    expect(saveState()).toBe('Not saved');

    // Saving has stopped: further typing sends nothing.
    await person.click(screen.getByRole('button', { name: 'Type in the editor' }));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(saves(calls)).toHaveLength(1);

    refusing = false;
    await person.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByTestId('editor-text').textContent).toBe('Saved elsewhere'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saveState()).toBe('Saved');

    await person.click(screen.getByRole('button', { name: 'Type in the editor' }));
    await waitFor(() => expect(saves(calls)).toHaveLength(2));
    expect((saves(calls)[1] as { version: number }).version).toBe(7);
  });

  it('shows the transcript lines of an action chosen in the list or clicked in the text, the cited ones marked', async () => {
    const calls = setup({
      [`GET ${DOCUMENT_URL}`]: ok(buildDocument()),
      [`GET ${DOCUMENT_URL}/evidence/action-1`]: evidence,
    });
    const person = userEvent.setup();
    renderApp(PATH, { user });

    const panel = await screen.findByRole('complementary', { name: 'Where it came from' });
    await person.click(within(panel).getByRole('button', { name: /Book the flushing contractor/ }));
    const lines = await screen.findByRole('list', { name: 'Transcript lines for Action 1' });
    const items = within(lines).getAllByRole('listitem');
    expect(items.map((item) => item.hasAttribute('data-cited'))).toEqual([false, true, false]);
    expect(items[1]?.textContent).toContain('Dana Whitlock');
    expect(items[1]?.textContent).toContain('00:03:14');
    expect(items[1]?.textContent).toContain('I will book them by next Friday.');
    expect(items[1]?.textContent).toContain('Cited');
    expect(screen.getByRole('heading', { name: 'Where action 1 came from' })).toBeTruthy();
    expect(screen.getByTestId('editor-selected').textContent).toBe('action-1');
    expect(
      within(panel)
        .getByRole('button', { name: /Book the flushing contractor/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await person.click(screen.getByRole('button', { name: 'Close the transcript lines' }));
    expect(screen.queryByRole('list', { name: 'Transcript lines for Action 1' })).toBeNull();

    await person.click(screen.getByRole('button', { name: 'Click the action’s row' }));
    expect(await screen.findByRole('list', { name: 'Transcript lines for Action 1' })).toBeTruthy();
    // The lines never change: they were fetched once.
    expect(calls.filter((call) => call.path.endsWith('/evidence/action-1'))).toHaveLength(1);
  });

  it('downloads the saved document as Word, saving what is waiting first', async () => {
    const createObjectURL = vi.fn(() => 'blob:docx');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const calls = setup({
      [`GET ${DOCUMENT_URL}`]: ok(buildDocument()),
      [`PATCH ${DOCUMENT_URL}/content`]: { version: 2, updated_at: '2026-03-20T10:00:00.000Z' },
      [`GET ${DOCUMENT_URL}/docx`]: {
        status: 200,
        body: 'PK',
        headers: { 'Content-Disposition': `attachment; filename*=UTF-8''Meeting%20minutes%20-%20Ward.docx` },
      },
    });
    const person = userEvent.setup();
    renderApp(PATH, { user });

    await person.click(await screen.findByRole('button', { name: 'Type in the editor' }));
    await person.click(screen.getByRole('button', { name: 'Download .docx' }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]?.download).toBe('Meeting minutes - Ward.docx');
    expect(onboardingProgress('write').has('docx_downloaded')).toBe(true);
    const order = calls.filter((call) => call.method === 'PATCH' || call.path.endsWith('/docx'));
    expect(order.map((call) => `${call.method} ${call.path}`)).toEqual([`PATCH ${DOCUMENT_URL}/content`, `GET ${DOCUMENT_URL}/docx`]);
    const docx = calls.find((call) => call.path.endsWith('/docx'));
    expect(docx?.headers.get('auth-token')).toBe('token-test');
  });

  it('while the document is being written, shows the stages and then the document', async () => {
    let ready = false;
    setup({
      [`GET ${DOCUMENT_URL}`]: () =>
        ok(ready ? buildDocument() : buildDocument({ status: 'generating', content: null, findings: null, version: 0, job_id: JOB_ID })),
      [`GET /api/write/jobs/${JOB_ID}`]: () => {
        ready = true;
        return ok({ id: JOB_ID, status: 'succeeded', progress: { stage: 'done' }, external_id: DOCUMENT_ID });
      },
    });
    renderApp(PATH, { user });
    expect(await screen.findByRole('region', { name: 'Writing your meeting minutes' })).toBeTruthy();
    expect(await screen.findByTestId('editor-text')).toBeTruthy();
  });

  it('when writing failed, says why and offers the way back', async () => {
    setup({
      [`GET ${DOCUMENT_URL}`]: ok(
        buildDocument({ status: 'failed', content: null, findings: null, error: 'The file holds no speech to write from.' }),
      ),
    });
    renderApp(PATH, { user });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file holds no speech to write from.');
    expect(within(alert).getByRole('link', { name: 'Back to Write' }).getAttribute('href')).toBe('/write');
  });

  it('answers a document that is not there, or not the person’s, as not found', async () => {
    setup({ [`GET ${DOCUMENT_URL}`]: failure(404, { message: 'Document not found' }) });
    renderApp(PATH, { user });
    expect(await screen.findByRole('heading', { level: 1, name: 'Document not found' })).toBeTruthy();
  });

  it('does not even ask for an address that cannot be a document', async () => {
    const calls = setup({});
    renderApp('/write/not-a-document', { user });
    expect(await screen.findByRole('heading', { level: 1, name: 'Document not found' })).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/write/'))).toBe(false);
  });
});
