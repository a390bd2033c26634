import { authEndpoints } from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { type RateLimiter, rateLimitSource } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { createAuthRateLimits } from './rate-limits.ts';
import {
  AUTH_MESSAGES,
  type AuthDeps,
  checkResetCode,
  login,
  requestPasswordReset,
  resetPassword,
  signout,
  signup,
  verifyEmail,
} from './service.ts';

/** Sign-in, sign-up, sign-out, password reset and e-mail verification (docs/api-contract.md). */
export async function authRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const limits = createAuthRateLimits({ config: deps.config, store: deps.rateLimitStore });
  const serviceDeps = (request: FastifyRequest): AuthDeps => ({
    db: deps.db,
    config: deps.config,
    mailer: deps.mailer,
    log: request.log,
    limits,
  });
  // Counted before the body is parsed, so malformed attempts use up the allowance too.
  const perAddress = (limiter: RateLimiter) => ({
    preHandler: async (request: FastifyRequest) => {
      await limiter.consume(rateLimitSource(request.ip));
    },
  });

  route(app, authEndpoints.login, {
    ...perAddress(limits.ip.login),
    handler: async ({ request, body }) => {
      const { token } = await login({ ...serviceDeps(request), ...body, ip: request.ip, userAgent: request.headers['user-agent'] });
      // A successful sign-in is given back, so many people behind one address (a trust's NAT) never lock each other out.
      await limits.ip.login.refund(rateLimitSource(request.ip));
      return { auth_token: token, message: AUTH_MESSAGES.loginSucceeded, error: null };
    },
  });

  route(app, authEndpoints.signup, {
    ...perAddress(limits.ip.signup),
    handler: async ({ request, body }) => {
      await signup({ ...serviceDeps(request), input: body });
      return { message: AUTH_MESSAGES.signedUp };
    },
  });

  route(app, authEndpoints.signout, {
    handler: async ({ auth }) => {
      await signout({ db: deps.db, sessionId: auth.sessionId });
      return { message: AUTH_MESSAGES.loggedOut };
    },
  });

  route(app, authEndpoints.requestPasswordReset, {
    ...perAddress(limits.ip.requestPasswordReset),
    handler: async ({ request, body }) => {
      await requestPasswordReset({ ...serviceDeps(request), email: body.email });
      return { message: AUTH_MESSAGES.resetRequested };
    },
  });

  route(app, authEndpoints.resetPassword, {
    ...perAddress(limits.ip.resetPassword),
    handler: async ({ request, body }) => {
      await resetPassword({ ...serviceDeps(request), code: body.oobCode, newPassword: body.newPassword });
      return { message: AUTH_MESSAGES.passwordReset };
    },
  });

  // Counted with the reset attempts: each guess at a code uses up the same allowance.
  route(app, authEndpoints.checkResetCode, {
    ...perAddress(limits.ip.resetPassword),
    handler: async ({ body }) => {
      await checkResetCode({ db: deps.db, code: body.oobCode });
      return { message: AUTH_MESSAGES.resetCodeValid };
    },
  });

  route(app, authEndpoints.verifyEmail, {
    handler: async ({ request, body }) => {
      await verifyEmail({ db: deps.db, log: request.log, code: body.oobCode });
      return { message: AUTH_MESSAGES.emailVerified };
    },
  });
}
