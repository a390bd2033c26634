import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../lib/auth-store';
import { type ErrorDialogPayload, openErrorDialog, useErrorDialogStore } from '../../lib/error-dialog-store';
import { createQueryClient } from '../../lib/query-client';
import { buildAppConfig, buildTestUser } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { resetStores } from '../../test/reset-stores';
import { GlobalErrorDialog } from './global-error-dialog';
import { buildSupportMailto } from './support-mailto';

const PAYLOAD: ErrorDialogPayload = {
  code: 503,
  title: 'Server Error',
  description: 'Something went wrong on our end. Please try again later.',
  context: 'network',
  timestamp: '2025-03-04T10:00:00.000Z',
  requestId: 'req_42',
  recoverable: false,
};

function renderDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <GlobalErrorDialog />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  resetStores();
  mockApi({ 'GET /api/app-config': buildAppConfig({ support_email: 'support@verity.test' }) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('GlobalErrorDialog', () => {
  it('shows nothing without an error', () => {
    renderDialog();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows title, description and request id with Contact Support and Close', async () => {
    renderDialog();
    openErrorDialog(PAYLOAD);
    const dialog = await screen.findByRole('alertdialog', { name: 'Server Error' });
    expect(dialog.textContent).toContain(PAYLOAD.description);
    expect(dialog.textContent).toContain('Request ID: req_42');
    expect(await screen.findByRole('button', { name: 'Contact Support' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('tells the person what to do: their own step for what they can act on, support for the rest', async () => {
    renderDialog();
    openErrorDialog(PAYLOAD);
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      'If it keeps happening, contact support and quote the request ID.',
    );
    openErrorDialog({ ...PAYLOAD, code: 429, title: 'Too Many Requests', recoverable: true });
    await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain('Wait a minute, then try again.'));
    openErrorDialog({ ...PAYLOAD, code: 401, title: 'Authentication Required' });
    await waitFor(() => expect(screen.getByRole('alertdialog').textContent).toContain('Sign in again to carry on where you were.'));
  });

  it("defaults the title to 'Error', says 'OK' when recoverable and closes", async () => {
    const user = userEvent.setup();
    renderDialog();
    openErrorDialog({ ...PAYLOAD, title: undefined, requestId: undefined, recoverable: true });
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(dialog.textContent).not.toContain('Request ID');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(useErrorDialogStore.getState().payload).toBeNull();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    renderDialog();
    openErrorDialog(PAYLOAD);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('Contact Support opens an e-mail draft to the support address and closes', async () => {
    const user = userEvent.setup();
    useAuthStore.setState({ user: buildTestUser() });
    const assigned: string[] = [];
    const location = window.location;
    vi.stubGlobal('location', {
      ...location,
      set href(value: string) {
        assigned.push(value);
      },
    });
    renderDialog();
    openErrorDialog(PAYLOAD);
    await user.click(await screen.findByRole('button', { name: 'Contact Support' }));
    expect(assigned[0]).toBe(buildSupportMailto('support@verity.test', PAYLOAD, buildTestUser()));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('custom actions replace the default buttons', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    renderDialog();
    openErrorDialog({ ...PAYLOAD, actions: [{ label: 'Try Again', onClick: retry, variant: 'primary' }] });
    await screen.findByRole('alertdialog');
    expect(screen.queryByRole('button', { name: 'Contact Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});

describe('buildSupportMailto', () => {
  it('puts code, title, description, context, timestamp, request id, first name and e-mail in the draft', () => {
    const href = buildSupportMailto('support@verity.test', PAYLOAD, { firstname: 'Amara', email: 'amara@trust.example' });
    expect(href.startsWith('mailto:support@verity.test?subject=')).toBe(true);
    const url = new URL(href);
    const subject = url.searchParams.get('subject') ?? '';
    const body = url.searchParams.get('body') ?? '';
    expect(subject).toContain('Server Error');
    expect(subject).toContain('503');
    for (const part of [
      'Code: 503',
      'Title: Server Error',
      `Description: ${PAYLOAD.description}`,
      'Context: network',
      `Timestamp: ${PAYLOAD.timestamp}`,
      'Request ID: req_42',
      'Name: Amara',
      'E-mail: amara@trust.example',
    ]) {
      expect(body).toContain(part);
    }
  });
});
