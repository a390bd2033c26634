import type { CompareResponse, DocumentReference, FilterDataResponse, SearchResponse } from '@verity/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { buildFlags, buildReference, buildTestUser } from '../../test/fixtures';
import { type MockHandler, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { useCompareStore } from './compare-store';
import { useWikiFilterStore } from './filter-store';

const htm0601 = buildReference({ code: 'HTM 06-01', title: 'Electrical services supply and distribution' });
const htm0601old = buildReference({ code: 'HTM 06-01 (2007)', title: 'Electrical services supply and distribution', status: 'superseded' });
const l8 = buildReference({
  code: 'ACoP L8',
  title: "Legionnaires' disease",
  edition: '4th edition 2013',
  tags: { category: 'Code of practice', domain: 'Health & Safety', subdomain: 'Legionella and water safety' },
});
const l8old = buildReference({
  code: 'ACoP L8 (2000)',
  title: "Legionnaires' disease (3rd edition)",
  edition: '3rd edition 2000',
  status: 'superseded',
  tags: { category: 'Code of practice', domain: 'Health & Safety', subdomain: 'Legionella and water safety' },
});
const cqc = buildReference({ code: 'CQC Reg 15', tags: { category: 'Legislation', domain: 'CQC', subdomain: 'Fundamental standards' } });
const filterData: FilterDataResponse = {
  references: [htm0601old, cqc, l8, htm0601, l8old],
  default_categories: ['Code of practice', 'Guidance', 'Legislation'],
};

function setup(handlers: Record<string, MockHandler | unknown> = {}) {
  return mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/chat/filter_data': filterData,
    'GET /api/docs/my-favourites': { favourites: [] },
    ...handlers,
  });
}

function requestedUrls(): URL[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

function cardFor(code: string): HTMLElement {
  const article = screen.getByText(code, { selector: 'span' }).closest('article');
  if (!article) throw new Error(`no card for ${code}`);
  return article;
}

const user = buildTestUser();

beforeEach(() => {
  resetStores();
  useWikiFilterStore.getState().reset();
  useCompareStore.getState().reset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A 5xx raises the global error dialog (SPEC §8): check its Request ID and close it. */
async function closeServerErrorDialog(requestId: string): Promise<void> {
  const dialog = await screen.findByRole('alertdialog', { name: 'Server Error' });
  expect(dialog.textContent).toContain(requestId);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
}

describe('wiki page', () => {
  it('lists current documents before superseded ones, each card opening its document', async () => {
    setup();
    renderApp('/wiki', { user });
    const list = await screen.findByRole('list', { name: 'Documents' });
    const codes = within(list)
      .getAllByRole('article')
      .map((a) => a.querySelector('p span')?.textContent);
    expect(codes).toEqual(['ACoP L8', 'CQC Reg 15', 'HTM 06-01', 'ACoP L8 (2000)', 'HTM 06-01 (2007)']);
    expect(within(cardFor('HTM 06-01 (2007)')).getByText('Superseded')).toBeTruthy();
    expect(within(cardFor('HTM 06-01')).queryByText('Superseded')).toBeNull();
    expect(within(cardFor('HTM 06-01')).getByRole('link', { name: htm0601.title }).getAttribute('href')).toBe(`/wiki/${htm0601.short_id}`);
    expect(screen.getByText('5 documents')).toBeTruthy();
  });

  it("says 'Failed to load document data.' when the filter data fails and loads again on 'Try Again'", async () => {
    let calls = 0;
    setup({
      'GET /api/chat/filter_data': () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { message: 'boom', request_id: 'req_1' } } : filterData;
      },
    });
    renderApp('/wiki', { user });
    // A server error is not a background failure: the error dialog says so with its Request ID.
    await closeServerErrorDialog('req_1');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load document data.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'Documents' })).toBeTruthy();
    expect(screen.queryByText('Failed to load document data.')).toBeNull();
  });

  it('narrows the list and the other filters by the chosen domain, shows a chip, and clears', async () => {
    setup();
    renderApp('/wiki', { user });
    await screen.findByRole('list', { name: 'Documents' });
    await userEvent.click(screen.getByRole('button', { name: /^Domain/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'HTM (2 documents)' }));
    await userEvent.keyboard('{Escape}');
    const list = screen.getByRole('list', { name: 'Documents' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 of 5 documents')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove filter Domain: HTM' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: /^Subdomain/ }));
    const subdomains = screen.getAllByRole('checkbox').map((c) => c.getAttribute('aria-label'));
    expect(subdomains).toEqual(['HTM 06 Electrical services (2 documents)']);
    await userEvent.keyboard('{Escape}');

    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(within(screen.getByRole('list', { name: 'Documents' })).getAllByRole('article')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: /^Remove filter/ })).toBeNull();
  });

  it('resets the filters when the user opens a document from the wiki', async () => {
    setup();
    const { router } = renderApp('/wiki', { user });
    await screen.findByRole('list', { name: 'Documents' });
    act(() => useWikiFilterStore.getState().toggle('domain', 'CQC'));
    expect(screen.getByText('1 of 5 documents')).toBeTruthy();
    await userEvent.click(within(cardFor('CQC Reg 15')).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/wiki/${cqc.short_id}`));
    // The reader's code loads on demand; the wiki page unmounts once it has arrived.
    await waitFor(() => expect(useWikiFilterStore.getState().domain).toEqual([]));
  });

  it('searches after a pause with the active filters and shows grouped, highlighted snippets', async () => {
    const response: SearchResponse = {
      results: [
        {
          reference: htm0601,
          score: 1,
          snippets: [{ element_id: 'el_7', text_html: 'The <mark>HTM</mark> 06-01 scope &amp; &lt;duties&gt;' }],
        },
      ],
      page: 1,
      page_size: 20,
      total: 1,
    };
    setup({ 'GET /api/docs/search': response });
    const { router } = renderApp('/wiki', { user });
    await screen.findByRole('list', { name: 'Documents' });
    act(() => useWikiFilterStore.getState().toggle('domain', 'HTM'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'HTM 06-01');
    const results = await screen.findByRole('list', { name: 'Search results' });

    const searches = requestedUrls().filter((url) => url.pathname === '/api/docs/search');
    // Only the settled query is sent, not one request per keystroke.
    expect(searches.map((url) => url.searchParams.get('q'))).toEqual(['HTM 06-01']);
    expect(searches[0]?.searchParams.getAll('domain')).toEqual(['HTM']);
    expect(router.state.location.search).toBe('?q=HTM+06-01');

    const snippet = within(results).getByRole('link', { name: 'The HTM 06-01 scope & <duties>' });
    expect(snippet.querySelector('mark')?.textContent).toBe('HTM');
    expect(snippet.getAttribute('href')).toBe(`/wiki/${htm0601.short_id}?element_ids=el_7`);
  });

  it('says so helpfully when a search finds nothing', async () => {
    setup({ 'GET /api/docs/search': { results: [], page: 1, page_size: 20, total: 0 } });
    renderApp('/wiki?q=zzzz', { user });
    expect(await screen.findByText('No documents match “zzzz”')).toBeTruthy();
    expect(screen.getByText(/a document code such as “HTM 06-01”/)).toBeTruthy();
  });

  it('adds a favourite at once and lists it under Favourites', async () => {
    // The server's list follows the calls, as the real one would.
    let stored: DocumentReference[] = [];
    const calls = setup({
      'GET /api/docs/my-favourites': () => ({ favourites: stored }),
      'POST /api/docs/set_favourite': ({ body }: { body: unknown }) => {
        stored = [htm0601];
        return { external_id: (body as { external_id: string }).external_id, like: true };
      },
    });
    renderApp('/wiki', { user });
    await screen.findByRole('list', { name: 'Documents' });
    const star = await within(cardFor('HTM 06-01')).findByRole('button', { name: 'Add to favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(star);
    const pressed = await within(cardFor('HTM 06-01')).findByRole('button', { name: 'Remove from favourites' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ external_id: htm0601.short_id, like: true });

    await userEvent.click(screen.getByRole('button', { name: /^Favourites/ }));
    const favourites = await screen.findByRole('list', { name: 'Favourites' });
    expect(within(favourites).getAllByRole('article')).toHaveLength(1);
    expect(within(favourites).getByText('HTM 06-01')).toBeTruthy();
  });

  it("puts the star back and says 'Failed to update favourite document' when the server refuses", async () => {
    setup({ 'POST /api/docs/set_favourite': { status: 500, body: { message: 'boom', request_id: 'req_2' } } });
    renderApp('/wiki', { user });
    await screen.findByRole('list', { name: 'Documents' });
    await userEvent.click(await within(cardFor('CQC Reg 15')).findByRole('button', { name: 'Add to favourites' }));
    await closeServerErrorDialog('req_2');
    await waitFor(() => expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Failed to update favourite document'));
    expect(within(cardFor('CQC Reg 15')).getByRole('button', { name: 'Add to favourites' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('shows an empty Favourites view with a hint, and typing a search there shows search results', async () => {
    setup({ 'GET /api/docs/search': { results: [], page: 1, page_size: 20, total: 0 } });
    const { router } = renderApp('/wiki?view=favourites', { user });
    expect(await screen.findByText('No favourites yet')).toBeTruthy();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the library' }), 'asbestos{Enter}');
    expect(await screen.findByText('No documents match “asbestos”')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=asbestos');
    expect(screen.getByRole('button', { name: 'All documents' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("says 'Failed to fetch users favourite documents' when the favourites cannot be loaded", async () => {
    setup({ 'GET /api/docs/my-favourites': { status: 500, body: { message: 'boom', request_id: 'req_4' } } });
    renderApp('/wiki?view=favourites', { user });
    await closeServerErrorDialog('req_4');
    expect(await screen.findByText('Failed to fetch users favourite documents', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });

  it('keeps two documents in the compare list, replacing the oldest with a notice, and opens the comparison', async () => {
    setup();
    const { router } = renderApp('/wiki', { user });
    await screen.findByRole('list', { name: 'Documents' });
    await userEvent.click(within(cardFor('CQC Reg 15')).getByRole('button', { name: 'Add CQC Reg 15 to compare' }));
    const tray = screen.getByRole('region', { name: 'Compare list' });
    expect(within(tray).getByRole('button', { name: 'Compare' })).toHaveProperty('disabled', true);
    await userEvent.click(within(cardFor('ACoP L8')).getByRole('button', { name: 'Add ACoP L8 to compare' }));
    await userEvent.click(within(cardFor('ACoP L8 (2000)')).getByRole('button', { name: 'Add ACoP L8 (2000) to compare' }));
    expect(useCompareStore.getState().items.map((i) => i.code)).toEqual(['ACoP L8', 'ACoP L8 (2000)']);
    expect(useToastStore.getState().toasts.map((t) => t.message)).toContain(
      'CQC Reg 15 was taken out of the compare list: you can compare two documents at a time.',
    );
    expect(within(cardFor('CQC Reg 15')).getByRole('button', { name: 'Add CQC Reg 15 to compare' }).getAttribute('aria-pressed')).toBe(
      'false',
    );

    await userEvent.click(within(tray).getByRole('button', { name: 'Compare' }));
    // The older (superseded) edition goes on the left.
    expect(router.state.location.search).toBe(`?compare=${l8old.short_id}%2C${l8.short_id}`);
  });
});

const comparison: CompareResponse = {
  left: l8old,
  right: l8,
  rows: [
    {
      change: 'equal',
      left: { id: 'a1', type: 'heading', text: 'Scope', heading_path: [] },
      right: { id: 'b1', type: 'heading', text: 'Scope', heading_path: [] },
    },
    {
      change: 'changed',
      left: { id: 'a2', type: 'paragraph', text: 'Check monthly.', heading_path: ['Scope'] },
      right: { id: 'b2', type: 'paragraph', text: 'Check weekly.', heading_path: ['Scope'] },
      segments: [
        { kind: 'equal', text: 'Check ' },
        { kind: 'removed', text: 'monthly' },
        { kind: 'added', text: 'weekly' },
        { kind: 'equal', text: '.' },
      ],
    },
    { change: 'removed', left: { id: 'a3', type: 'paragraph', text: 'Old duty.', heading_path: [] }, right: null },
    {
      change: 'equal',
      left: { id: 'a4', type: 'paragraph', text: 'Same.', heading_path: [] },
      right: { id: 'b4', type: 'paragraph', text: 'Same.', heading_path: [] },
    },
    {
      change: 'equal',
      left: { id: 'a5', type: 'paragraph', text: 'Same again.', heading_path: [] },
      right: { id: 'b5', type: 'paragraph', text: 'Same again.', heading_path: [] },
    },
    { change: 'added', left: null, right: { id: 'b6', type: 'list_item', text: 'New risk assessment.', heading_path: [] } },
  ],
  summary: { equal: 3, added: 1, removed: 1, changed: 1 },
  what_changed: {
    history: [
      { side: 'right', code: 'ACoP L8', heading: 'History and what changed', passages: ['The fourth edition replaced the third in 2013.'] },
    ],
    sections: [
      { heading: 'Scope', change: 'changed', added: 0, removed: 0, changed: 1 },
      { heading: 'What it covered', change: 'removed', added: 0, removed: 2, changed: 0 },
      { heading: 'Intervals', change: 'added', added: 3, removed: 0, changed: 0 },
    ],
  },
};

describe('wiki compare view', () => {
  it('shows both documents side by side with the summary, coloured rows and word changes', async () => {
    setup({ 'GET /api/docs/compare': comparison });
    renderApp(`/wiki?compare=${l8old.short_id},${l8.short_id}`, { user });
    const summary = await screen.findByRole('region', { name: 'What changed' });
    expect(summary.textContent).toContain('1 added, 1 removed, 1 changed; 3 unchanged');
    // The documents' own history, then the sections that differ, before any row.
    expect(within(summary).getByText('The fourth edition replaced the third in 2013.').closest('blockquote')).toBeTruthy();
    expect(summary.textContent).toContain('From the “History and what changed” section of ACoP L8');
    const sections = within(summary).getByRole('list', { name: 'Sections that differ' });
    expect(sections.textContent).toContain('Only in ACoP L8: Intervals');
    expect(sections.textContent).toContain('Only in ACoP L8 (2000): What it covered');
    expect(sections.textContent).toContain('Edited: Scope (1 changed)');
    expect(
      summary.compareDocumentPosition(screen.getByRole('list', { name: 'Differences' })) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const compareCall = requestedUrls().find((url) => url.pathname === '/api/docs/compare');
    expect([compareCall?.searchParams.get('left'), compareCall?.searchParams.get('right')]).toEqual([l8old.short_id, l8.short_id]);

    const rows = screen.getByRole('list', { name: 'Differences' });
    const items = [...rows.children] as HTMLElement[];
    expect(items.map((li) => li.dataset.change)).toEqual(['equal', 'changed', 'removed', 'equal', 'equal', 'added']);
    const changed = items[1] as HTMLElement;
    // The badge is a cell of its own row, beside the two texts.
    expect(within(changed).getByText('Changed').parentElement?.parentElement).toBe(changed);
    expect(changed.querySelector('del')?.textContent).toBe('monthly');
    expect(changed.querySelector('ins')?.textContent).toBe('weekly');
    expect(within(items[2] as HTMLElement).getByText('Removed')).toBeTruthy();
    expect(within(items[5] as HTMLElement).getByText('Added')).toBeTruthy();
    expect(screen.getAllByText('ACoP L8 (2000)').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('switch', { name: 'Show only differences' }));
    const filtered = [...screen.getByRole('list', { name: 'Differences' }).children] as HTMLElement[];
    expect(filtered.map((li) => li.dataset.change ?? li.textContent)).toEqual([
      '1 unchanged element',
      'changed',
      'removed',
      '2 unchanged elements',
      'added',
    ]);
  });

  it('shows a table element as a table, each changed word marked in its cell', async () => {
    const left = 'Outlet | Check\nHot water | Monthly\nCold water | Monthly';
    const right = 'Outlet | Check\nHot water | Weekly\nCold water | Monthly';
    const withTable: CompareResponse = {
      ...comparison,
      rows: [
        {
          change: 'changed',
          left: { id: 't1', type: 'table', text: left, heading_path: ['Intervals'] },
          right: { id: 't2', type: 'table', text: right, heading_path: ['Intervals'] },
          segments: [
            { kind: 'equal', text: 'Outlet | Check\nHot water | ' },
            { kind: 'removed', text: 'Monthly' },
            { kind: 'added', text: 'Weekly' },
            { kind: 'equal', text: '\nCold water | Monthly' },
          ],
        },
      ],
      summary: { equal: 0, added: 0, removed: 0, changed: 1 },
    };
    setup({ 'GET /api/docs/compare': withTable });
    renderApp(`/wiki?compare=${l8old.short_id},${l8.short_id}`, { user });
    const before = await screen.findByRole('group', { name: 'Table in ACoP L8 (2000) (3rd edition 2000)' });
    const after = screen.getByRole('group', { name: 'Table in ACoP L8 (4th edition 2013)' });
    expect(
      within(before)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Outlet', 'Check']);
    expect(
      within(after)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Outlet', 'Check'],
      ['Hot water', 'Weekly'],
      ['Cold water', 'Monthly'],
    ]);
    // The change sits in its own cell, on each side; no separator is shown as text.
    expect(within(before).getAllByRole('cell')[1]?.querySelector('del')?.textContent).toBe('Monthly');
    expect(within(after).getAllByRole('cell')[1]?.querySelector('ins')?.textContent).toBe('Weekly');
    expect(before.textContent).not.toContain('|');
  });

  it('hides Show only differences when no row is unchanged', async () => {
    const allDifferent: CompareResponse = {
      ...comparison,
      rows: comparison.rows.filter((row) => row.change !== 'equal'),
      summary: { equal: 0, added: 1, removed: 1, changed: 1 },
    };
    setup({ 'GET /api/docs/compare': allDifferent });
    renderApp(`/wiki?compare=${l8old.short_id},${l8.short_id}`, { user });
    const summary = await screen.findByRole('region', { name: 'What changed' });
    expect(summary.textContent).toContain('1 added, 1 removed, 1 changed');
    expect(summary.textContent).not.toContain('unchanged');
    expect(screen.queryByRole('switch', { name: 'Show only differences' })).toBeNull();
  });

  it('offers Try Again when the comparison fails and goes back to the list', async () => {
    setup({ 'GET /api/docs/compare': { status: 404, body: { message: 'Document not found', request_id: 'req_3' } } });
    const { router } = renderApp(`/wiki?compare=${l8old.short_id},${l8.short_id}`, { user });
    const alert = (await screen.findByText('The comparison could not be loaded')).closest('[role="alert"]') as HTMLElement;
    expect(alert.textContent).toContain('Document not found');
    expect(within(alert).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('list', { name: 'Documents' })).toBeTruthy();
  });
});
