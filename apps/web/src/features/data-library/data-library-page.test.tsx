import type { DataLibraryDocument } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

function owned(overrides: Partial<DataLibraryDocument> = {}): DataLibraryDocument {
  return {
    id: '01JDOC00000000000000000001',
    code: 'tmv-procedure',
    title: 'TMV servicing procedure',
    filename: 'tmv-procedure.pdf',
    category: 'Procedure',
    domain: 'Water',
    subdomain: 'Legionella',
    versions: 2,
    elements: 14,
    uploaded_by: { id: 'u1', name: 'Ada Morgan' },
    may_manage: true,
    created_at: '2026-11-20T09:00:00.000Z',
    updated_at: '2026-11-21T09:00:00.000Z',
    ...overrides,
  };
}

const other = owned({
  id: '01JDOC00000000000000000002',
  title: 'Fire door log',
  filename: 'fire-doors.md',
  versions: 1,
  may_manage: false,
});

beforeEach(() => {
  resetStores();
});

describe('the data library page', () => {
  it('lists the organisation’s documents, offering changes only where the person may make them', async () => {
    mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/data-library/documents': { documents: [owned(), other], total: 2, page: 1, page_size: 50 },
    });
    renderApp('/data-library', { user: buildTestUser() });
    const list = await screen.findByRole('region', { name: 'Our documents' });
    const items = await within(list).findAllByRole('listitem');
    expect(items[0]?.textContent).toContain('2 versions');
    expect(items[0]?.textContent).toContain('by Ada Morgan');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: 'TMV servicing procedure' })
        .getAttribute('href'),
    ).toBe('/wiki/01JDOC00000000000000000001');
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Delete TMV servicing procedure' })).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByRole('button')).toBeNull();
    expect(screen.getByRole('form', { name: 'Add a document' })).toBeTruthy();
  });

  it('changes a document’s details, sending only what changed, and deletes one after asking', async () => {
    const person = userEvent.setup();
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/data-library/documents': { documents: [owned()], total: 1, page: 1, page_size: 50 },
      'POST /api/data-library/documents/01JDOC00000000000000000001': ({ body }: { body: unknown }) => ({ ...owned(), ...(body as object) }),
      'DELETE /api/data-library/documents/01JDOC00000000000000000001': { message: 'TMV servicing procedure was deleted.' },
    });
    renderApp('/data-library', { user: buildTestUser() });
    await person.click(await screen.findByRole('button', { name: 'Edit details of TMV servicing procedure' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit details of TMV servicing procedure' });
    const subdomain = within(dialog).getByRole('textbox', { name: 'Subdomain' });
    await person.clear(subdomain);
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Subdomain must not be empty')).toBeTruthy();
    await person.type(subdomain, 'Hot water');
    await person.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Edit details/ })).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ subdomain: 'Hot water' }]);

    await person.click(screen.getByRole('button', { name: 'Delete TMV servicing procedure' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete TMV servicing procedure?' });
    await person.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it('says when there is nothing yet, and when the list cannot be loaded', async () => {
    mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/data-library/documents': { documents: [], total: 0, page: 1, page_size: 50 },
    });
    renderApp('/data-library', { user: buildTestUser() });
    expect(await screen.findByText('Nothing here yet: add your first document.')).toBeTruthy();
  });
});
