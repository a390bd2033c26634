import type { AdminTutorial, AdminTutorialsResponse } from '@verity/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderApp } from '../../test/render-app';
import { resetStores } from '../../test/reset-stores';
import { tutorialChange } from './tutorial-editor';
import { moved } from './tutorials-section';

const admin = buildTestUser({ account_roles: ['standard', 'verity_admin'] });

function tutorial(id: string, overrides: Partial<AdminTutorial> = {}): AdminTutorial {
  return {
    id,
    slug: `tutorial-${id}`,
    title: `Tutorial ${id}`,
    summary: 'What it teaches.',
    minutes: 2,
    sections: ['Start'],
    updated_at: '2026-11-27T09:00:00.000Z',
    body: '## Start\n\nOpen the page.',
    video_url: null,
    screenshots: [],
    position: 0,
    published: true,
    edited: false,
    created_at: '2026-11-27T09:00:00.000Z',
    ...overrides,
  };
}

beforeEach(() => {
  resetStores();
});

describe('tutorials in the admin area', () => {
  it('lists them in order, moves one up, and publishes a draft', async () => {
    const person = userEvent.setup();
    let list: AdminTutorialsResponse = {
      tutorials: [tutorial('a'), tutorial('b', { published: false, edited: true })],
      available_screenshots: [],
    };
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/tutorials': () => list,
      'POST /api/admin/tutorials/order': ({ body }: { body: unknown }) => {
        const ids = (body as { ids: string[] }).ids;
        list = { ...list, tutorials: ids.map((id) => list.tutorials.find((item) => item.id === id) as AdminTutorial) };
        return list;
      },
      'POST /api/admin/tutorials/b': ({ body }: { body: unknown }) => {
        const next = { ...(list.tutorials.find((item) => item.id === 'b') as AdminTutorial), ...(body as object) };
        list = { ...list, tutorials: list.tutorials.map((item) => (item.id === 'b' ? next : item)) };
        return next;
      },
    });
    renderApp('/admin?section=tutorials', { user: admin });
    const section = await screen.findByRole('region', { name: 'Tutorials' });
    const items = await within(section).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([expect.stringContaining('Tutorial a'), expect.stringContaining('Tutorial b')]);
    expect(items[1]?.textContent).toContain('Draft');
    expect(items[1]?.textContent).toContain('changed here');
    expect(within(section).getByRole('button', { name: 'Move Tutorial a up' }).hasAttribute('disabled')).toBe(true);

    await person.click(within(section).getByRole('button', { name: 'Move Tutorial b up' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem')[0]?.textContent).toContain('Tutorial b'));
    expect(calls.find((call) => call.path === '/api/admin/tutorials/order')?.body).toEqual({ ids: ['b', 'a'] });

    await person.click(within(section).getByRole('button', { name: 'Publish Tutorial b' }));
    expect(await screen.findByText('Tutorial b is published')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/tutorials/b')?.body).toEqual({ published: true });
  });

  it('writes a new tutorial with a live preview, checking the form before sending', async () => {
    const person = userEvent.setup();
    const calls = mockApi({
      'GET /api/notifications/user': { notifications: [] },
      'GET /api/admin/tutorials': { tutorials: [tutorial('a')], available_screenshots: [{ name: 'review', width: 1152, height: 720 }] },
      'POST /api/admin/tutorials': ({ body }: { body: unknown }) => ({
        status: 201,
        body: tutorial('new', { ...(body as object), published: false }),
      }),
    });
    renderApp('/admin?section=tutorials', { user: admin });
    await person.click(await screen.findByRole('button', { name: 'New tutorial' }));
    const form = await screen.findByRole('form', { name: 'New tutorial' });
    await person.click(within(form).getByRole('button', { name: 'Save tutorial' }));
    expect(within(form).getByText('Title is required')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await person.type(within(form).getByRole('textbox', { name: 'Title' }), 'Reviewing a policy');
    await person.type(within(form).getByRole('textbox', { name: 'Summary' }), 'Upload and read the findings.');
    await person.type(within(form).getByRole('textbox', { name: 'Text' }), '## Upload it{enter}{enter}Choose **Review**.');
    const preview = within(form).getByRole('region', { name: 'Preview' });
    expect(within(preview).getByRole('heading', { name: 'Upload it' })).toBeTruthy();
    expect(within(preview).getByText('Review').tagName).toBe('STRONG');
    expect(within(form).getByText(/screenshot:name\), with name one of review/)).toBeTruthy();

    await person.click(within(form).getByRole('button', { name: 'Save tutorial' }));
    expect(await screen.findByText('Reviewing a policy saved as a draft')).toBeTruthy();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Reviewing a policy',
      summary: 'Upload and read the findings.',
      body: '## Upload it\n\nChoose **Review**.',
      published: false,
    });
    expect(await screen.findByRole('region', { name: 'Tutorials' })).toBeTruthy();
  });
});

describe('moved', () => {
  it('moves one id to a new place', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});

describe('tutorialChange', () => {
  it('sends only what changed for an existing tutorial, and a blank video as none', () => {
    const stored = tutorial('a', { video_url: 'https://example.org/v.mp4' });
    const values = { title: 'Tutorial a', slug: 'tutorial-a', summary: 'New words.', video_url: ' ', body: stored.body, published: true };
    expect(tutorialChange(stored, values)).toEqual({ summary: 'New words.', video_url: null });
  });
});
