import type { AdminLibraryDocument, LibraryJob } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { changeOf } from './library-edit';
import { jobOutcome } from './library-jobs';

const admin = buildTestUser({ account_roles: ['standard', 'verity_admin'] });

function libraryDocument(overrides: Partial<AdminLibraryDocument> = {}): AdminLibraryDocument {
  return {
    id: '01JDOC00000000000000000001',
    code: 'HTM 04-01',
    title: 'Safe water in healthcare premises',
    filename: 'htm-04-01.md',
    category: 'Guidance',
    domain: 'HTM',
    subdomain: 'HTM 04 Water systems',
    issuer: 'NHS England',
    edition: '2016',
    status: 'current',
    superseded_by: null,
    supersedes: [],
    source: 'seed',
    newer_edition: false,
    elements: 120,
    created_at: '2026-01-05T09:00:00.000Z',
    updated_at: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

function job(overrides: Partial<LibraryJob> = {}): LibraryJob {
  return {
    id: '01JJOB00000000000000000001',
    status: 'succeeded',
    progress: { stage: 'done', pages: 3, elements: 40 },
    attempts: 1,
    created: true,
    document_id: '01JDOC00000000000000000002',
    created_at: '2026-11-27T09:15:00.000Z',
    updated_at: '2026-11-27T09:15:05.000Z',
    filename: 'legionella-policy.pdf',
    uploaded_by: 'Alex Morgan',
    document: { id: '01JDOC00000000000000000002', code: 'WS-01', title: 'Water safety policy' },
    retryable: false,
    ...overrides,
  };
}

const seed = libraryDocument();
const upload = libraryDocument({
  id: '01JDOC00000000000000000002',
  code: 'WS-01',
  title: 'Water safety policy',
  filename: 'legionella-policy.pdf',
  source: 'upload',
  edition: '',
  elements: 40,
});
const failed = job({
  id: '01JJOB00000000000000000002',
  status: 'failed',
  progress: { stage: 'parsing' },
  created: undefined,
  document_id: undefined,
  document: null,
  filename: 'scan.pdf',
  error: 'The server stopped while processing this file, so it was not tried again.',
  retryable: true,
});

beforeEach(() => {
  resetStores();
});

function mockLibrary(documents: AdminLibraryDocument[]) {
  return mockApi({
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/chat/filter_data': { references: [], default_categories: [] },
    'GET /api/admin/library': () => ({ documents, total: documents.length, page: 1, page_size: 50 }),
    'GET /api/admin/library/jobs': { jobs: [job(), failed], total: 2, page: 1, page_size: 25 },
    // Wrapped: a document's own `status` would read as the response's.
    'POST /api/admin/library/01JDOC00000000000000000001': ({ body }: { body: unknown }) => ({
      status: 200,
      body: { ...seed, ...(body as object) },
    }),
    'POST /api/admin/library/01JDOC00000000000000000001/supersede': {
      document: { ...seed, status: 'superseded', superseded_by: 'WS-01' },
      told: 2,
      message: 'HTM 04-01 is now superseded by WS-01. 2 people were told.',
    },
    'POST /api/admin/library/01JDOC00000000000000000001/reindex': { document: seed, message: 'The search index of HTM 04-01 was rebuilt.' },
    'POST /api/admin/library/jobs/01JJOB00000000000000000002/retry': {
      status: 200,
      body: { ...failed, status: 'queued', retryable: false, error: undefined },
    },
  });
}

describe('the library in the admin area', () => {
  it('lists documents with their tags and status; only uploads can be deleted', async () => {
    mockLibrary([seed, upload]);
    renderApp('/admin?section=library', { user: admin });
    const table = await screen.findByRole('table', { name: 'Library documents' });
    const seedRow = within(table).getByRole('row', { name: /HTM 04-01/ });
    expect(seedRow.textContent).toContain('HTM 04 Water systems');
    expect(seedRow.textContent).toContain('built in');
    expect(within(seedRow).queryByRole('button', { name: /Delete/ })).toBeNull();
    const uploadRow = within(table).getByRole('row', { name: /WS-01/ });
    expect(within(uploadRow).getByRole('button', { name: 'Delete WS-01' })).toBeTruthy();
  });

  it('edits a document, sending only what changed', async () => {
    const person = userEvent.setup();
    const calls = mockLibrary([seed]);
    renderApp('/admin?section=library', { user: admin });
    await person.click(await screen.findByRole('button', { name: 'Edit HTM 04-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit HTM 04-01' });
    const edition = within(dialog).getByRole('textbox', { name: 'Edition' });
    await person.clear(edition);
    await person.type(edition, '2017');
    // A superseded document needs its replacement's code before anything is sent.
    await person.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'superseded');
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Give the code of the document that replaced it')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await person.selectOptions(within(dialog).getByRole('combobox', { name: 'Status' }), 'current');
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit HTM 04-01' })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ edition: '2017' }]);
  });

  it('supersedes a document by one found by search, and says how many were told', async () => {
    const person = userEvent.setup();
    const calls = mockLibrary([seed, upload]);
    renderApp('/admin?section=library', { user: admin });
    await person.click(await screen.findByRole('button', { name: 'Supersede HTM 04-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supersede HTM 04-01' });
    // The document itself is not offered as its own replacement.
    const choice = await within(dialog).findByRole('radio', { name: /WS-01/ });
    expect(within(dialog).queryByRole('radio', { name: /HTM 04-01/ })).toBeNull();
    await person.click(choice);
    await person.click(within(dialog).getByRole('button', { name: 'Mark superseded' }));
    expect(await screen.findByText('HTM 04-01 is now superseded by WS-01. 2 people were told.')).toBeTruthy();
    expect(calls.find((call) => call.path.endsWith('/supersede'))?.body).toEqual({ superseded_by_id: upload.id });
  });

  it('re-indexes a document and retries a failed ingestion', async () => {
    const person = userEvent.setup();
    const calls = mockLibrary([seed]);
    renderApp('/admin?section=library', { user: admin });
    await person.click(await screen.findByRole('button', { name: 'Re-index HTM 04-01' }));
    expect(await screen.findByText('The search index of HTM 04-01 was rebuilt.')).toBeTruthy();

    const jobs = await screen.findByRole('region', { name: 'Ingestion jobs' });
    expect(await within(jobs).findByText(/The server stopped while processing this file/)).toBeTruthy();
    expect(within(jobs).getByRole('link', { name: 'WS-01: Water safety policy' })).toBeTruthy();
    await person.click(within(jobs).getByRole('button', { name: 'Retry scan.pdf' }));
    expect(await screen.findByText('scan.pdf queued again')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/admin/library/jobs/01JJOB00000000000000000002/retry')).toBe(true);
  });
});

describe('changeOf', () => {
  it('names only the fields that differ, trimmed, and drops the replacement when made current', () => {
    const superseded = libraryDocument({ status: 'superseded', superseded_by: 'HTM 04-01 (2026)' });
    const values = {
      code: 'HTM 04-01 ',
      title: 'Safe water in healthcare premises',
      edition: '2016',
      issuer: 'NHS England',
      status: 'current' as const,
      superseded_by: 'HTM 04-01 (2026)',
      category: 'Guidance',
      domain: 'HTM',
      subdomain: 'HTM 04 Water systems',
    };
    expect(changeOf(superseded, values)).toEqual({ status: 'current' });
    expect(changeOf(seed, { ...values, status: 'current', superseded_by: '', domain: 'Water' })).toEqual({ domain: 'Water' });
  });
});

describe('jobOutcome', () => {
  it('says what each job came to', () => {
    expect(jobOutcome(job())).toBe('WS-01: Water safety policy');
    expect(jobOutcome(job({ created: false }))).toBe('Already in the library; nothing changed.');
    expect(jobOutcome(job({ document: null }))).toBe('Added; the document has since been deleted.');
    expect(jobOutcome(failed)).toMatch(/^The server stopped/);
    expect(jobOutcome(job({ status: 'running', progress: { stage: 'parsing', pages: 12 } }))).toBe('Reading the file (12 pages)…');
    expect(jobOutcome(job({ status: 'queued', progress: { stage: 'queued' } }))).toBe('Waiting to start…');
  });
});
