import type { DocumentElement, DocumentResponse, Role } from '@verity/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pendingAnalyticsEvents } from '../../../lib/analytics';
import { useAuthStore } from '../../../lib/auth-store';
import { buildTestUser } from '../../../test/fixtures';
import { mockApi } from '../../../test/mock-api';
import { LocationProbe, renderRoute } from '../../../test/render-route';
import { resetStores } from '../../../test/reset-stores';
import { DocumentReaderPage } from './document-reader-page';

const DOC_ID = '01HTM0601CURRENT000000000A';
const OLD_ID = '01HTM0601OLDEDITION00000AB';

function el(id: string, type: DocumentElement['type'], text: string, heading_path: string[] = [], highlighted = false): DocumentElement {
  return { id, type, text, page: 1, heading_path, highlighted };
}

function buildDocument(overrides: Partial<DocumentResponse> = {}): DocumentResponse {
  return {
    id: DOC_ID,
    code: 'HTM 06-01',
    title: 'Electrical services supply and distribution',
    filename: 'htm-06-01-electrical-services.md',
    tags: { category: 'Guidance', domain: 'HTM', subdomain: 'HTM 06 Electrical services' },
    issuer: 'NHS England',
    edition: '2017 edition',
    status: 'current',
    origin: 'verity_summary',
    sources: [{ title: 'Health Technical Memorandum 06-01 — NHS England (england.nhs.uk)', url: 'https://www.england.nhs.uk/estates/' }],
    superseded_by: null,
    replaced_by: [],
    supersedes: ['HTM 2007'],
    elements: [
      el('e-title', 'title', 'HTM 06-01 Electrical services supply and distribution'),
      el('e-scope', 'heading', 'Scope'),
      el('e-p1', 'paragraph', 'This guidance covers the electrical infrastructure of healthcare premises.', ['Scope']),
      el('e-duties', 'heading', 'Key duties'),
      el('e-part-a', 'heading', 'Part A – design', ['Key duties']),
      el('e-li1', 'list_item', 'Assess the resilience of the supply.', ['Key duties', 'Part A – design']),
      el('e-li2', 'list_item', 'Keep single-line diagrams current.', ['Key duties', 'Part A – design']),
      el('e-p2', 'paragraph', 'Records must be kept.', ['Key duties', 'Part A – design']),
      el('e-table', 'table', 'Role | Duty\nDesignated Person | Accountable for the system\nAuthorised Person | Manages day to day', [
        'Key duties',
      ]),
    ],
    ...overrides,
  };
}

function withHighlights(document: DocumentResponse, ids: readonly string[]): DocumentResponse {
  return { ...document, elements: document.elements.map((e) => ({ ...e, highlighted: ids.includes(e.id) })) };
}

function HashProbe() {
  const location = useLocation();
  return <output data-testid="hash">{location.hash}</output>;
}

function renderReader(url: string) {
  return renderRoute(
    <>
      <DocumentReaderPage />
      <HashProbe />
    </>,
    { path: '/wiki/:idorfilename', url },
  );
}

function signInAs(roles: Role[]) {
  useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser({ account_roles: roles }) });
}

const scrollIntoView = vi.fn();

beforeEach(() => {
  resetStores();
  scrollIntoView.mockClear();
  Element.prototype.scrollIntoView = scrollIntoView;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function requestedUrls(): string[] {
  return vi.mocked(fetch).mock.calls.map(([input]) => String(input));
}

describe('DocumentReaderPage for a standard user', () => {
  beforeEach(() => signInAs(['standard']));

  it('shows the header, the title once as h1, headings by depth, grouped lists and real tables', async () => {
    mockApi({ [`GET /api/docs/document/${DOC_ID}`]: { body: buildDocument() }, 'GET /api/docs/my-favourites': { favourites: [] } });
    renderReader(`/wiki/${DOC_ID}`);

    const title = await screen.findByRole('heading', { level: 1 });
    expect(title?.textContent).toContain('HTM 06-01 Electrical services supply and distribution');
    expect(screen.getAllByText('HTM 06-01 Electrical services supply and distribution')).toHaveLength(1);
    expect(screen.getByText('Current')).toBeTruthy();
    expect(screen.getByText('2017 edition')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Tags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Guidance', 'HTM', 'HTM 06 Electrical services']);
    expect(screen.getByText('Supersedes')).toBeTruthy();
    expect(screen.getByText('HTM 2007')).toBeTruthy();

    const article = screen.getByRole('article');
    expect(within(article).getByRole('heading', { level: 2, name: 'Key duties' }).getAttribute('id')).toBe('e-duties');
    expect(within(article).getByRole('heading', { level: 3, name: 'Part A – design' }).getAttribute('data-element-id')).toBe('e-part-a');

    const item = screen.getByText('Assess the resilience of the supply.');
    const list = item.closest('ul');
    expect(list).not.toBeNull();
    expect(
      within(list as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Assess the resilience of the supply.', 'Keep single-line diagrams current.']);

    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Role', 'Duty']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('region', { name: 'Table: Key duties' }).contains(table)).toBe(true);

    expect(screen.getByRole('link', { name: 'Back to Regulatory Wiki' }).getAttribute('href')).toBe('/wiki');
    const star = await screen.findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect((star as HTMLButtonElement).disabled).toBe(false));
    expect(pendingAnalyticsEvents().filter((e) => e.event === 'wiki_document_opened')).toEqual([
      expect.objectContaining({
        properties: { id: DOC_ID, code: 'HTM 06-01', title: 'Electrical services supply and distribution' },
      }),
    ]);
  });

  it('draws a table its file says has no header row as body rows only', async () => {
    const document = buildDocument();
    const elements = document.elements.map((element) =>
      element.type === 'table' ? { ...element, text: 'Reference | EL-04\nOwner | Head of Estates', header_row: false as const } : element,
    );
    mockApi({
      [`GET /api/docs/document/${DOC_ID}`]: { body: { ...document, elements } },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${DOC_ID}`);

    const table = await screen.findByRole('table');
    expect(within(table).queryAllByRole('columnheader')).toHaveLength(0);
    // A label and its value fit a phone's width: no minimum width that would make it scroll.
    expect(table.getAttribute('class')).not.toContain('min-w-');
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ReferenceEL-04', 'OwnerHead of Estates']);
  });

  it("shows a Word upload's title heading once, as the h1, with its sections below it as h2", async () => {
    const under = ['Water Safety Policy'];
    const document = buildDocument({
      code: 'HL-WS-01',
      title: 'Water Safety Policy',
      elements: [
        el('w-org', 'heading', 'Heronsgate Lodge Nursing Home'),
        el('w-title', 'heading', 'Water Safety Policy', [], true),
        el('w-scope', 'heading', 'Scope', under),
        el('w-p1', 'paragraph', 'Every outlet in the home.', [...under, 'Scope']),
        el('w-duties', 'heading', 'Duties', under),
      ],
    });
    mockApi({ [`GET /api/docs/document/${DOC_ID}`]: { body: document }, 'GET /api/docs/my-favourites': { favourites: [] } });
    renderReader(`/wiki/${DOC_ID}`);

    const title = await screen.findByRole('heading', { level: 1 });
    expect(title.textContent).toContain('Water Safety Policy');
    // The cited title heading is the h1 itself: its anchor and highlight stay.
    expect(title.getAttribute('data-element-id')).toBe('w-title');
    expect(screen.getAllByText('Water Safety Policy')).toHaveLength(1);
    const article = screen.getByRole('article');
    expect(
      within(article)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(expect.arrayContaining(['Heronsgate Lodge Nursing Home', 'Scope', 'Duties']));
    expect(within(article).queryAllByRole('heading', { level: 3 })).toHaveLength(0);
  });

  it('asks for every element id, marks each cited passage and scrolls to the first', async () => {
    mockApi({
      [`GET /api/docs/document/${DOC_ID}`]: { body: withHighlights(buildDocument(), ['e-p2', 'e-li2']) },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${DOC_ID}?element_ids=e-li2&element_ids=e-p2`);

    expect(await screen.findByText('2 highlighted passages')).toBeTruthy();
    expect(requestedUrls()).toContain(`/api/docs/document/${DOC_ID}?element_ids=e-li2&element_ids=e-p2`);

    const first = document.getElementById('e-li2') as HTMLElement;
    const second = document.getElementById('e-p2') as HTMLElement;
    expect(first.textContent).toBe('Cited passage: Keep single-line diagrams current.');
    expect(second.textContent).toBe('Cited passage: Records must be kept.');
    for (const passage of [first, second]) {
      expect(passage.getAttribute('data-highlighted')).toBe('true');
      expect(passage?.textContent).toMatch(/^Cited passage: /);
    }
    expect(screen.getByText('Assess the resilience of the supply.').getAttribute('data-highlighted')).toBeNull();
    expect(screen.getAllByText(/^Cited passage:/)).toHaveLength(2);

    // Reading order decides which passage comes first, not the order of the URL.
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalled());
    expect(scrollIntoView.mock.contexts[0]).toBe(first);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next highlighted passage' }));
    expect(document.activeElement).toBe(second);
    expect(screen.getByText(/showing 2 of 2/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next highlighted passage' }));
    expect(document.activeElement).toBe(first);
  });

  it('builds the contents and moves focus and the hash to a chosen heading', async () => {
    mockApi({ [`GET /api/docs/document/${DOC_ID}`]: { body: buildDocument() }, 'GET /api/docs/my-favourites': { favourites: [] } });
    renderReader(`/wiki/${DOC_ID}`);

    // The phone disclosure and the wide-screen column hold the same contents; CSS shows one.
    const [, contents] = await screen.findAllByRole('navigation', { name: 'Contents' });
    if (!contents) throw new Error('no side column contents');
    const topLevel = within(contents).getAllByRole('link');
    expect(topLevel.map((a) => a.textContent)).toEqual(['Scope', 'Key duties', 'Part A – design']);
    const nested = within(contents).getByRole('link', { name: 'Part A – design' }).closest('ul');
    expect(nested?.parentElement?.textContent).toMatch(/^Key duties/);

    await userEvent.setup().click(within(contents).getByRole('link', { name: 'Key duties' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Key duties' }));
    expect(screen.getByTestId('hash')?.textContent).toContain('#e-duties');
  });

  it('warns on a superseded edition and follows its link to the current document', async () => {
    mockApi({
      [`GET /api/docs/document/${OLD_ID}`]: {
        body: buildDocument({
          id: OLD_ID,
          edition: '2007 edition',
          status: 'superseded',
          supersedes: ['HTM 2007 draft'],
          superseded_by: { id: DOC_ID, code: 'HTM 06-01', title: 'Electrical services supply and distribution' },
          replaced_by: [{ id: DOC_ID, code: 'HTM 06-01', title: 'Electrical services supply and distribution' }],
        }),
      },
      [`GET /api/docs/document/${DOC_ID}`]: { body: buildDocument({ edition: '2017 edition' }) },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${OLD_ID}`);

    const banner = (await screen.findByText('This edition is superseded.')).closest('[role="status"]') as HTMLElement;
    expect(banner?.textContent).toContain('This edition is superseded.');
    expect(screen.getByText('Superseded')).toBeTruthy();
    // Supersedes is listed on current documents only.
    expect(screen.queryByText('Supersedes')).toBeNull();

    const link = within(banner).getByRole('link', { name: 'HTM 06-01: Electrical services supply and distribution' });
    expect(link.getAttribute('href')).toBe(`/wiki/${DOC_ID}`);
    await userEvent.setup().click(link);
    expect(await screen.findByText('2017 edition')).toBeTruthy();
    expect(screen.queryByText('This edition is superseded.')).toBeNull();
  });

  it('names every part that replaced an edition split in two', async () => {
    const parts = [
      { id: '01J0000000000000000000000A', code: 'HTM 04-01 Part A', title: 'Design, installation and commissioning' },
      { id: '01J0000000000000000000000B', code: 'HTM 04-01 Part B', title: 'Operational management' },
    ];
    mockApi({
      [`GET /api/docs/document/${OLD_ID}`]: {
        body: buildDocument({ id: OLD_ID, status: 'superseded', superseded_by: parts[0] ?? null, replaced_by: parts }),
      },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${OLD_ID}`);
    const banner = (await screen.findByText('This edition is superseded.')).closest('[role="status"]') as HTMLElement;
    const links = within(banner).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'HTM 04-01 Part A: Design, installation and commissioning',
      'HTM 04-01 Part B: Operational management',
    ]);
    expect(banner.textContent).toContain('Operational management. Read the current documents before relying on this one.');
    expect(banner.textContent).toContain(' and HTM 04-01 Part B');
  });

  it('says so when the replacement is not visible to the user', async () => {
    mockApi({
      [`GET /api/docs/document/${OLD_ID}`]: { body: buildDocument({ id: OLD_ID, status: 'superseded', superseded_by: null }) },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${OLD_ID}`);
    const banner = (await screen.findByText('This edition is superseded.')).closest('[role="status"]') as HTMLElement;
    expect(banner?.textContent).toContain('The document that replaced it is not in your library.');
    expect(within(banner).queryByRole('link')).toBeNull();
  });

  it('opens a file name as its newest edition without exposing the file name or the edition id', async () => {
    mockApi({
      'GET /api/docs/newest-document-by-filename/htm-06-01-electrical-services.md': { body: buildDocument() },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader('/wiki/htm-06-01-electrical-services.md');
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByText(/You opened the newest edition/)).toBeNull();
    expect(screen.queryByRole('link', { name: `/wiki/${DOC_ID}` })).toBeNull();
    expect(document.body.textContent).not.toContain('htm-06-01-electrical-services.md');
  });

  it('says what the text is: a Verity summary, its issuer and edition, and links to the official source', async () => {
    mockApi({
      [`GET /api/docs/document/${DOC_ID}`]: {
        body: buildDocument({
          sources: [
            { title: 'Health Technical Memorandum 06-01 — NHS England (england.nhs.uk)', url: 'https://www.england.nhs.uk/estates/' },
            { title: 'An archived page — Department of Health' },
          ],
        }),
      },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${DOC_ID}`);
    const notice = await screen.findByRole('complementary', { name: 'About this text' });
    expect(notice.textContent).toContain('Verity summary in our own words — not the official text');
    const link = within(notice).getByRole('link', { name: /Health Technical Memorandum 06-01/ });
    expect(link.getAttribute('href')).toBe('https://www.england.nhs.uk/estates/');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // A source with no known official address is named, not linked.
    expect(within(notice).getByText('An archived page — Department of Health').closest('a')).toBeNull();
    expect(screen.getByText('Issued by').nextElementSibling?.textContent).toBe('NHS England');
    expect(screen.getByText('Edition').nextElementSibling?.textContent).toBe('2017 edition');
  });

  it("says an organisation's own document is theirs as uploaded, never a Verity summary", async () => {
    mockApi({
      [`GET /api/docs/document/${DOC_ID}`]: {
        body: buildDocument({ origin: 'organisation_upload', issuer: 'Example Trust', sources: [] }),
      },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${DOC_ID}`);
    const notice = await screen.findByRole('complementary', { name: 'About this text' });
    expect(notice.textContent).toContain("Your organisation's own document, shown as it was uploaded");
    expect(document.body.textContent).not.toContain('Verity summary');
    expect(screen.getByText('Owner').nextElementSibling?.textContent).toBe('Example Trust');
  });

  it('leaves out an owner and an edition the uploaded document does not name', async () => {
    mockApi({
      [`GET /api/docs/document/${DOC_ID}`]: {
        body: buildDocument({ origin: 'organisation_upload', issuer: '', edition: ' ', sources: [] }),
      },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${DOC_ID}`);
    await screen.findByRole('complementary', { name: 'About this text' });
    expect(screen.queryByText('Owner')).toBeNull();
    expect(screen.queryByText('Edition')).toBeNull();
    expect(screen.getByText('Tags')).toBeTruthy();
  });

  it('offers Back to conversation when opened from a chat citation, and only then', async () => {
    mockApi({ [`GET /api/docs/document/${DOC_ID}`]: { body: buildDocument() }, 'GET /api/docs/my-favourites': { favourites: [] } });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[{ pathname: `/wiki/${DOC_ID}`, state: { returnTo: '/chat/01SESSION0000000000000000A' } }]}>
          <Routes>
            <Route path="/wiki/:idorfilename" element={<DocumentReaderPage />} />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const back = await screen.findByRole('link', { name: 'Back to conversation' });
    expect(back.getAttribute('href')).toBe('/chat/01SESSION0000000000000000A');
    await userEvent.setup().click(back);
    expect((await screen.findByTestId('location')).textContent).toBe('/chat/01SESSION0000000000000000A');
  });

  it('has no Back to conversation when opened directly', async () => {
    mockApi({ [`GET /api/docs/document/${DOC_ID}`]: { body: buildDocument() }, 'GET /api/docs/my-favourites': { favourites: [] } });
    renderReader(`/wiki/${DOC_ID}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to conversation' })).toBeNull();
  });

  it('copies the canonical link of the edition', async () => {
    mockApi({
      'GET /api/docs/newest-document-by-filename/htm-06-01-electrical-services.md': { body: buildDocument() },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    renderReader('/wiki/htm-06-01-electrical-services.md');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/wiki/${DOC_ID}`);
  });

  it('shows Document not found for an unknown id with a way back to the wiki', async () => {
    mockApi({ 'GET /api/docs/my-favourites': { favourites: [] } });
    renderReader(`/wiki/${'Z'.repeat(26)}`);
    expect(await screen.findByRole('heading', { name: 'Document not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Regulatory Wiki' }).getAttribute('href')).toBe('/wiki');
  });

  it("shows the server's sentence when a document is too large to show in full", async () => {
    const message = 'This document is too large to show in full (101,507 passages; the limit is 20,000).';
    mockApi({
      [`GET /api/docs/document/${DOC_ID}`]: { status: 422, body: { message, request_id: 'req_1' } },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${DOC_ID}`);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Regulatory Wiki' }).getAttribute('href')).toBe('/wiki');
  });

  it('shows Failed to fetch document on a server error and recovers on retry', async () => {
    let calls = 0;
    mockApi({
      [`GET /api/docs/document/${DOC_ID}`]: () => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { message: 'Internal error', request_id: 'req_1' } } : { body: buildDocument() };
      },
      'GET /api/docs/my-favourites': { favourites: [] },
    });
    renderReader(`/wiki/${DOC_ID}`);
    const alert = await screen.findByRole('alert');
    expect(alert?.textContent).toContain('Failed to fetch document');
    // A server error is not blamed on the connection.
    expect(alert?.textContent).toContain('Something went wrong on our end. Please try again later.');
    expect(alert?.textContent).not.toContain('connection');
    expect(alert?.textContent).toContain('req_1');
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toContain('HTM 06-01 Electrical services');
  });
});

describe('DocumentReaderPage for a guest', () => {
  beforeEach(() => signInAs(['guest']));

  it('reads a shared document without favourites or a link to the wiki', async () => {
    mockApi({ [`GET /api/docs/document/${DOC_ID}`]: { body: buildDocument() } });
    renderReader(`/wiki/${DOC_ID}`);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Back to Regulatory Wiki' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(requestedUrls().some((url) => url.includes('my-favourites'))).toBe(false);
  });

  it('sends a guest home from a missing document', async () => {
    mockApi({});
    renderReader(`/wiki/${DOC_ID}`);
    expect(await screen.findByRole('heading', { name: 'Document not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/home');
  });
});
