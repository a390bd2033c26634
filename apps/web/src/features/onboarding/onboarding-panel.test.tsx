import type { OrganisationUser, User } from '@verity/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_QUESTION_ASKED_EVENT, DOCUMENT_OPENED_EVENT, track, WIKI_FILTER_APPLIED_EVENT } from '../../lib/analytics';
import { recordOnboardingProgress } from '../../lib/onboarding-progress';
import { pendingOnboardingRequest, requestOnboarding } from '../../lib/onboarding-request';
import { buildFlags, buildTestUser } from '../../test/fixtures';
import { type MockHandler, mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { useOnboarding } from './onboarding-provider';
import { onboardingModulesStorageKey } from './storage';

const newcomer = buildTestUser({ onboarding_complete: false });

function accountAnswer(base: User) {
  return ({ body }: { body: unknown }) => {
    const { completed_modules } = body as { completed_modules: User['onboarding_modules'] };
    return { ...base, onboarding_modules: [...new Set([...base.onboarding_modules, ...completed_modules])] };
  };
}

function setup(handlers: Record<string, MockHandler | unknown> = {}, base: User = newcomer) {
  return mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/chat/sessions': { sessions: [], page: 1, page_size: 20, total: 0 },
    'GET /api/docs/my-favourites': { favourites: [] },
    'GET /api/docs/recent': { documents: [] },
    'GET /api/chat/filter_data': { references: [], default_categories: [] },
    'POST /api/account/onboarding': accountAnswer(base),
    ...handlers,
  });
}

const panel = () => screen.getByRole('complementary', { name: 'Onboarding' });

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the onboarding panel', () => {
  it('opens by itself for a new standard user, with the modules in order and their minutes', async () => {
    setup();
    renderApp('/home', { user: newcomer });
    const guide = await screen.findByRole('complementary', { name: 'Onboarding' });
    expect(within(guide).getByText('0 of 5 completed')).toBeTruthy();
    expect(within(guide).getByRole('progressbar', { name: 'Onboarding progress' }).getAttribute('aria-valuenow')).toBe('0');
    const modules = within(within(guide).getByRole('list', { name: 'Onboarding modules' })).getAllByRole('button');
    expect(modules.map((button) => button.textContent)).toEqual([
      'Quick Tips1 min',
      'Chat5 min',
      'Review Assistant7 min',
      'Writing Assistant7 min',
      'Regulatory Wiki3 min',
    ]);
  });

  it('shows the champion-only dashboard module to champions', async () => {
    const champion = buildTestUser({ onboarding_complete: false, account_roles: ['standard', 'champion'] });
    setup({}, champion);
    renderApp('/home', { user: champion });
    const guide = await screen.findByRole('complementary', { name: 'Onboarding' });
    expect(within(guide).getByText('0 of 6 completed')).toBeTruthy();
    expect(within(guide).getByRole('button', { name: /Champion Dashboard/ })).toBeTruthy();
  });

  it('stays shut once onboarding is complete, for a guest, and with the flag off', async () => {
    setup();
    for (const user of [
      buildTestUser({ onboarding_complete: true }),
      buildTestUser({ onboarding_complete: false, account_roles: ['guest'] }),
      buildTestUser({ onboarding_complete: false, flags: buildFlags({ 'platform-onboarding': false }) }),
    ]) {
      resetStores();
      const { unmount } = renderApp('/home', { user });
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('complementary', { name: 'Onboarding' })).toBeNull();
      unmount();
    }
  });

  it('once closed, it does not open by itself again in this tab', async () => {
    const person = userEvent.setup();
    setup();
    const first = renderApp('/home', { user: newcomer });
    await person.click(
      within(await screen.findByRole('complementary', { name: 'Onboarding' })).getByRole('button', { name: 'Close Onboarding' }),
    );
    expect(screen.queryByRole('complementary', { name: 'Onboarding' })).toBeNull();
    first.unmount();
    // The next page load in the same tab.
    const sameTab = sessionStorage.getItem('onboarding_dismissed');
    resetStores();
    sessionStorage.setItem('onboarding_dismissed', sameTab ?? '');
    renderApp('/home', { user: newcomer });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('complementary', { name: 'Onboarding' })).toBeNull();
    // Home still opens it.
    await person.click(screen.getByRole('button', { name: 'Start the guide' }));
    expect(await screen.findByRole('complementary', { name: 'Onboarding' })).toBeTruthy();
  });

  it('opens when the URL has onboarding=true, and removes the parameter', async () => {
    setup();
    const { router } = renderApp('/home?onboarding=true&keep=1', { user: buildTestUser({ onboarding_complete: true }) });
    await screen.findByRole('complementary', { name: 'Onboarding' });
    await waitFor(() => expect(router.state.location.search).toBe('?keep=1'));
  });

  it('opens for a request made less than five minutes before signing in, and uses it up', async () => {
    setup();
    const done = buildTestUser({ onboarding_complete: true });
    requestOnboarding(Date.now() - 6 * 60_000);
    const first = renderApp('/home', { user: done });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('complementary', { name: 'Onboarding' })).toBeNull();
    first.unmount();

    resetStores();
    requestOnboarding(Date.now() - 4 * 60_000);
    renderApp('/home', { user: done });
    await screen.findByRole('complementary', { name: 'Onboarding' });
    expect(pendingOnboardingRequest()).toBeNull();
  });

  it('counts the modules the account completed on another device', async () => {
    const elsewhere = buildTestUser({ onboarding_complete: false, onboarding_modules: ['chat', 'review'] });
    setup({}, elsewhere);
    renderApp('/home', { user: elsewhere });
    expect(await within(await screen.findByRole('complementary', { name: 'Onboarding' })).findByText('2 of 5 completed')).toBeTruthy();
    expect(within(panel()).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
  });

  it('mirrors modules completed on this device to the account', async () => {
    localStorage.setItem(onboardingModulesStorageKey(newcomer.user_id), JSON.stringify(['welcome']));
    const calls = setup();
    renderApp('/home', { user: newcomer });
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/account/onboarding')?.body).toEqual({ completed_modules: ['welcome'] }),
    );
    // The panel is loaded on demand: it may open a moment after the account is updated.
    expect(await within(await screen.findByRole('complementary', { name: 'Onboarding' })).findByText('1 of 5 completed')).toBeTruthy();
  });

  it('the wiki module: steps done on the real page complete it, Skip Step moves on, Mark as complete closes the panel', async () => {
    const person = userEvent.setup();
    const calls = setup();
    const { router } = renderApp('/home', { user: newcomer });
    await person.click(
      within(await screen.findByRole('complementary', { name: 'Onboarding' })).getByRole('button', { name: /Regulatory Wiki/ }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/wiki'));
    const steps = () => within(panel()).getByRole('list', { name: 'Regulatory Wiki steps' });
    const active = () =>
      within(steps())
        .getAllByRole('listitem')
        .find((item) => item.getAttribute('aria-current') === 'step');
    expect(active()?.textContent).toContain('Take the tour');

    await person.click(within(panel()).getByRole('button', { name: 'Skip Step' }));
    expect(active()?.textContent).toContain('Filter by domain');
    expect(within(steps()).getByRole('button', { name: 'Take the tour: Not done' })).toBeTruthy();

    // The person filters, opens the document and asks: the tools track it, the guide hears it.
    track(WIKI_FILTER_APPLIED_EVENT, { filter: 'domain', value: 'HTM' });
    await waitFor(() => expect(within(steps()).getByRole('button', { name: 'Filter by domain: Done' })).toBeTruthy());
    expect(active()?.textContent).toContain('Open HTM 06-01');
    track(DOCUMENT_OPENED_EVENT, { id: 'x', code: 'HTM 06-01', title: 'Electrical services supply and distribution' });
    track(CHAT_QUESTION_ASKED_EVENT, { mode: 'answer', has_attachments: false });
    await waitFor(() => expect(within(steps()).getByRole('button', { name: 'Ask about it: Done' })).toBeTruthy());
    // Only the skipped tour is left, so it is active again; not complete until it is done.
    expect(within(panel()).queryByRole('button', { name: 'Mark as complete' })).toBeNull();
    expect(active()?.textContent).toContain('Take the tour');

    recordOnboardingProgress('wiki', 'tour');
    await person.click(await within(panel()).findByRole('button', { name: 'Mark as complete' }));
    expect(screen.queryByRole('complementary', { name: 'Onboarding' })).toBeNull();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/account/onboarding').at(-1)?.body).toEqual({ completed_modules: ['wiki'] }),
    );
    expect(JSON.parse(localStorage.getItem(onboardingModulesStorageKey(newcomer.user_id)) ?? '[]')).toContain('wiki');
  });

  it("clicking a step's title activates it, and back to all modules returns to the overview", async () => {
    const person = userEvent.setup();
    setup();
    renderApp('/home', { user: newcomer });
    await person.click(within(await screen.findByRole('complementary', { name: 'Onboarding' })).getByRole('button', { name: /^Chat/ }));
    await person.click(within(panel()).getByRole('button', { name: 'Ask about your own file: Not done' }));
    expect(within(panel()).getByRole('button', { name: 'Ask about your own file: In progress' })).toBeTruthy();
    await person.click(within(panel()).getByRole('button', { name: 'I’ve done this' }));
    expect(within(panel()).getByRole('button', { name: 'Ask about your own file: Done' })).toBeTruthy();
    await person.click(within(panel()).getByRole('button', { name: 'Back to all modules' }));
    expect(within(panel()).getByRole('list', { name: 'Onboarding modules' })).toBeTruthy();
  });

  it('the dashboard module checks the named person against the dashboard’s figures for 30 days', async () => {
    const person = userEvent.setup();
    const champion = buildTestUser({ onboarding_complete: false, account_roles: ['standard', 'champion'] });
    const member = (firstname: string, surname: string, tasks: number): OrganisationUser => ({
      user: {
        user_id: firstname,
        firstname,
        surname,
        email: `${firstname}@example.nhs.uk`,
        job_title: null,
        account_roles: ['standard'],
        deactivated: false,
      },
      session_history: { sessions: [], session_count: 1, last_login: null, activity_level: 'low' },
      tasks,
    });
    recordOnboardingProgress('dashboard', 'tour');
    const calls = setup(
      { 'GET /api/dashboard/organisation/users': { users: [member('Priya', 'Shah', 4), member('Tom', 'Okoro', 9)] } },
      champion,
    );
    renderApp('/home', { user: champion });
    await person.click(
      within(await screen.findByRole('complementary', { name: 'Onboarding' })).getByRole('button', { name: /Champion Dashboard/ }),
    );
    const field = await within(panel()).findByRole('textbox', { name: /Most active person/ });
    const submit = within(panel()).getByRole('button', { name: 'Submit' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await person.type(field, '   ');
    expect(submit.hasAttribute('disabled')).toBe(true);
    await person.type(field, 'Priya Shah');
    await person.click(submit);
    expect(await within(panel()).findByText(/Not quite/)).toBeTruthy();
    const asked = calls.find((call) => call.path === '/api/dashboard/organisation/users');
    expect(asked).toBeTruthy();
    expect(
      vi
        .mocked(fetch)
        .mock.calls.map(([input]) => String(input))
        .find((url) => url.includes('organisation/users')),
    ).toContain('days=30');
    await person.clear(field);
    await person.type(field, 'tom okoro');
    await person.click(within(panel()).getByRole('button', { name: 'Submit' }));
    expect(await within(panel()).findByRole('button', { name: 'Mark as complete' })).toBeTruthy();
  });
});

describe('useOnboarding', () => {
  it('throws outside its provider', () => {
    function Outside() {
      useOnboarding();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Outside />)).toThrow('useOnboarding must be used within an OnboardingProvider');
  });
});
