import { MESSAGES } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { failure } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { defaultAnswer, type Section, setupDashboard } from './test-dashboard';

const champion = buildTestUser({ account_roles: ['standard', 'champion'] });

function card(label: string): HTMLElement {
  return screen.getByRole('listitem', { name: label });
}

function region(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

async function waitForFigures() {
  await waitFor(() => expect(within(card('Total tasks')).queryByText('Loading…')).toBeNull());
  await waitFor(() => expect(within(card('Active users')).queryByText('Loading…')).toBeNull());
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/dashboard', () => {
  it('asks for every section over the last 30 days and shows the headline figures with their change', async () => {
    const { requests } = setupDashboard();
    renderApp('/dashboard', { user: champion });
    expect(await screen.findByRole('heading', { level: 1, name: 'Champion Dashboard' })).toBeTruthy();
    await waitForFigures();

    const sections: Section[] = ['users', 'metrics', 'messages', 'subdomain-usage', 'documents', 'tasks'];
    expect(new Set(requests.map((request) => request.section))).toEqual(new Set(sections));
    expect(requests.every((request) => request.days === '30')).toBe(true);
    expect((screen.getByRole('radio', { name: 'Last 30 days' }) as HTMLInputElement).checked).toBe(true);

    expect(card('Active users').textContent).toContain('18');
    expect(card('Active users').textContent).toContain('7 inactive');
    expect(card('Active users').textContent).toContain('Up 20%');
    expect(card('Questions asked').textContent).toContain('120');
    expect(card('Questions asked').textContent).toContain('Up 8.3%');
    expect(card('Time saved').textContent).toContain('12.5 hours');
    // The unit is written apart from the figure (smaller), so a narrow card keeps the figure on one line.
    expect(within(card('Time saved')).getByText('hours').tagName).toBe('SPAN');
    expect(card('Time saved').textContent).toContain('0.7 minutes per user on average');
    expect(card('Documents used').textContent).toContain('40');
    expect(card('Documents used').textContent).toContain('6 internal · 34 external');
    expect(card('Total tasks').textContent).toContain('184');
    expect(card('Total tasks').textContent).toContain('Up 15.2%');
  });

  it('draws each chart with a table of the same figures, shown on request', async () => {
    setupDashboard();
    const person = userEvent.setup();
    renderApp('/dashboard', { user: champion });
    await waitForFigures();

    const questions = region('Questions over time');
    await waitFor(() => expect(questions.querySelector('svg[data-chart] path')).toBeTruthy());
    expect(within(questions).getAllByRole('row')).toHaveLength(31);

    const tasks = region('Tasks by tool');
    expect(tasks.querySelectorAll('svg[data-chart] rect')).toHaveLength(4);
    const taskRows = within(tasks)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(taskRows).toEqual(['Chat120', 'Write9', 'Review4', 'Wiki search51']);

    const subdomains = region('Subdomains used');
    expect(
      within(subdomains)
        .getAllByRole('listitem', { hidden: true })
        .map((item) => item.textContent),
    ).toEqual(['Fire safetyEstates42', 'Medicines managementClinical30', 'Water safetyEstates17']);
    expect(subdomains.textContent).toContain('No previous data');

    const toggle = within(tasks).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await person.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(tasks.querySelector('svg[data-chart]')).toBeNull();
    expect(within(tasks).getByRole('table').closest('.sr-only')).toBeNull();
  });

  it('asks again with ?days= when the period changes, and redraws the figures and charts', async () => {
    const { requests } = setupDashboard();
    const person = userEvent.setup();
    const { router } = renderApp('/dashboard', { user: champion });
    await waitForFigures();
    requests.length = 0;

    await person.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    expect(router.state.location.search).toBe('?days=7');
    await waitFor(() => expect(card('Active users').textContent).toContain('9'));
    expect(card('Active users').textContent).toContain('Down 12.5%');
    expect(card('Questions asked').textContent).toContain('28');
    expect(card('Questions asked').textContent).toContain('No previous data');
    expect(card('Time saved').textContent).toContain('45 minutes');
    expect(card('Time saved').textContent).toContain('5 minutes per user on average');
    expect(card('Total tasks').textContent).toContain('No change');
    await waitFor(() => expect(within(region('Questions over time')).getAllByRole('row')).toHaveLength(8));
    expect(within(region('Tasks by tool')).getByRole('row', { name: 'Chat 28' })).toBeTruthy();
    expect(new Set(requests.map((request) => request.days))).toEqual(new Set(['7']));
    expect(requests).toHaveLength(6);
  });

  it('opens on the period in the address, and on 30 days when the address names no allowed period', async () => {
    const first = setupDashboard();
    renderApp('/dashboard?days=365', { user: champion });
    await waitForFigures();
    expect((screen.getByRole('radio', { name: 'Last 12 months' }) as HTMLInputElement).checked).toBe(true);
    expect(first.requests.every((request) => request.days === '365')).toBe(true);

    resetStores();
    document.body.innerHTML = '';
    const second = setupDashboard();
    renderApp('/dashboard?days=12', { user: champion });
    await waitForFigures();
    expect(second.requests.every((request) => request.days === '30')).toBe(true);
  });

  it('shows each failing section’s own message while the others carry on', async () => {
    const failing = new Set<Section>(['users', 'metrics', 'messages', 'subdomain-usage', 'documents']);
    let broken = true;
    setupDashboard((section, days) =>
      broken && failing.has(section) ? failure(500, { message: 'Database unavailable' }) : defaultAnswer(section, days),
    );
    const person = userEvent.setup();
    renderApp('/dashboard', { user: champion });

    expect(await screen.findByText(MESSAGES.organisationUsersFailed)).toBeTruthy();
    expect(await within(card('Active users')).findByText(MESSAGES.metricsFailed)).toBeTruthy();
    expect(within(card('Questions asked')).getByText(MESSAGES.messageCountFailed)).toBeTruthy();
    expect(within(region('Questions over time')).getByText(MESSAGES.messageCountFailed)).toBeTruthy();
    expect(within(region('Subdomains used')).getByText(MESSAGES.subdomainUsageFailed)).toBeTruthy();
    expect(within(card('Documents used')).getByText(MESSAGES.documentsFailed)).toBeTruthy();
    // The tasks carry on.
    await waitFor(() => expect(card('Total tasks').textContent).toContain('184'));
    expect(region('Tasks by tool').querySelectorAll('svg[data-chart] rect')).toHaveLength(4);

    broken = false;
    await person.click(within(card('Active users')).getByRole('button', { name: MESSAGES.tryAgain }));
    await waitFor(() => expect(card('Active users').textContent).toContain('18'));
  });

  it('says “Failed to fetch tasks” when the tasks fail', async () => {
    setupDashboard((section, days) => (section === 'tasks' ? failure(503, { message: 'Busy' }) : defaultAnswer(section, days)));
    renderApp('/dashboard', { user: champion });
    expect(await within(await screen.findByRole('region', { name: 'Tasks by tool' })).findByText(MESSAGES.tasksFailed)).toBeTruthy();
    expect(within(card('Total tasks')).getByText(MESSAGES.tasksFailed)).toBeTruthy();
  });

  it('explains time saved with the minutes-per-task table and the period’s tasks', async () => {
    setupDashboard();
    renderApp('/dashboard', { user: champion });
    await waitForFigures();
    const table = within(region('How time saved is estimated')).getByRole('table');
    await waitFor(() => expect(within(table).getByRole('row', { name: /^Chat 6 120/ })).toBeTruthy());
    // 120×6 + 9×45 + 4×60 + 51×3 = 1,518 minutes = 25.3 hours
    expect(within(table).getByRole('row', { name: /Total/ }).textContent).toContain('25.3 hours');
  });

  it('is denied to a standard user who is not a champion', async () => {
    const { requests } = setupDashboard();
    renderApp('/dashboard', { user: buildTestUser({ account_roles: ['standard'] }) });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});
