import type { ReviewJob, ReviewList, ReviewSummary } from '@verity/shared';
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
import { WRONG_POLICY_TYPE_MESSAGE } from './policy-drop-zone';
import { buildReview, buildReviewSummary, JOB_ID, REVIEW_ID } from './test-reviews';

/** The shell's usual calls, the handlers given, and GET /api/review/reviews answered by `list(request)`. */
function setup(list: (request: ListRequest) => ReviewList, handlers: Record<string, MockHandler | unknown> = {}) {
  return mockListApi('/api/review/reviews', list, handlers);
}

function listOf(reviews: ReviewSummary[], page = 1, total = reviews.length): ReviewList {
  return { reviews, page, page_size: 20, total };
}

const empty = () => listOf([]);
const user = buildTestUser();

function startButton(): HTMLButtonElement {
  return screen.getByRole('button', { name: 'Start review' }) as HTMLButtonElement;
}

function reviewsList(): HTMLElement {
  return screen.getByRole('list', { name: 'Your reviews' });
}

beforeEach(() => {
  resetStores();
  localStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/review: starting a review', () => {
  it('offers Start review only once a policy file is chosen, and refuses a file that is not one', async () => {
    setup(empty);
    const person = userEvent.setup({ applyAccept: false });
    renderApp('/review', { user });

    expect(await screen.findByRole('heading', { level: 1, name: 'Review Assistant' })).toBeTruthy();
    expect(startButton().disabled).toBe(true);
    expect(screen.getByText('Choose a policy file first.')).toBeTruthy();

    const chooser = screen.getByLabelText('Policy file');
    await person.upload(chooser, new File(['MZ'], 'policy.exe', { type: 'application/octet-stream' }));
    expect(screen.getByText(WRONG_POLICY_TYPE_MESSAGE)).toBeTruthy();
    expect(chooser.getAttribute('aria-invalid')).toBe('true');
    expect(startButton().disabled).toBe(true);

    await person.upload(chooser, new File(['# Fire doors'], 'fire-doors.md', { type: 'text/markdown' }));
    expect(screen.queryByText(WRONG_POLICY_TYPE_MESSAGE)).toBeNull();
    expect(screen.getByText('fire-doors.md')).toBeTruthy();
    expect(startButton().disabled).toBe(false);
    expect(onboardingProgress('review').has('upload_clicked')).toBe(true);
  });

  it('sends the policy and title, shows the stages while it is reviewed, then opens the review', async () => {
    let polls = 0;
    const running: ReviewJob = {
      id: JOB_ID,
      status: 'running',
      progress: { stage: 'structure', pages: 12, findings: 3 },
      review_id: REVIEW_ID,
    };
    const { calls } = setup(empty, {
      'POST /api/review/reviews': { status: 202, body: { id: REVIEW_ID, job_id: JOB_ID, status: 'queued' } },
      [`GET /api/review/jobs/${JOB_ID}`]: () => {
        polls += 1;
        return ok(polls < 3 ? running : { ...running, status: 'succeeded', progress: { stage: 'done' } });
      },
      [`GET /api/review/reviews/${REVIEW_ID}`]: ok(buildReview()),
    });
    const person = userEvent.setup();
    const { router } = renderApp('/review', { user });

    await person.upload(await screen.findByLabelText('Policy file'), new File(['%PDF-1.7'], 'fire-doors.pdf', { type: 'application/pdf' }));
    await person.type(screen.getByRole('textbox', { name: 'Policy title (optional)' }), 'Fire doors');
    await person.click(startButton());
    expect(onboardingProgress('review').has('start_clicked')).toBe(true);

    const progress = await screen.findByRole('region', { name: 'Reviewing your policy' });
    await waitFor(() =>
      expect(within(progress).getByText('Checking the structure').closest('li')?.getAttribute('aria-current')).toBe('step'),
    );
    expect(within(progress).getByText('12 pages')).toBeTruthy();
    expect(within(progress).getByText('3 findings so far')).toBeTruthy();
    expect(within(progress).getByText('Reading the policy').closest('li')?.textContent).toContain('(done)');
    expect(within(progress).getByText('Checking against the library').closest('li')?.textContent).not.toContain('(done)');

    await waitFor(() => expect(router.state.location.pathname).toBe(`/review/${REVIEW_ID}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire Door Management Policy' })).toBeTruthy();

    const sent = calls.find((call) => call.method === 'POST' && call.path === '/api/review/reviews')?.body as FormData;
    expect((sent.get('file') as File).name).toBe('fire-doors.pdf');
    expect(sent.get('title')).toBe('Fire doors');
  });

  it('shows the server’s refusal, and why a review failed, keeping the file for another try', async () => {
    let answer: unknown = failure(400, { message: 'This PDF is encrypted: save it without a password and try again.' });
    setup(empty, {
      'POST /api/review/reviews': () => answer,
      [`GET /api/review/jobs/${JOB_ID}`]: ok({
        id: JOB_ID,
        status: 'failed',
        progress: { stage: 'reading' },
        review_id: REVIEW_ID,
        error: 'The policy has no text in it.',
      }),
    });
    const person = userEvent.setup();
    const { router } = renderApp('/review', { user });
    await person.upload(await screen.findByLabelText('Policy file'), new File(['%PDF-1.7'], 'locked.pdf', { type: 'application/pdf' }));
    await person.click(startButton());
    expect((await screen.findByRole('alert')).textContent).toContain('This PDF is encrypted');

    answer = { status: 202, body: { id: REVIEW_ID, job_id: JOB_ID, status: 'queued' } };
    await person.click(startButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('The policy has no text in it.'));
    expect(router.state.location.pathname).toBe('/review');
    expect(screen.getByText('locked.pdf')).toBeTruthy();
  });

  it('downloads the sample policy', async () => {
    setup(empty, {
      'GET /api/review/sample-policy': { status: 200, body: 'pdf', headers: { 'Content-Type': 'application/pdf' } },
    });
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:sample');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('Sample waste management policy.pdf');
    });
    const person = userEvent.setup();
    renderApp('/review', { user });
    await person.click(await screen.findByRole('button', { name: 'Download the sample policy' }));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    expect(created).toHaveBeenCalled();
    expect(onboardingProgress('review').has('sample_downloaded')).toBe(true);
  });

  it('opens the sample policy in a new tab when the download fails', async () => {
    setup(empty, { 'GET /api/review/sample-policy': failure(503, { message: 'Unavailable' }) });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const opened = vi.spyOn(window, 'open').mockImplementation(() => null);
    const person = userEvent.setup();
    renderApp('/review', { user });
    expect(onboardingProgress('review').has('sample_downloaded')).toBe(false);
    await person.click(await screen.findByRole('button', { name: 'Download the sample policy' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/api/review/sample-policy', '_blank', 'noopener'));
    expect(logged).toHaveBeenCalled();
    // The person has the file either way, so the onboarding step is done.
    expect(onboardingProgress('review').has('sample_downloaded')).toBe(true);
  });
});

describe('/review: your reviews', () => {
  const ready = buildReviewSummary(1, { title: 'Legionella control', shared: true });
  const reviewing = buildReviewSummary(2, { title: 'Medical gases', status: 'reviewing' });
  const failed = buildReviewSummary(3, { title: 'Asbestos management', status: 'failed', error: 'Unreadable.' });

  it('lists the reviews newest first with their state and findings by severity, each opening its page', async () => {
    setup(() => listOf([ready, reviewing, failed]));
    renderApp('/review', { user });
    await screen.findByRole('list', { name: 'Your reviews' });
    const rows = within(reviewsList()).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      `/review/${ready.id}`,
      `/review/${reviewing.id}`,
      `/review/${failed.id}`,
    ]);
    expect(rows[0]?.textContent).toContain('1High');
    expect(rows[0]?.textContent).toContain('2Low');
    expect(rows[0]?.textContent).toContain('Shared');
    expect(within(rows[1] as HTMLElement).getByText('Reviewing')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Failed')).toBeTruthy();
  });

  it('starts loading a review when the pointer rests on its row or the keyboard reaches it, once', async () => {
    const { calls } = setup(() => listOf([ready, reviewing]), {
      [`GET /api/review/reviews/${ready.id}`]: ok(buildReview({ id: ready.id })),
      [`GET /api/review/reviews/${reviewing.id}`]: ok(buildReview({ id: reviewing.id })),
    });
    const person = userEvent.setup();
    renderApp('/review', { user });
    await screen.findByRole('list', { name: 'Your reviews' });
    const [first, second] = within(reviewsList()).getAllByRole('link');
    const asked = (id: string) => calls.filter((call) => call.path === `/api/review/reviews/${id}`).length;
    expect(asked(ready.id)).toBe(0);
    await person.hover(first as HTMLElement);
    await waitFor(() => expect(asked(ready.id)).toBe(1));
    // Fresh in the cache: resting on it again asks nothing more.
    await person.unhover(first as HTMLElement);
    await person.hover(first as HTMLElement);
    (second as HTMLElement).focus();
    await waitFor(() => expect(asked(reviewing.id)).toBe(1));
    expect(asked(ready.id)).toBe(1);
  });

  it('says so when there are no reviews yet', async () => {
    setup(empty);
    renderApp('/review', { user });
    expect(await screen.findByText('No reviews yet')).toBeTruthy();
  });

  it('searches after typing pauses, says when nothing matches, and pages through twenty at a time', async () => {
    const { requests } = setup(({ q, page }) => {
      if (q === 'gas') return listOf([reviewing]);
      if (q) return listOf([]);
      return page === 2 ? listOf([failed], 2, 21) : listOf([ready], 1, 21);
    });
    const person = userEvent.setup();
    renderApp('/review', { user });
    await screen.findByText('Page 1 of 2');
    await person.click(screen.getByRole('button', { name: /Older/ }));
    await screen.findByText('Page 2 of 2');
    expect(within(reviewsList()).getByText(failed.title)).toBeTruthy();

    await person.type(screen.getByRole('searchbox', { name: 'Search your reviews' }), 'gas');
    await waitFor(() => expect(within(reviewsList()).getByText(reviewing.title)).toBeTruthy());
    expect(requests.map((request) => request.q)).toEqual([null, null, 'gas']);
    expect(requests.at(-1)?.page).toBe(1);
    await person.type(screen.getByRole('searchbox', { name: 'Search your reviews' }), 'works');
    expect(await screen.findByText('No reviews match “gasworks”')).toBeTruthy();
  });

  it('deletes a review only after confirming, and takes it off the list', async () => {
    let reviews = [ready, failed];
    const { calls } = setup(() => listOf(reviews), {
      [`DELETE /api/review/reviews/${failed.id}`]: () => {
        reviews = [ready];
        return { status: 204 };
      },
    });
    const person = userEvent.setup();
    renderApp('/review', { user });
    await person.click(await screen.findByRole('button', { name: `Delete “${failed.title}”` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete review?' });
    expect(dialog.textContent).toContain(failed.title);
    await person.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await person.click(screen.getByRole('button', { name: `Delete “${failed.title}”` }));
    await person.click(within(await screen.findByRole('dialog', { name: 'Delete review?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(reviewsList()).queryByText(failed.title)).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/review/reviews/${failed.id}`]);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain('Review deleted');
  });
});
