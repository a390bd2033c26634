import type { WriteDocumentList, WriteDocumentSummary, WriteJob } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { onboardingProgress } from '../../lib/onboarding-progress';
import { buildTestUser } from '../../test/fixtures';
import { type ListRequest, mockListApi, ok } from '../../test/list-api';
import { failure, type MockHandler } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { DOCUMENT_ID, JOB_ID, buildDocument, buildSummary } from './test-documents';
import { WRONG_FILE_TYPE_MESSAGE } from './transcript-drop-zone';

// The editor is the document page's business (document-editor.test.tsx); here the page only has to open.
vi.mock('./document-editor', () => ({ DocumentEditor: () => <p>Editor for the document</p> }));

/** The shell's usual calls, the handlers given, and GET /api/write/documents answered by `list(request)`. */
function setup(list: (request: ListRequest) => WriteDocumentList, handlers: Record<string, MockHandler | unknown> = {}) {
  return mockListApi('/api/write/documents', list, handlers);
}

function listOf(documents: WriteDocumentSummary[], page = 1, total = documents.length): WriteDocumentList {
  return { documents, page, page_size: 20, total };
}

const empty = () => listOf([]);
const user = buildTestUser();

function generateButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement;
}

function documentsList(): HTMLElement {
  return screen.getByRole('list', { name: 'Your documents' });
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/write: starting a document', () => {
  it('offers Generate only once there is a transcript, and refuses a file that is not one', async () => {
    setup(empty);
    const person = userEvent.setup({ applyAccept: false });
    renderApp('/write', { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Write' })).toBeTruthy();
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText('Choose a transcript file first.')).toBeTruthy();

    const chooser = screen.getByLabelText('Transcript file');
    await person.upload(chooser, new File(['%PDF-1.7'], 'minutes.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(WRONG_FILE_TYPE_MESSAGE)).toBeTruthy();
    expect(chooser.getAttribute('aria-invalid')).toBe('true');
    expect(generateButton().disabled).toBe(true);

    await person.upload(chooser, new File(['WEBVTT\n\n00:00.000 --> 00:02.000\n<v Dana>Morning.'], 'ward.vtt', { type: 'text/vtt' }));
    expect(screen.queryByText(WRONG_FILE_TYPE_MESSAGE)).toBeNull();
    expect(screen.getByText('ward.vtt')).toBeTruthy();
    expect(generateButton().disabled).toBe(false);

    // Pasted text is the other way in; blank text is no transcript.
    await person.click(screen.getByRole('tab', { name: 'Paste text' }));
    expect(screen.getByRole('tab', { name: 'Paste text' }).getAttribute('aria-selected')).toBe('true');
    expect(generateButton().disabled).toBe(true);
    await person.type(screen.getByRole('textbox', { name: 'Transcript text' }), '   ');
    expect(generateButton().disabled).toBe(true);
    await person.type(screen.getByRole('textbox', { name: 'Transcript text' }), 'Chair: We agreed to reopen the ward.');
    expect(generateButton().disabled).toBe(false);
  });

  it('shows the server’s refusal: a field’s message on the field, any other in the form', async () => {
    let answer = failure(422, {
      message: 'Validation error',
      detail: [{ loc: ['body', 'meeting_date'], msg: 'That date does not exist' }],
    });
    setup(empty, { 'POST /api/write/documents': () => answer });
    const person = userEvent.setup();
    renderApp('/write', { user });

    await person.click(await screen.findByRole('tab', { name: 'Paste text' }));
    await person.type(screen.getByRole('textbox', { name: 'Transcript text' }), 'Chair: Shall we start?');
    await person.click(generateButton());
    const date = await screen.findByLabelText('Meeting date (optional)');
    await waitFor(() => expect(date.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('That date does not exist')).toBeTruthy();

    answer = failure(400, { message: 'This text does not read as a meeting transcript: no one is speaking in it.' });
    await person.click(generateButton());
    expect((await screen.findByRole('alert')).textContent).toContain('This text does not read as a meeting transcript');
    // What was entered stays for another try.
    expect((screen.getByRole('textbox', { name: 'Transcript text' }) as HTMLTextAreaElement).value).toBe('Chair: Shall we start?');
  });

  it('sends the transcript and choices, shows the stages while it is written, then opens the document', async () => {
    let polls = 0;
    const running: WriteJob = {
      id: JOB_ID,
      status: 'running',
      progress: { stage: 'items', lines: 42, speakers: 3 },
      external_id: DOCUMENT_ID,
    };
    const { calls } = setup(empty, {
      'POST /api/write/documents': { status: 202, body: { external_id: DOCUMENT_ID, job_id: JOB_ID, status: 'queued' } },
      [`GET /api/write/jobs/${JOB_ID}`]: () => {
        polls += 1;
        return ok(polls < 3 ? running : { ...running, status: 'succeeded', progress: { stage: 'done' } });
      },
      [`GET /api/write/documents/${DOCUMENT_ID}`]: ok(buildDocument()),
    });
    const person = userEvent.setup();
    const { router } = renderApp('/write', { user });

    await person.upload(
      await screen.findByLabelText('Transcript file'),
      new File(['Dana: Morning all.'], 'ward.txt', { type: 'text/plain' }),
    );
    // A tap anywhere on a kind's card chooses it, not only on its button.
    await person.click(screen.getByText('Who does what and by when, with the decisions behind them.'));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /Action log/ }).checked).toBe(true);
    await person.type(screen.getByRole('textbox', { name: 'Meeting title (optional)' }), 'Ward 7 reopening');
    await person.type(screen.getByLabelText('Meeting date (optional)'), '2026-03-20');
    await person.click(generateButton());

    const progress = await screen.findByRole('region', { name: 'Writing your action log' });
    await waitFor(() =>
      expect(within(progress).getByText('Finding decisions and actions').closest('li')?.getAttribute('aria-current')).toBe('step'),
    );
    expect(within(progress).getByText('42 lines')).toBeTruthy();
    expect(within(progress).getByText('3 speakers')).toBeTruthy();
    expect(within(progress).getByText('Reading the transcript').closest('li')?.textContent).toContain('(done)');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/write/${DOCUMENT_ID}`));
    expect(await screen.findByText('Editor for the document')).toBeTruthy();

    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/write/documents')?.body as FormData;
    expect((sent.get('file') as File).name).toBe('ward.txt');
    expect(sent.get('text')).toBeNull();
    expect(sent.get('kind')).toBe('action_log');
    expect(sent.get('title')).toBe('Ward 7 reopening');
    expect(sent.get('meeting_date')).toBe('2026-03-20');
  });

  it('says why when writing fails, and keeps the form for another try', async () => {
    setup(empty, {
      'POST /api/write/documents': { status: 202, body: { external_id: DOCUMENT_ID, job_id: JOB_ID, status: 'queued' } },
      [`GET /api/write/jobs/${JOB_ID}`]: ok({
        id: JOB_ID,
        status: 'failed',
        progress: { stage: 'parsing' },
        external_id: DOCUMENT_ID,
        error: 'The transcript has no speech in it.',
      }),
    });
    const person = userEvent.setup();
    const { router } = renderApp('/write', { user });
    await person.click(await screen.findByRole('tab', { name: 'Paste text' }));
    await person.type(screen.getByRole('textbox', { name: 'Transcript text' }), 'Music plays; nobody speaks.');
    await person.click(generateButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The document could not be written');
    expect(alert.textContent).toContain('The transcript has no speech in it.');
    expect(router.state.location.pathname).toBe('/write');
    expect((screen.getByRole('textbox', { name: 'Transcript text' }) as HTMLTextAreaElement).value).toBe('Music plays; nobody speaks.');
  });

  it('downloads the sample transcript, and opens it in a new tab when the download fails', async () => {
    setup(empty, { 'GET /api/write/sample-transcript': failure(503, { message: 'Unavailable' }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const person = userEvent.setup();
    renderApp('/write', { user });
    expect(onboardingProgress('write').has('sample_downloaded')).toBe(false);
    await person.click(await screen.findByRole('button', { name: 'Download a sample transcript' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/api/write/sample-transcript', '_blank', 'noopener'));
    expect(logged).toHaveBeenCalled();
    // The person has the file either way, so the onboarding step is done.
    expect(onboardingProgress('write').has('sample_downloaded')).toBe(true);
  });
});

describe('/write: your documents', () => {
  const ready = buildSummary(1, { title: 'Water Safety Group – March', meeting_date: '2026-03-12' });
  const generating = buildSummary(2, { title: 'Fire safety committee', status: 'generating' });
  const failed = buildSummary(3, { title: 'Infection control huddle', kind: 'briefing', status: 'failed' });

  it('lists the documents newest first with their kind, date and state, each opening its page', async () => {
    setup(() => listOf([ready, generating, failed]));
    renderApp('/write', { user });
    await screen.findByRole('list', { name: 'Your documents' });
    const rows = within(documentsList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      `/write/${ready.external_id}`,
      `/write/${generating.external_id}`,
      `/write/${failed.external_id}`,
    ]);
    expect(rows[0]?.textContent).toContain('Meeting minutes · Meeting 12 Mar 2026');
    expect(within(rows[1] as HTMLElement).getByText('Generating')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Failed')).toBeTruthy();
    expect(rows[2]?.textContent).toContain('Summary briefing');
  });

  it('starts loading a document when the pointer rests on its row or the keyboard reaches it, once', async () => {
    const { calls } = setup(() => listOf([ready, failed]), {
      [`GET /api/write/documents/${ready.external_id}`]: ok(buildDocument({ external_id: ready.external_id })),
      [`GET /api/write/documents/${failed.external_id}`]: ok(buildDocument({ external_id: failed.external_id })),
    });
    const person = userEvent.setup();
    renderApp('/write', { user });
    await screen.findByRole('list', { name: 'Your documents' });
    const links = within(documentsList()).getAllByRole('link');
    const asked = (id: string) => calls.filter((call) => call.path === `/api/write/documents/${id}`).length;
    expect(asked(ready.external_id)).toBe(0);
    await person.hover(links[0] as HTMLElement);
    await waitFor(() => expect(asked(ready.external_id)).toBe(1));
    await person.unhover(links[0] as HTMLElement);
    await person.hover(links[0] as HTMLElement);
    (links[1] as HTMLElement).focus();
    await waitFor(() => expect(asked(failed.external_id)).toBe(1));
    expect(asked(ready.external_id)).toBe(1);
  });

  it('says so when there are no documents yet', async () => {
    setup(empty);
    renderApp('/write', { user });
    expect(await screen.findByText('No documents yet')).toBeTruthy();
  });

  it('searches titles after typing pauses, and says when nothing matches', async () => {
    const { requests } = setup(({ q }) => (q === 'fire' ? listOf([generating]) : q ? listOf([]) : listOf([ready, generating])));
    const person = userEvent.setup();
    renderApp('/write', { user });
    await screen.findByRole('list', { name: 'Your documents' });
    await person.type(screen.getByRole('searchbox', { name: 'Search your documents' }), 'fire');
    await waitFor(() => expect(within(documentsList()).getAllByRole('listitem')).toHaveLength(1));
    expect(requests.map((request) => request.q)).toEqual([null, 'fire']);

    await person.type(screen.getByRole('searchbox', { name: 'Search your documents' }), 'works');
    expect(await screen.findByText('No documents match “fireworks”')).toBeTruthy();
  });

  it('pages through twenty at a time', async () => {
    const { requests } = setup(({ page }) => (page === 2 ? listOf([failed], 2, 21) : listOf([ready], 1, 21)));
    const person = userEvent.setup();
    renderApp('/write', { user });
    await screen.findByText('Page 1 of 2');
    expect((screen.getByRole('button', { name: /Newer/ }) as HTMLButtonElement).disabled).toBe(true);
    await person.click(screen.getByRole('button', { name: /Older/ }));
    await screen.findByText('Page 2 of 2');
    expect(within(documentsList()).getByText(failed.title)).toBeTruthy();
    expect(requests.at(-1)).toEqual({ q: null, page: 2 });
  });

  it('renames a document in place', async () => {
    let title = ready.title;
    const { calls } = setup(() => listOf([{ ...ready, title }]), {
      [`PATCH /api/write/documents/${ready.external_id}`]: ({ body }: { body: unknown }) => {
        title = (body as { title: string }).title;
        return ok({ ...ready, title });
      },
    });
    const person = userEvent.setup();
    renderApp('/write', { user });
    await person.click(await screen.findByRole('button', { name: `Rename “${ready.title}”` }));
    const field = screen.getByRole('textbox', { name: 'Document title' });
    await person.clear(field);
    await person.type(field, 'Water Safety Group – 12 March{Enter}');
    await waitFor(() => expect(within(documentsList()).getByText('Water Safety Group – 12 March')).toBeTruthy());
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ title: 'Water Safety Group – 12 March' });
    // Focus goes back to where the person started.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Rename “Water Safety Group – 12 March”');
  });

  it('deletes a document only after confirming, and takes it off the list', async () => {
    let documents = [ready, failed];
    const { calls } = setup(() => listOf(documents), {
      [`DELETE /api/write/documents/${failed.external_id}`]: () => {
        documents = [ready];
        return { status: 204 };
      },
    });
    const person = userEvent.setup();
    renderApp('/write', { user });
    await person.click(await screen.findByRole('button', { name: `Delete “${failed.title}”` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document?' });
    expect(dialog.textContent).toContain(failed.title);
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await person.click(screen.getByRole('button', { name: `Delete “${failed.title}”` }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Delete document?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(documentsList()).queryByText(failed.title)).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/write/documents/${failed.external_id}`,
    ]);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('Document deleted');
  });
});
