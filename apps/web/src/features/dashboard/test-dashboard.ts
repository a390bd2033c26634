import {
  ACTIVITY_LEVELS,
  type ActivityLevel,
  type DashboardDocuments,
  type DashboardMetrics,
  type DashboardTasks,
  type MessageCount,
  type OrganisationUser,
  type PendingInvitation,
  type SubdomainUsage,
} from '@verity/shared';
import { vi } from 'vitest';
import { buildFlags } from '../../test/fixtures';
import { type MockHandler, type MockResponseInit, mockApi } from '../../test/mock-api';

/** Dashboard answers for the web tests: one organisation's figures, scaled by the period asked for. */

export type Section = 'users' | 'metrics' | 'messages' | 'subdomain-usage' | 'documents' | 'tasks';

export function buildMetrics(days: number): DashboardMetrics {
  return { active_users: days === 7 ? 9 : 18, inactive_users: days === 7 ? 16 : 7, percentage_change: days === 7 ? -12.5 : 20 };
}

export function buildMessages(days: number): MessageCount {
  return {
    count: days * 4,
    percentage_change: days === 7 ? null : 8.3,
    hours_saved: days === 7 ? 45 : 12.5,
    average_hours_per_user: days === 7 ? 5 : 0.7,
    is_minutes: days === 7,
    is_average_minutes: true,
    daily: Array.from({ length: days }, (_, i) => ({
      date: new Date(Date.UTC(2026, 10, 24 - days + 1 + i)).toISOString().slice(0, 10),
      count: (i * 7) % 11,
    })),
  };
}

export function buildSubdomains(): SubdomainUsage {
  return {
    subdomain_usage: [
      { subdomain: 'Fire safety', domain: 'Estates', count: 42 },
      { subdomain: 'Water safety', domain: 'Estates', count: 17 },
      { subdomain: 'Medicines management', domain: 'Clinical', count: 30 },
    ],
    current_period_count: 89,
    previous_period_count: 0,
    percentage_change: null,
  };
}

export function buildDocuments(days: number): DashboardDocuments {
  return { internal_documents: days === 7 ? 2 : 6, external_documents: days === 7 ? 11 : 34 };
}

export function buildTasks(days: number): DashboardTasks {
  return days === 7
    ? { tasks: { chat: 28, write: 3, review: 1, wiki: 14 }, total_tasks: 46, percentage_change: 0 }
    : { tasks: { chat: 120, write: 9, review: 4, wiki: 51 }, total_tasks: 184, percentage_change: 15.2 };
}

export function buildOrganisationUser(
  i: number,
  overrides: {
    firstname?: string | null;
    surname?: string | null;
    last_login?: string | null;
    activity?: ActivityLevel;
    tasks?: number;
    account_roles?: string[];
    deactivated?: boolean;
  } = {},
): OrganisationUser {
  const last_login =
    'last_login' in overrides ? (overrides.last_login ?? null) : `2026-11-${String((i % 20) + 1).padStart(2, '0')}T09:00:00.000Z`;
  return {
    user: {
      user_id: `usr_${i}`,
      firstname: 'firstname' in overrides ? (overrides.firstname ?? null) : `Person${String(i).padStart(4, '0')}`,
      surname: 'surname' in overrides ? (overrides.surname ?? null) : 'Tester',
      email: `person${String(i).padStart(4, '0')}@trust.example`,
      job_title: null,
      account_roles: overrides.account_roles ?? ['standard'],
      deactivated: overrides.deactivated ?? false,
    },
    session_history: {
      sessions: Array.from({ length: i % 5 }, () => '2026-11-20T09:00:00.000Z'),
      session_count: i % 5,
      last_login,
      activity_level: overrides.activity ?? ACTIVITY_LEVELS[i % ACTIVITY_LEVELS.length] ?? 'low',
    },
    tasks: overrides.tasks ?? (i * 3) % 17,
  };
}

export function buildPendingInvitation(overrides: Partial<PendingInvitation> = {}): PendingInvitation {
  return {
    invitation_id: 'inv_1',
    user_id: 'usr_invited',
    email: 'new.starter@trust.example',
    first_name: 'Nia',
    last_name: 'Starter',
    job_title: 'Estates officer',
    kind: 'email',
    role: 'standard',
    invited_at: '2026-11-20T10:00:00.000Z',
    expires_at: '2026-11-27T10:00:00.000Z',
    expired: false,
    ...overrides,
  };
}

export interface DashboardRequest {
  section: Section;
  days: string | null;
}

const SECTION_PATH = /^\/api\/dashboard\/organisation\/(users|metrics|messages|subdomain-usage|documents|tasks)$/;

export type SectionAnswer = (section: Section, days: number) => unknown | MockResponseInit;

export const defaultAnswer: SectionAnswer = (section, days) => {
  switch (section) {
    case 'users':
      return { users: [buildOrganisationUser(1), buildOrganisationUser(2, { firstname: null, surname: null, last_login: null })] };
    case 'metrics':
      return buildMetrics(days);
    case 'messages':
      return buildMessages(days);
    case 'subdomain-usage':
      return buildSubdomains();
    case 'documents':
      return buildDocuments(days);
    case 'tasks':
      return buildTasks(days);
  }
};

/**
 * The shell's calls, the pending invitations, `handlers`, and each period section answered by
 * `answer(section, days)` from the real URL (mockApi ignores query strings, so this reads them).
 */
export function setupDashboard(answer: SectionAnswer = defaultAnswer, handlers: Record<string, MockHandler | unknown> = {}) {
  const calls = mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/dashboard/organisation/users/pending': { invitations: [buildPendingInvitation()] },
    ...handlers,
  });
  const mocked = vi.mocked(fetch).getMockImplementation();
  const requests: DashboardRequest[] = [];
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const match = SECTION_PATH.exec(url.pathname);
    if ((init?.method ?? 'GET') === 'GET' && match) {
      const section = match[1] as Section;
      const days = url.searchParams.get('days');
      requests.push({ section, days });
      const result = answer(section, Number(days));
      const init_ = typeof result === 'object' && result !== null && 'status' in result ? (result as MockResponseInit) : { body: result };
      return new Response(JSON.stringify(init_.body), { status: init_.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }
    if (!mocked) throw new Error('fetch is not mocked');
    return mocked(input, init);
  });
  return { calls, requests };
}
