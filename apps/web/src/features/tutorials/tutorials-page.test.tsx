import { MESSAGES, type Tutorial, type TutorialSummary } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { failure, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';

const summary = (overrides: Partial<TutorialSummary>): TutorialSummary => ({
  id: 'tut_1',
  slug: 'getting-started',
  title: 'Getting started with Verity',
  summary: 'What each tool is for.',
  minutes: 2,
  sections: ['The tools'],
  updated_at: '2026-11-27T00:00:00.000Z',
  ...overrides,
});

const LIST = [
  summary({}),
  summary({
    id: 'tut_2',
    slug: 'review-assistant',
    title: 'Reviewing a policy against the library',
    summary: 'What each finding means.',
    sections: ['What the findings mean', 'Sharing and reporting'],
  }),
];

const TUTORIAL: Tutorial = {
  ...summary({
    id: 'tut_2',
    slug: 'review-assistant',
    title: 'Reviewing a policy against the library',
    summary: 'What each finding means.',
  }),
  body: '## What the findings mean\n\nAn **outdated reference** cites a superseded edition. See [editions](/tutorials/editions-and-citations).',
  video_url: null,
  screenshots: [],
};

const shell = { 'GET /api/notifications/user': { notifications: [] } };

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/tutorials', () => {
  it('lists the tutorials with their reading time, and a search narrows them by title, summary or section', async () => {
    const user = userEvent.setup();
    mockApi({ ...shell, 'GET /api/tutorials': { tutorials: LIST } });
    renderApp('/tutorials', { user: buildTestUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutorials & Documentation' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Tutorials' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/tutorials/getting-started', '/tutorials/review-assistant']);
    expect(within(list).getAllByText('2 min read')).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Search tutorials' }), 'findings mean');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Tutorials' })).getAllByRole('link')).toHaveLength(1));
    expect(screen.getByRole('link', { name: /Reviewing a policy/ })).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: 'Search tutorials' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search tutorials' }), 'asbestos');
    expect(await screen.findByText('No tutorial matches "asbestos"')).toBeTruthy();
    expect(screen.getByText('Try fewer or other words.')).toBeTruthy();
  });

  it('tells the reader to refresh and otherwise contact support when the list cannot be loaded', async () => {
    mockApi({ ...shell, 'GET /api/tutorials': failure(500, { message: 'boom' }) });
    renderApp('/tutorials', { user: buildTestUser() });
    expect(await screen.findByText(MESSAGES.tutorialsLoadFailed)).toBeTruthy();
  });
});

describe('/tutorials/{slug}', () => {
  it('shows the tutorial with its Markdown drawn, and the way back to the list', async () => {
    const calls = mockApi({ ...shell, 'GET /api/tutorials/review-assistant': { status: 200, body: TUTORIAL } });
    renderApp('/tutorials/review-assistant', { user: buildTestUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviewing a policy against the library' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'What the findings mean' })).toBeTruthy();
    expect(screen.getByText('outdated reference').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'editions' }).getAttribute('href')).toBe('/tutorials/editions-and-citations');
    expect(screen.getByRole('link', { name: 'All tutorials' }).getAttribute('href')).toBe('/tutorials');
    expect(calls.some((call) => call.path === '/api/tutorials/review-assistant')).toBe(true);
  });

  it('a guest opening a shared link reads it without the way back to a list they may not open', async () => {
    mockApi({ ...shell, 'GET /api/tutorials/review-assistant': { status: 200, body: TUTORIAL } });
    renderApp('/tutorials/review-assistant', { user: buildTestUser({ account_roles: ['guest'] }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviewing a policy against the library' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'All tutorials' })).toBeNull();
  });

  it('an unknown tutorial says so; a failure says to refresh and otherwise contact support', async () => {
    mockApi({ ...shell, 'GET /api/tutorials/nope': failure(404, { message: 'That tutorial does not exist.' }) });
    renderApp('/tutorials/nope', { user: buildTestUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tutorial not found' })).toBeTruthy();

    resetStores();
    mockApi({ ...shell, 'GET /api/tutorials/broken': failure(503, { message: 'down' }) });
    renderApp('/tutorials/broken', { user: buildTestUser() });
    expect(await screen.findByText(MESSAGES.tutorialsLoadFailed)).toBeTruthy();
  });
});
