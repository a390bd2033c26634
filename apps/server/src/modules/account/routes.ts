import { accountEndpoints, type User } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { notFound } from '../../lib/errors.ts';
import { createRateLimiter } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { uploadedBytes } from '../../lib/uploads.ts';
import { photoUrl } from '../../core/identity/accounts.ts';
import {
  changePassword,
  findPhoto,
  getPhotoInfo,
  recordOnboarding,
  removePhoto,
  setPhoto,
  shownAccount,
  updateProfile,
} from './service.ts';
import { evaluateFlags } from '../../core/flags.ts';
import type { AuthContext } from '../../core/identity/sessions.ts';
import type { CachedAccount } from '../../core/identity/cache.ts';

// Photo ids are base64url secrets (newSecret(24) is 32 characters); anything else cannot exist.
const PHOTO_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The signed-in user's own profile, photo and password. */
export async function accountRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, config } = deps;
  // A stolen session must not become a way to guess the password, so attempts are limited per user.
  const passwordAttempts = createRateLimiter({
    store: deps.rateLimitStore,
    name: 'change-password',
    limit: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
    windowMs: config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
  });

  /**
   * The user as the web keeps them, with their flags: evaluated for the session's organisation and
   * roles (the account's own), read while the account is loaded or changed.
   */
  const present = async (auth: AuthContext, loading: Promise<CachedAccount>): Promise<User> => {
    const [account, flags] = await Promise.all([loading, evaluateFlags(db, auth)]);
    return { ...account, flags };
  };

  route(app, accountEndpoints.info, {
    handler: async ({ auth }) => present(auth, shownAccount({ db, userId: auth.userId })),
  });

  route(app, accountEndpoints.update, {
    handler: async ({ auth, body }) => {
      return present(auth, updateProfile({ db, userId: auth.userId, input: body }));
    },
  });

  route(app, accountEndpoints.onboarding, {
    handler: async ({ auth, body }) => present(auth, recordOnboarding({ db, userId: auth.userId, input: body })),
  });

  // One byte over the photo limit is enough to know a file is too big: busboy truncates there
  // (instead of buffering up to the general UPLOAD_MAX_BYTES) and setPhoto answers 413 from the
  // catalogue. Declared as a variable because the plugin's type omits throwFileSizeLimit.
  const photoMultipartOptions = { limits: { fileSize: config.IMAGE_MAX_BYTES + 1, files: 1 }, throwFileSizeLimit: false };
  route(app, accountEndpoints.uploadImage, {
    config: { multipartOptions: photoMultipartOptions },
    handler: async ({ auth, body }) => {
      return present(auth, setPhoto({ db, userId: auth.userId, bytes: uploadedBytes(body.file), maxBytes: config.IMAGE_MAX_BYTES }));
    },
  });

  route(app, accountEndpoints.deleteImage, {
    handler: async ({ auth }) => {
      return present(auth, removePhoto({ db, userId: auth.userId }));
    },
  });

  route(app, accountEndpoints.image, {
    handler: async ({ auth }) => {
      const photo = await getPhotoInfo({ db, userId: auth.userId });
      if (!photo) return undefined;
      return { data: [{ url: photoUrl(photo.id), content_type: photo.contentType, size: photo.size }] };
    },
  });

  route(app, accountEndpoints.photo, {
    handler: async ({ params, reply }) => {
      const photo = PHOTO_ID.test(params.photoId) ? await findPhoto({ db, photoId: params.photoId }) : undefined;
      if (!photo) throw notFound('The photo could not be found.');
      return reply
        .header('content-type', photo.contentType)
        .header('content-length', String(photo.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=3600')
        .send(photo.data);
    },
  });

  route(app, accountEndpoints.changePassword, {
    preHandler: async (request) => {
      if (request.auth) await passwordAttempts.consume(request.auth.userId);
    },
    handler: async ({ auth, body }) => {
      await changePassword({
        db,
        userId: auth.userId,
        keepSessionId: auth.sessionId,
        oldPassword: body.old_password,
        newPassword: body.new_password,
      });
      return { message: 'Your password has been changed. Other devices have been signed out.' };
    },
  });
}
