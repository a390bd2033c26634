import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ERROR_CODES, MESSAGES } from '@verity/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '../../components/ui/toast';
import { apiRequest } from '../../lib/api-client';
import { appConfigQueryKey } from '../../lib/app-config';
import { useAuthStore } from '../../lib/auth-store';
import { apiError, buildAppConfig, buildTestUser } from '../../test/fixtures';
import { renderRoute } from '../../test/render-route';
import { EditProfilePage } from './edit-profile-page';

vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  apiRequest: vi.fn(),
}));

const request = vi.mocked(apiRequest);

function pngOfSize(bytes: number, name = 'photo.png'): File {
  const file = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function toastMessages(): string[] {
  return useToastStore.getState().toasts.map((t) => t.message);
}

/** The app config is already cached (as after any earlier page), so the only calls are the page's own. */
function renderPage(config = buildAppConfig()) {
  return renderRoute(<EditProfilePage />, { path: '/profile', queryData: [[appConfigQueryKey, config]] });
}

describe('EditProfilePage', () => {
  beforeEach(() => {
    request.mockReset();
    useToastStore.setState({ toasts: [] });
    useAuthStore.setState({ initialised: true, authenticated: true, user: buildTestUser() });
  });
  afterEach(cleanup);

  it('shows the e-mail address read-only and initials when there is no photo', () => {
    renderPage();
    const email = screen.getByLabelText(/^E-mail address/) as HTMLInputElement;
    expect(email.value).toBe('amara.okafor@example.nhs.uk');
    expect(email.readOnly).toBe(true);
    expect(screen.getByRole('img', { name: 'Initials of Amara Okafor' }).textContent).toBe('AO');
    expect(screen.queryByRole('button', { name: /Remove photo/ })).toBeNull();
  });

  describe('photo', () => {
    it('rejects a file over 5 MB without calling the server', async () => {
      const user = userEvent.setup();
      renderPage();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(5 * 1024 * 1024 + 1, 'scan.png'));

      expect((await screen.findByRole('alert')).textContent).toContain('File too large');
      expect(request).not.toHaveBeenCalled();
    });

    it("uses the server's limit from the app config", async () => {
      const user = userEvent.setup();
      renderPage(buildAppConfig({ image_max_bytes: 1024 * 1024 }));
      expect(screen.getByText('PNG, JPEG, GIF or WebP, up to 1 MB.')).toBeTruthy();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(1024 * 1024 + 1, 'scan.png'));

      expect((await screen.findByRole('alert')).textContent).toContain('photos must be 1 MB or smaller');
      expect(request).not.toHaveBeenCalled();
    });

    it('checks against 5 MB while the app config is still loading', async () => {
      const user = userEvent.setup();
      request.mockImplementation(() => new Promise(() => {}));
      renderRoute(<EditProfilePage />, { path: '/profile' });
      expect(screen.getByText('PNG, JPEG, GIF or WebP, up to 5 MB.')).toBeTruthy();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(5 * 1024 * 1024 + 1, 'scan.png'));

      expect((await screen.findByRole('alert')).textContent).toContain('photos must be 5 MB or smaller');
      expect(request.mock.calls.map(([path]) => path)).toEqual(['app-config']);
    });

    it('uploads the file in the `file` field and shows the new photo', async () => {
      const user = userEvent.setup();
      request.mockResolvedValue(buildTestUser({ photoURL: '/api/account/photos/ph_1' }));
      renderPage();
      const file = pngOfSize(1024);
      await user.upload(screen.getByLabelText('Choose a profile photo'), file);

      const photo = await screen.findByRole('img', { name: 'Amara Okafor' });
      expect(photo.getAttribute('src')).toBe('/api/account/photos/ph_1');
      const [path, options] = request.mock.calls[0] ?? [];
      expect(path).toBe('account/upload/image');
      expect(options?.method).toBe('POST');
      expect(options?.form?.get('file')).toBe(file);
      expect(useAuthStore.getState().user?.photoURL).toBe('/api/account/photos/ph_1');
      expect(toastMessages()).toContain('Profile photo updated');
    });

    it("shows the server's reason when it refuses the file", async () => {
      const user = userEvent.setup();
      request.mockRejectedValue(
        apiError(400, { error_code: 4104, error_title: ERROR_CODES.invalidUpload.title, message: ERROR_CODES.invalidUpload.message }),
      );
      renderPage();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(2048));
      expect((await screen.findByRole('alert')).textContent).toContain(ERROR_CODES.invalidUpload.message);
    });

    it('shows the specified message when the upload fails for another reason', async () => {
      const user = userEvent.setup();
      request.mockRejectedValue(apiError(500, { message: 'Internal Server Error' }));
      renderPage();
      await user.upload(screen.getByLabelText('Choose a profile photo'), pngOfSize(2048));
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.imageUploadFailed);
    });

    it('removes the photo, and says so when removing fails', async () => {
      const user = userEvent.setup();
      useAuthStore.setState({ user: buildTestUser({ photoURL: '/api/account/photos/ph_1' }) });
      request.mockRejectedValueOnce(apiError(500, { message: 'Internal Server Error' }));
      request.mockResolvedValueOnce(buildTestUser({ photoURL: null }));
      renderPage();

      await user.click(screen.getByRole('button', { name: /Remove photo/ }));
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.imageDeleteFailed);

      await user.click(screen.getByRole('button', { name: /Remove photo/ }));
      expect(await screen.findByRole('img', { name: 'Initials of Amara Okafor' })).toBeTruthy();
      expect(request).toHaveBeenLastCalledWith('account/delete/image', { method: 'DELETE' });
      expect(useAuthStore.getState().user?.photoURL).toBeNull();
    });
  });

  describe('details', () => {
    it('saves the details, updates the signed-in user and confirms', async () => {
      const user = userEvent.setup();
      request.mockResolvedValue(buildTestUser({ job_title: 'Director of Estates' }));
      renderPage();
      const jobTitle = screen.getByLabelText(/^Job title/);
      await user.clear(jobTitle);
      await user.type(jobTitle, 'Director of Estates');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));

      await waitFor(() => expect(toastMessages()).toContain('Profile updated'));
      expect(request).toHaveBeenCalledWith('account/update', {
        method: 'POST',
        json: { firstname: 'Amara', surname: 'Okafor', job_title: 'Director of Estates' },
      });
      expect(useAuthStore.getState().user?.job_title).toBe('Director of Estates');
    });

    it('requires a first name before calling the server', async () => {
      const user = userEvent.setup();
      renderPage();
      await user.clear(screen.getByLabelText(/^First name/));
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect(await screen.findByText('First name is required')).toBeTruthy();
      expect(request).not.toHaveBeenCalled();
    });

    it('shows the specified message when saving fails', async () => {
      const user = userEvent.setup();
      request.mockRejectedValue(apiError(500, { message: 'Internal Server Error' }));
      renderPage();
      await user.type(screen.getByLabelText(/^Surname/), '-Smith');
      await user.click(screen.getByRole('button', { name: 'Save changes' }));
      expect((await screen.findByRole('alert')).textContent).toContain(MESSAGES.profileUpdateFailed);
    });
  });
});
