import type { Review, ReviewFinding } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onboardingProgress } from '../../lib/onboarding-progress';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import { failure, type MockHandler, mockApi, type RecordedCall } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { DISMISS_REASON_REQUIRED } from './dismiss-form';
import { buildReview, FINDING_IDS, JOB_ID, REVIEW_ID } from './test-reviews';

const PATH = `/review/${REVIEW_ID}`;
const REVIEW_URL = `/api/review/reviews/${REVIEW_ID}`;
const owner = buildTestUser();
const guest = buildTestUser({ account_roles: ['guest'] });

/** A 200 answer spelt out: mockApi would take a body with a `status` field for the response itself. */
const ok = (body: unknown) => ({ status: 200, body });

function setup(review: Review | (() => unknown), handlers: Record<string, MockHandler | unknown> = {}): RecordedCall[] {
  return mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    [`GET ${REVIEW_URL}`]: typeof review === 'function' ? review : ok(review),
    ...handlers,
  });
}

/** PATCH …/findings/{id}: the finding as the server keeps it after the decision. */
function decisions(review: Review): MockHandler {
  return ({ body }) => {
    const { status, reason } = body as { status: ReviewFinding['status']; reason?: string };
    return ok({ ...review.findings[0], status, dismiss_reason: reason ?? null });
  };
}

const scrolled: Element[] = [];
const scrollIntoView = Element.prototype.scrollIntoView;

beforeEach(() => {
  resetStores();
  localStorage.clear();
  scrolled.length = 0;
  // jsdom neither scrolls nor has media queries: the page is laid out as on a wide screen.
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
});

afterEach(() => {
  Element.prototype.scrollIntoView = scrollIntoView;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function policy(): HTMLElement {
  return screen.getByRole('region', { name: 'Policy' });
}

function findings(): HTMLElement {
  return screen.getByRole('region', { name: 'Findings' });
}

function card(name: RegExp | string): HTMLElement {
  return within(findings()).getByRole('article', { name });
}

function inspectButton(findingId: string): HTMLElement {
  return findings().querySelector(`[data-finding-button="${findingId}"]`) as HTMLElement;
}

function highlights(findingId: string): HTMLElement[] {
  return [...policy().querySelectorAll<HTMLElement>(`[data-findings~="${findingId}"]`)];
}

describe('/review/{id}: the policy and its findings', () => {
  it('draws a table its file says has no header row as body rows only', async () => {
    const review = buildReview();
    const elements = review.elements.map((element) =>
      element.type === 'table' ? { ...element, text: 'Policy number | FD-07\nVersion | 3.0', header_row: false as const } : element,
    );
    setup({ ...review, elements, findings: [] });
    renderApp(PATH, { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire Door Management Policy' })).toBeTruthy();
    const table = within(policy()).getByRole('table');
    expect(within(table).queryAllByRole('columnheader')).toEqual([]);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('cell', { name: 'Policy number' })).toBeTruthy();
  });

  it('renders the policy with page markers, a list and a table, each finding highlighted where it is', async () => {
    setup(buildReview());
    renderApp(PATH, { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire Door Management Policy' })).toBeTruthy();

    expect(within(policy()).getByText('Page 1')).toBeTruthy();
    expect(within(policy()).getByText('Page 2')).toBeTruthy();
    expect(within(policy()).getByRole('heading', { name: 'Scope' })).toBeTruthy();
    expect(within(policy()).getAllByRole('listitem')).toHaveLength(2);
    const table = within(policy()).getByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Interval' })).toBeTruthy();

    expect(highlights(FINDING_IDS.outdated).map((mark) => mark.textContent)).toEqual(['Door Guide 1999']);
    expect(highlights(FINDING_IDS.acronym).map((mark) => mark.textContent)).toEqual(['FDI']);
    expect(within(table).getByRole('cell', { name: '13 months' }).querySelector('[data-findings]')?.textContent).toBe('13 months');
    // The paragraph still reads whole around its highlight.
    expect(
      within(policy()).getByText(
        (_, element) => element?.tagName === 'P' && element.textContent?.includes('follows the Door Guide 1999 for every') === true,
      ),
    ).toBeTruthy();

    // Grouped by severity with the summary's counts; a finding with no place in the text comes last
    // in its group, and says so.
    const panel = findings();
    expect(within(panel).getByRole('region', { name: 'High (1)' })).toBeTruthy();
    const medium = within(panel).getByRole('region', { name: 'Medium (2)' });
    expect(within(panel).getByRole('region', { name: 'Low (1)' })).toBeTruthy();
    const mediumCards = within(medium).getAllByRole('article');
    expect(mediumCards).toHaveLength(2);
    expect(within(mediumCards[1] as HTMLElement).getByText('Missing section')).toBeTruthy();
    expect(within(mediumCards[1] as HTMLElement).getByText('Missing from the policy')).toBeTruthy();
    expect(panel.textContent).toContain('4 open · 0 accepted · 0 dismissed');

    const outdated = card(/Outdated reference/);
    expect(outdated.textContent).toContain('Page 1 · Scope');
    expect(outdated.textContent).toContain('Suggested fix: Refer to the Door Guide 2020.');
    const evidence = within(outdated).getByRole('link', { name: /DG 2020 — Door Guide/ });
    expect(evidence.getAttribute('href')).toBe('/wiki/01JLIBRARY0000000000000001?element_ids=el-4&element_ids=el-5');
    expect(evidence.textContent).toContain('This edition replaces the 1999 guide.');
  });

  it('filters the findings by category', async () => {
    setup(buildReview());
    const person = userEvent.setup();
    renderApp(PATH, { user: owner });
    await screen.findByRole('region', { name: 'Findings' });
    await person.click(within(findings()).getByRole('button', { name: /^Undefined acronym/ }));
    expect(within(findings()).getAllByRole('article')).toHaveLength(1);
    expect(card(/Undefined acronym/)).toBeTruthy();
    await person.click(within(findings()).getByRole('button', { name: 'All' }));
    expect(within(findings()).getAllByRole('article')).toHaveLength(4);
  });

  it('inspects a finding: its text is scrolled to and marked, and the onboarding step is done', async () => {
    setup(buildReview());
    const person = userEvent.setup();
    renderApp(PATH, { user: owner });
    await screen.findByRole('region', { name: 'Findings' });
    expect(onboardingProgress('review').has('errors_inspected')).toBe(false);

    await person.click(inspectButton(FINDING_IDS.interval));
    const [mark] = highlights(FINDING_IDS.interval);
    expect(scrolled).toContain(mark);
    expect(mark?.getAttribute('data-active')).toBe('true');
    expect(inspectButton(FINDING_IDS.interval).getAttribute('aria-pressed')).toBe('true');
    expect(onboardingProgress('review').has('errors_inspected')).toBe(true);

    // The keyboard moves between findings (j/k, arrows) and Enter inspects.
    await person.keyboard('k');
    expect(document.activeElement).toBe(inspectButton(FINDING_IDS.outdated));
    await person.keyboard('{Enter}');
    expect(highlights(FINDING_IDS.outdated)[0]?.getAttribute('data-active')).toBe('true');
    expect(highlights(FINDING_IDS.interval)[0]?.getAttribute('data-active')).toBeNull();
    await person.keyboard('j');
    await person.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(inspectButton(FINDING_IDS.missing));
    await person.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(inspectButton(FINDING_IDS.acronym));
    await person.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(inspectButton(FINDING_IDS.missing));
  });

  it('chooses a finding when its highlight is clicked', async () => {
    setup(buildReview());
    const person = userEvent.setup();
    renderApp(PATH, { user: owner });
    await screen.findByRole('region', { name: 'Findings' });
    await person.click(highlights(FINDING_IDS.acronym)[0] as HTMLElement);
    await waitFor(() => expect(document.activeElement).toBe(inspectButton(FINDING_IDS.acronym)));
    expect(inspectButton(FINDING_IDS.acronym).getAttribute('aria-pressed')).toBe('true');
    expect(card(/Undefined acronym/).getAttribute('data-active')).toBe('true');
  });
});

describe('/review/{id}: deciding findings', () => {
  it('dismisses a finding only with a reason, folds it away, and restores it', async () => {
    const review = buildReview();
    const calls = setup(review, { [`PATCH ${REVIEW_URL}/findings/${FINDING_IDS.outdated}`]: decisions(review) });
    const person = userEvent.setup();
    renderApp(PATH, { user: owner });
    await screen.findByRole('region', { name: 'Findings' });

    await person.click(within(card(/Outdated reference/)).getByRole('button', { name: 'Dismiss' }));
    const reason = within(card(/Outdated reference/)).getByRole('textbox', { name: 'Reason for dismissing' });
    expect(document.activeElement).toBe(reason);
    await person.click(within(card(/Outdated reference/)).getByRole('button', { name: 'Dismiss finding' }));
    expect(screen.getByText(DISMISS_REASON_REQUIRED)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await person.type(reason, '  The trust keeps the 1999 guide for listed buildings. ');
    await person.click(within(card(/Outdated reference/)).getByRole('button', { name: 'Dismiss finding' }));
    await waitFor(() => expect(within(findings()).queryByRole('region', { name: /^High/ })).toBeNull());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { status: 'dismissed', reason: 'The trust keeps the 1999 guide for listed buildings.' },
    ]);
    expect(findings().textContent).toContain('3 open · 0 accepted · 1 dismissed');
    // Focus moves on to the finding that took its place.
    await waitFor(() => expect(document.activeElement).toBe(inspectButton(FINDING_IDS.interval)));

    const folded = within(findings()).getByRole('button', { name: 'Dismissed (1)' });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
    await person.click(folded);
    const dismissed = within(findings()).getByRole('list', { name: 'Dismissed findings' });
    expect(dismissed.textContent).toContain('Reason: The trust keeps the 1999 guide for listed buildings.');
    await person.click(within(dismissed).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(within(findings()).getByRole('region', { name: 'High (1)' })).toBeTruthy());
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ status: 'open' });
  });

  it('accepts a finding, and puts it back as it was when the server refuses', async () => {
    const review = buildReview();
    let refuse = false;
    const calls = setup(review, {
      [`PATCH ${REVIEW_URL}/findings/${FINDING_IDS.outdated}`]: (request: Parameters<MockHandler>[0]) =>
        refuse ? failure(409, { message: 'The review changed.' }) : decisions(review)(request),
    });
    const person = userEvent.setup();
    renderApp(PATH, { user: owner });
    await screen.findByRole('region', { name: 'Findings' });
    await person.click(within(card(/Outdated reference/)).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(findings().textContent).toContain('3 open · 1 accepted · 0 dismissed'));
    expect(within(card(/Outdated reference/)).getByText('Accepted')).toBeTruthy();

    refuse = true;
    await person.click(within(card(/Outdated reference/)).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    await waitFor(() => expect(within(card(/Outdated reference/)).getByText('Accepted')).toBeTruthy());
    expect(findings().textContent).toContain('3 open · 1 accepted · 0 dismissed');
  });
});

describe('/review/{id}: the author’s actions', () => {
  it('shares and stops sharing the review, saying who can see it', async () => {
    const review = buildReview();
    const calls = setup(review, {
      [`POST ${REVIEW_URL}/share`]: ok({ ...review, shared: true }),
      [`DELETE ${REVIEW_URL}/share`]: ok({ ...review, shared: false }),
    });
    const person = userEvent.setup();
    renderApp(PATH, { user: owner });
    expect(await screen.findByText('Only you can see this review')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Share with your organisation' }));
    expect(await screen.findByText('Shared with your organisation')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Stop sharing' }));
    expect(await screen.findByText('Only you can see this review')).toBeTruthy();
    expect(calls.filter((call) => call.path.endsWith('/share')).map((call) => call.method)).toEqual(['POST', 'DELETE']);
  });

  it('downloads the review as Word under the server’s name', async () => {
    setup(buildReview(), {
      [`GET ${REVIEW_URL}/docx`]: {
        status: 200,
        body: 'docx',
        headers: { 'Content-Disposition': 'attachment; filename="Fire doors - review.docx"' },
      },
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:review');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const person = userEvent.setup();
    renderApp(PATH, { user: owner });
    await person.click(await screen.findByRole('button', { name: 'Download .docx' }));
    await waitFor(() => expect(names).toEqual(['Fire doors - review.docx']));
  });

  it('reviews a new version and opens it when it is done', async () => {
    const nextId = '01JREVIEW00000000000000009';
    const jobId = '01JREVIEWJOB00000000000009';
    const calls = setup(buildReview(), {
      [`POST ${REVIEW_URL}/versions`]: { status: 202, body: { id: nextId, job_id: jobId, status: 'queued' } },
      [`GET /api/review/jobs/${jobId}`]: ok({ id: jobId, status: 'succeeded', progress: { stage: 'done' }, review_id: nextId }),
      [`GET /api/review/reviews/${nextId}`]: ok(buildReview({ id: nextId, title: 'Fire Door Management Policy v2' })),
    });
    const person = userEvent.setup();
    const { router } = renderApp(PATH, { user: owner });
    await person.click(await screen.findByRole('button', { name: 'Upload a new version' }));
    const form = screen.getByRole('form', { name: 'Upload a new version' });
    await person.upload(within(form).getByLabelText('Policy file'), new File(['# v2'], 'fire-doors-v2.md', { type: 'text/markdown' }));
    await person.click(within(form).getByRole('button', { name: 'Start review' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${nextId}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire Door Management Policy v2' })).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === `${REVIEW_URL}/versions`)).toBe(true);
  });
});

describe('/review/{id}: other readers and states', () => {
  it("offers exactly the actions the server's abilities give, and nothing it withholds", async () => {
    setup(
      buildReview({ abilities: { decide_findings: false, share: false, export: true, new_version: false, delete: false }, shared: true }),
    );
    renderApp(PATH, { user: guest });
    await screen.findByRole('region', { name: 'Findings' });
    expect(screen.getByRole('button', { name: 'Download .docx' })).toBeTruthy();
    for (const name of ['Accept', 'Dismiss', 'Share with your organisation', 'Stop sharing', 'Upload a new version', 'Delete the review']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('is read-only to a guest of the organisation it is shared with', async () => {
    setup(
      buildReview({ abilities: { decide_findings: false, share: false, export: false, new_version: false, delete: false }, shared: true }),
    );
    renderApp(PATH, { user: guest });
    await screen.findByRole('region', { name: 'Findings' });
    expect(screen.getByText(/you can read it, not change it/)).toBeTruthy();
    expect(screen.getByText('Shared with your organisation')).toBeTruthy();
    for (const name of ['Accept', 'Dismiss', 'Share with your organisation', 'Stop sharing', 'Upload a new version', 'Download .docx']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // A guest may not open the list of reviews.
    expect(screen.queryByRole('link', { name: 'All reviews' })).toBeNull();
  });

  it('shows what changed since the previous version, marking the new findings', async () => {
    const previousId = '01JREVIEW00000000000000005';
    setup(
      buildReview({
        previous_id: previousId,
        comparison: {
          previous_id: previousId,
          fixed: [
            {
              category: 'review_date',
              severity: 'high',
              quote: 'Review by March 2019',
              expected: null,
              explanation: 'The review date has passed.',
            },
          ],
          new_ids: [FINDING_IDS.acronym],
          remaining_ids: [FINDING_IDS.outdated, FINDING_IDS.interval, FINDING_IDS.missing],
        },
      }),
    );
    renderApp(PATH, { user: owner });
    const panel = await screen.findByRole('region', { name: 'Compared with the previous version' });
    expect(panel.textContent).toContain('1 fixed · 1 new · 3 remaining');
    expect(within(within(panel).getByRole('list', { name: 'Fixed findings' })).getByText('Review by March 2019')).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Open the previous review' }).getAttribute('href')).toBe(`/review/${previousId}`);
    expect(within(card(/Undefined acronym/)).getByText('New')).toBeTruthy();
    expect(within(card(/Outdated reference/)).queryByText('New')).toBeNull();
  });

  it('says a review is not found when the server answers 404, and for an id that cannot be one', async () => {
    setup(() => failure(404, { message: 'Not found' }));
    renderApp(PATH, { user: owner });
    expect(await screen.findByRole('heading', { level: 1, name: 'Review not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Review Assistant' }).getAttribute('href')).toBe('/review');
  });

  it('says why a review failed', async () => {
    setup(buildReview({ status: 'failed', error: 'The PDF has only images in it.', elements: [], findings: [] }));
    renderApp(PATH, { user: owner });
    expect((await screen.findByRole('alert')).textContent).toContain('The PDF has only images in it.');
  });

  it('shows a review still running as under way, and its author the stages, then the review once it ends', async () => {
    let polls = 0;
    const running = buildReview({ status: 'reviewing', elements: [], findings: [], job_id: JOB_ID });
    // A review has a `status`, so it goes back wrapped, not as the answer's own fields.
    setup(() => ok(polls > 1 ? buildReview() : running), {
      [`GET /api/review/jobs/${JOB_ID}`]: () => {
        polls += 1;
        return polls > 1
          ? { id: JOB_ID, status: 'succeeded', progress: { stage: 'done', findings: 2 }, review_id: REVIEW_ID }
          : { id: JOB_ID, status: 'running', progress: { stage: 'roles', elements: 40 }, review_id: REVIEW_ID };
      },
    });
    renderApp(PATH, { user: owner });
    expect(await screen.findByRole('region', { name: 'Reviewing your policy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download .docx' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Download .docx' }, { timeout: 3000 })).toBeTruthy();
  });

  it('shows a colleague a shared review still running as under way, without its job', async () => {
    setup(
      buildReview({
        status: 'reviewing',
        elements: [],
        findings: [],
        abilities: { decide_findings: false, share: false, export: false, new_version: false, delete: false },
      }),
    );
    renderApp(PATH, { user: owner });
    expect(await screen.findByText('The policy is being reviewed…')).toBeTruthy();
  });
});
