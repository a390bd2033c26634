import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildFlags, buildReference, buildTestUser } from '../test/fixtures';
import { mockApi } from '../test/mock-api';
import { renderApp } from '../test/render-app';
import { resetStores } from '../test/reset-stores';

const NOW = new Date().toISOString();
const counts = { high: 1, medium: 1, low: 0, open: 2, accepted: 0, dismissed: 0 };

function setup(overrides: Record<string, unknown> = {}) {
  return mockApi({
    'GET /api/flags': { flags: buildFlags() },
    'GET /api/notifications/user': { notifications: [] },
    'GET /api/chat/sessions': {
      sessions: [{ id: 'S1', title: 'Sharps bins in care homes', created_at: NOW, updated_at: NOW, last_message_at: NOW }],
      page: 1,
      page_size: 20,
      total: 1,
    },
    'GET /api/write/documents': {
      documents: [
        {
          external_id: 'W1',
          title: 'Water Safety Group, March',
          kind: 'minutes',
          meeting_date: null,
          status: 'ready',
          created_at: NOW,
          updated_at: NOW,
        },
        {
          external_id: 'W2',
          title: 'Fire drill debrief',
          kind: 'minutes',
          meeting_date: null,
          status: 'generating',
          created_at: NOW,
          updated_at: NOW,
        },
      ],
      page: 1,
      page_size: 20,
      total: 2,
    },
    'GET /api/review/reviews': {
      reviews: [
        {
          id: 'R1',
          title: 'Waste management policy',
          filename: 'waste.pdf',
          status: 'ready',
          shared: false,
          counts,
          previous_id: null,
          error: null,
          created_at: NOW,
          updated_at: NOW,
        },
      ],
      page: 1,
      page_size: 20,
      total: 1,
    },
    'GET /api/docs/recent': {
      documents: [{ reference: buildReference({ code: 'HTM 04-01', title: 'Safe water in healthcare premises' }), opened_at: NOW }],
    },
    ...overrides,
  });
}

beforeEach(() => {
  resetStores();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the tools page', () => {
  it('shows each tool the person has, what it is for, and their own recent work in it', async () => {
    setup();
    renderApp('/landing', { user: buildTestUser() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verity tools' })).toBeTruthy();
    const chat = screen.getByRole('region', { name: 'Chat' });
    expect(within(chat).getByText(/Every answer cites the passages/)).toBeTruthy();
    expect((await within(chat).findByRole('link', { name: /Sharps bins in care homes/ })).getAttribute('href')).toBe('/chat/S1');
    const write = screen.getByRole('region', { name: 'Write' });
    expect((await within(write).findByRole('link', { name: /Water Safety Group, March/ })).getAttribute('href')).toBe('/write/W1');
    expect(within(write).getByRole('link', { name: /Fire drill debrief/ }).textContent).toContain('Being written');
    const review = screen.getByRole('region', { name: 'Review Assistant' });
    expect((await within(review).findByRole('link', { name: /Waste management policy/ })).textContent).toContain('2 open findings');
    const wiki = screen.getByRole('region', { name: 'Regulatory Wiki' });
    expect(await within(wiki).findByRole('link', { name: /HTM 04-01: Safe water/ })).toBeTruthy();
    expect(within(wiki).getByRole('link', { name: 'How it works' }).getAttribute('href')).toBe('/tutorials/regulatory-wiki');
    // Champion only.
    expect(screen.queryByRole('region', { name: 'Champion Dashboard' })).toBeNull();
  });

  it('says so when a list is empty, and when it cannot be loaded', async () => {
    setup({
      'GET /api/chat/sessions': { sessions: [], page: 1, page_size: 20, total: 0 },
      'GET /api/write/documents': { status: 500, body: { message: 'boom', request_id: 'req_1' } },
    });
    renderApp('/landing', { user: buildTestUser({ account_roles: ['standard', 'champion'] }) });
    // A server failure raises the error dialog first; closed, the page says what could not load.
    const dialog = await screen.findByRole('alertdialog', { name: 'Server Error' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await within(await screen.findByRole('region', { name: 'Chat' })).findByText('No conversations yet.')).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Write' })).findByText('Your documents could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Champion Dashboard' })).toBeTruthy();
  });
});
