import type { WorkforceReport } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { bucketLabel, periodLabel, timeSaved } from './workforce-page';

function report(overrides: Partial<WorkforceReport> = {}): WorkforceReport {
  return {
    organisation: { id: 'org_1', name: 'Northshire Community Health NHS Trust' },
    scope: 'organisation',
    days: 30,
    from: '2026-10-29',
    to: '2026-11-27',
    bucket: 'day',
    buckets: ['2026-11-26', '2026-11-27'],
    totals: {
      people: 2,
      active_people: 1,
      onboarding_complete: 1,
      tasks: { chat: 4, write: 1, review: 0, wiki: 2 },
      total_tasks: 7,
      minutes_saved: 75,
      adoption: [1, 0],
    },
    teams: [
      { name: 'Estates Officer', people: 2, active_people: 1, onboarding_complete: 1, total_tasks: 7, minutes_saved: 75, adoption: [1, 0] },
    ],
    people: [
      {
        id: 'u1',
        name: 'Priya Shah',
        email: 'priya@example.org',
        team: 'Estates Officer',
        onboarding_completed: 5,
        onboarding_complete: true,
        tasks: { chat: 4, write: 1, review: 0, wiki: 2 },
        total_tasks: 7,
        minutes_saved: 75,
        adoption: [7, 0],
        last_active: '2026-11-26',
      },
    ],
    minutes_per_task: { chat: 6, write: 45, review: 60, wiki: 3 },
    ...overrides,
  };
}

beforeEach(() => {
  resetStores();
});

describe('the workforce performance report', () => {
  it('shows the totals, adoption, teams and people for the period in the address, and asks again for another', async () => {
    const person = userEvent.setup();
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/reports/workforce': ({ query }: { query: URLSearchParams }) => report({ days: Number(query.get('days')) }),
    });
    renderApp('/reporting/workforce-performance?days=90', { user: buildTestUser({ account_roles: ['standard', 'champion'] }) });
    const glance = await screen.findByRole('list', { name: 'At a glance' });
    expect(glance.textContent).toContain('Tasks7');
    expect(glance.textContent).toContain('Time saved1.3 hours');
    expect(calls.find((call) => call.path === '/api/reports/workforce')?.query.get('days')).toBe('90');
    expect(screen.getByRole('table', { name: 'Teams' }).textContent).toContain('Estates Officer');
    const people = screen.getByRole('table', { name: 'People' });
    expect(within(people).getByRole('row', { name: /Priya Shah/ }).textContent).toContain('Complete');

    await person.click(screen.getByRole('radio', { name: 'Last 7 days' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/reports/workforce').map((call) => call.query.get('days'))).toContain('7'),
    );
    // The organisation picker is for administrators only.
    expect(screen.queryByRole('combobox', { name: 'Organisation' })).toBeNull();
  });

  it('someone who leads nobody sees their own figures, without teams', async () => {
    mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/reports/workforce': report({ scope: 'self', teams: [] }),
    });
    renderApp('/reporting/workforce-performance', { user: buildTestUser() });
    expect(await screen.findByRole('table', { name: 'Your figures' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Teams' })).toBeNull();
    expect(screen.getByText(/Your own use of Verity/)).toBeTruthy();
  });

  it('an administrator chooses the organisation', async () => {
    const person = userEvent.setup();
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/organisations': {
        organisations: [
          {
            id: 'org_2',
            name: 'Riverside Care',
            active: true,
            deactivated_at: null,
            created_at: '2026-01-01T00:00:00Z',
            members: 3,
            active_members: 2,
            domains: [],
          },
        ],
      },
      'GET /api/reports/workforce': report(),
    });
    renderApp('/reporting/workforce-performance', { user: buildTestUser({ account_roles: ['standard', 'verity_admin'] }) });
    const picker = await screen.findByRole('combobox', { name: 'Organisation' });
    await screen.findByRole('option', { name: 'Riverside Care' });
    await person.selectOptions(picker, 'org_2');
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/api/reports/workforce' && call.query.get('organisation_id') === 'org_2')).toBe(true),
    );
  });

  it('says when the report cannot be loaded', async () => {
    mockApi({ 'GET /api/notifications/user': { notifications: [] } });
    renderApp('/reporting/workforce-performance', { user: buildTestUser() });
    expect(await screen.findByText('The report could not be loaded.')).toBeTruthy();
  });
});

describe('labels', () => {
  it('names buckets and time as people read them', () => {
    expect(bucketLabel('2026-11-23', 'week')).toBe('w/c 23 Nov');
    expect(bucketLabel('2026-11-01', 'month')).toBe('Nov 2026');
    expect(bucketLabel('2026-11-27', 'day')).toBe('27 Nov');
    expect(timeSaved(45)).toBe('45 min');
    expect(timeSaved(75)).toBe('1.3 hours');
    expect(timeSaved(60)).toBe('1 hour');
    expect(timeSaved(62)).toBe('1 hour');
    expect(periodLabel('2026-10-31', '2026-11-29')).toBe('31 Oct to 29 Nov');
    expect(periodLabel('2025-11-30', '2026-11-29')).toBe('30 Nov 2025 to 29 Nov 2026');
  });
});
