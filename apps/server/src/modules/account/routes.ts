import { changePasswordSchema, type MessageResponse, updateProfileSchema, type User } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { parseWith } from '../../lib/validate.ts';
import { photoUrl, presentUser } from './presenter.ts';
import { changePassword, findPhoto, getAccount, getPhotoInfo, removePhoto, setPhoto, updateProfile } from './service.ts';

interface PhotoInfoResponse {
  data: { url: string; content_type: string; size: number }[];
}

// Photo ids are base64url secrets (newSecret(24) is 32 characters); anything else cannot exist.
const PHOTO_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The signed-in user's own profile, photo and password. Any role may use them (guests too). */
export async function accountRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  // Checked on request, before any body is read: an anonymous caller must not make us parse an upload.
  const signedIn = { onRequest: requireAuth() };
  // A stolen session must not become a way to guess the password, so attempts are limited per user.
  const passwordAttempts = createRateLimiter({
    store: deps.rateLimitStore,
    name: 'change-password',
    limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    windowMs: config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
  });

  app.get('/account/info', signedIn, async (request): Promise<User> => {
    const account = await getAccount({ db, userId: authOf(request).userId });
    return presentUser(account.user, account.organisation);
  });

  app.post('/account/update', signedIn, async (request): Promise<User> => {
    const { userId } = authOf(request);
    const input = parseWith(updateProfileSchema, request.body);
    const account = await updateProfile({ db, userId, input });
    return presentUser(account.user, account.organisation);
  });

  // One byte over the photo limit is enough to know a file is too big: busboy truncates there
  // (instead of buffering up to the general UPLOAD_MAX_BYTES) and setPhoto answers 413 from the
  // catalogue. Declared as a variable because the plugin's type omits throwFileSizeLimit.
  const photoMultipartOptions = { limits: { fileSize: config.IMAGE_MAX_BYTES + 1, files: 1 }, throwFileSizeLimit: false };
  app.post(
    '/account/upload/image',
    { ...signedIn, config: { multipartOptions: photoMultipartOptions } },
    async (request): Promise<User> => {
      const { userId } = authOf(request);
      const file = fileField(request.body);
      const account = await setPhoto({ db, userId, bytes: file, maxBytes: config.IMAGE_MAX_BYTES });
      return presentUser(account.user, account.organisation);
    },
  );

  app.delete('/account/delete/image', signedIn, async (request): Promise<User> => {
    const account = await removePhoto({ db, userId: authOf(request).userId });
    return presentUser(account.user, account.organisation);
  });

  app.get('/account/image', signedIn, async (request, reply): Promise<PhotoInfoResponse | undefined> => {
    const photo = await getPhotoInfo({ db, userId: authOf(request).userId });
    if (!photo) return reply.status(204).send();
    return { data: [{ url: photoUrl(photo.id), content_type: photo.contentType, size: photo.size }] };
  });

  // No auth header: an <img> cannot send one. The unguessable id is the capability.
  app.get<{ Params: { photoId: string } }>('/account/photos/:photoId', async (request, reply) => {
    const { photoId } = request.params;
    const photo = PHOTO_ID.test(photoId) ? await findPhoto({ db, photoId }) : undefined;
    if (!photo) throw notFound('The photo could not be found.');
    return reply
      .header('content-type', photo.contentType)
      .header('content-length', String(photo.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=3600')
      .send(photo.data);
  });

  app.post('/account/change-password', signedIn, async (request): Promise<MessageResponse> => {
    const auth = authOf(request);
    await passwordAttempts.consume(auth.userId);
    const input = parseWith(changePasswordSchema, request.body);
    await changePassword({
      db,
      userId: auth.userId,
      keepSessionId: auth.sessionId,
      oldPassword: input.old_password,
      newPassword: input.new_password,
    });
    return { message: 'Your password has been changed. Other devices have been signed out.' };
  });
}

/** The uploaded bytes of the `file` field; a text field of that name or no field at all is a 422. */
function fileField(body: unknown): Buffer {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).file : undefined;
  if (Buffer.isBuffer(value)) return value;
  throw validationError([{ loc: ['body', 'file'], msg: 'Choose an image file to upload.' }]);
}
