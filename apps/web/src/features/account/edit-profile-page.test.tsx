import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_CODES, MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { appConfigQueryKey } from '../../lib/app-config';
import { useAuthStore } from '../../lib/auth-store';
import { buildAppConfig, buildTestUser } from '../../test/fixtures';
import { failure, type MockHandler, mockApi, type RecordedCall } from '../../test/mock-api';
import { renderRoute } from '../../test/render-route';
import { EditProfilePage } from './edit-profile-page';

function pngOfSize(bytes: number, name = 'photo.png'): File {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function toastMessages(): string[] {
  return useToastStore.getState().toasts.map((t) => t.message);
}

/** As the server does: account/image describes the signed-in user's current photo, or answers 204. */
function currentPhoto() {
  const url = useAuthStore.getState().user?.photoURL;
  return url ? { data: [{ url, content_type: 'image/png', size: 70 }] } : { status: 204 };
}

/** The page asks account/image for the photo besides what each test answers. */
function mockPage(handlers: Record<string, MockHandler | unknown>) {
  return mockApi({ 'GET /api/account/image': currentPhoto, ...handlers });
}

/** The calls a test is about: all but the photo lookup. */
function own(calls: RecordedCall[]): RecordedCall[] {
  return calls.filter((call) => call.path !== '/api/account/image');
}

/** The app config is already cached (as after any earlier page), so the only calls are the page's own. */
function renderPage(config = buildAppConfig()) {
  return renderRoute(<EditProfilePage />, { path: '/profile', queryData: [[appConfigQueryKey, config]] });
}

describe('EditProfilePage', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the e-mail address read-only and initials when there is no photo', () => {
    renderPage();
    const email = screen.getByLabelText(/^E-mail address/) as HTMLInputElement;
    expect(email.value).toBe('amara.okafor@example.nhs.uk');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('img', { name: 'Initials of Amara Okafor' }).textContent).toBe('AO');
    expect(screen.queryByRole('button', { name: /Remove photo/ })).toBeNull();
  });

  describe('photo', () => {
    it('shows the photo account/image answers with, and initials when it answers 204', async () => {
      const calls = mockPage({
        'GET /api/account/image': { data: [{ url: '/api/account/photos/ph_9', content_type: 'image/png', size: 70 }] },
      });
      renderPage();
      expect((await screen.findByRole('img', { name: 'Amara Okafor' })).getAttribute('src')).toBe('/api/account/photos/ph_9');
      expect(screen.getByRole('button', { name: /Remove photo/ })).toBeTruthy();
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/account/image']);
    });

    it('rejects a file over 5 MB without calling the server', async () => {
      const calls = mockPage({});
      const user = userEvent.setup();
      renderPage();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(5 * 1024 * 1024 + 1, 'scan.png'));

      expect((await screen.findByRole('alert')).textContent).toContain('File too large');
      expect(own(calls)).toHaveLength(0);
    });

    it("uses the server's limit from the app config", async () => {
      const calls = mockPage({});
      const user = userEvent.setup();
      renderPage(buildAppConfig({ image_max_bytes: 1024 * 1024 }));
      expect(screen.getByText('PNG, JPEG, GIF or WebP, up to 1 MB.')).toBeTruthy();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(1024 * 1024 + 1, 'scan.png'));

      expect((await screen.findByRole('alert')).textContent).toContain('photos must be 1 MB or smaller');
      expect(own(calls)).toHaveLength(0);
    });

    it('checks against 5 MB while the app config is still loading', async () => {
      const user = userEvent.setup();
      const calls = mockPage({ 'GET /api/app-config': () => new Promise(() => {}) });
      renderRoute(<EditProfilePage />, { path: '/profile' });
      expect(screen.getByText('PNG, JPEG, GIF or WebP, up to 5 MB.')).toBeTruthy();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(5 * 1024 * 1024 + 1, 'scan.png'));

      expect((await screen.findByRole('alert')).textContent).toContain('photos must be 5 MB or smaller');
      expect(own(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['GET /api/app-config']);
    });

    it('uploads the file in the `file` field and shows the new photo', async () => {
      const user = userEvent.setup();
      const calls = mockPage({ 'POST /api/account/upload/image': buildTestUser({ photoURL: '/api/account/photos/ph_1' }) });
      renderPage();
      const file = pngOfSize(1024);
      await user.upload(screen.getByLabelText('Choose a profile photo'), file);

      const photo = await screen.findByRole('img', { name: 'Amara Okafor' });
      expect(photo.getAttribute('src')).toBe('/api/account/photos/ph_1');
      expect(own(calls).map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/account/upload/image']);
      const form = own(calls)[0]?.body as FormData | undefined;
      expect(form).toBeInstanceOf(FormData);
      expect(form?.get('file')).toBe(file);
      expect(useAuthStore.getState().user?.photoURL).toBe('/api/account/photos/ph_1');
      expect(toastMessages()).toContain('Profile photo updated');
    });

    it("shows the server's reason when it refuses the file", async () => {
      const user = userEvent.setup();
      mockPage({
        'POST /api/account/upload/image': failure(400, {
          error_code: 4104,
          error_title: ERROR_CODES.invalidUpload.title,
          message: ERROR_CODES.invalidUpload.message,
        }),
      });
      renderPage();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(2048));
      expect((await screen.findByRole('alert')).textContent).toContain(ERROR_CODES.invalidUpload.message);
    });

    it('shows the specified message when the upload fails for another reason', async () => {
      const user = userEvent.setup();
      mockPage({ 'POST /api/account/upload/image': failure(500, { message: 'Internal Server Error' }) });
      renderPage();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(2048));
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.imageUploadFailed);
    });

    it('removes the photo, and says so when removing fails', async () => {
      const user = userEvent.setup();
      useAuthStore.setState({ user: buildTestUser({ photoURL: '/api/account/photos/ph_1' }) });
      let attempts = 0;
      const calls = mockPage({
        'DELETE /api/account/delete/image': () => {
          attempts += 1;
          return attempts === 1 ? failure(500, { message: 'Internal Server Error' }) : buildTestUser({ photoURL: null });
        },
      });
      renderPage();

      await user.click(screen.getByRole('button', { name: /Remove photo/ }));
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.imageDeleteFailed);

      await user.click(screen.getByRole('button', { name: /Remove photo/ }));
      expect(await screen.findByRole('img', { name: 'Initials of Amara Okafor' })).toBeTruthy();
      expect(own(calls).map((call) => `${call.method} ${call.path}`)).toEqual([
        'DELETE /api/account/delete/image',
        'DELETE /api/account/delete/image',
      ]);
      expect(useAuthStore.getState().user?.photoURL).toBeNull();
    });
  });

  describe('details', () => {
    it('saves the details, updates the signed-in user and confirms', async () => {
      const user = userEvent.setup();
      const calls = mockPage({ 'POST /api/account/update': buildTestUser({ job_title: 'Director of Estates' }) });
      renderPage();
      const jobTitle = screen.getByLabelText(/^Job title/);
      await user.clear(jobTitle);
      await user.type(jobTitle, 'Director of Estates');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      await waitFor(() => expect(toastMessages()).toContain('Profile updated'));
      expect(own(calls)).toHaveLength(1);
      expect(own(calls)[0]).toMatchObject({
        method: 'POST',
        path: '/api/account/update',
        body: { firstname: 'Amara', surname: 'Okafor', job_title: 'Director of Estates' },
      });
      expect(useAuthStore.getState().user?.job_title).toBe('Director of Estates');
    });

    it('requires a first name before calling the server', async () => {
      const calls = mockPage({});
      const user = userEvent.setup();
      renderPage();
      await user.clear(screen.getByLabelText(/^First name/));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('First name is required')).toBeTruthy();
      expect(own(calls)).toHaveLength(0);
    });

    it('shows the specified message when saving fails', async () => {
      const user = userEvent.setup();
      mockPage({ 'POST /api/account/update': failure(500, { message: 'Internal Server Error' }) });
      renderPage();
      await user.type(screen.getByLabelText(/^Surname/), '-Smith');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.profileUpdateFailed);
    });
  });
});
