import {
  type LoginResponse,
  loginSchema,
  type MessageResponse,
  requestPasswordResetSchema,
  resetPasswordSchema,
  signupSchema,
  verifyEmailSchema,
} from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../app.ts';
import { authOf, requireAuth } from '../../lib/auth.ts';
import { rateLimitSource } from '../../lib/rate-limit.ts';
import { parseWith } from '../../lib/validate.ts';
import { createAuthRateLimits } from './rate-limits.ts';
import { AUTH_MESSAGES, type AuthDeps, login, requestPasswordReset, resetPassword, signout, signup, verifyEmail } from './service.ts';

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

  app.post('/auth/login', async (request): Promise<LoginResponse> => {
    // Counted before parsing so malformed attempts use up the allowance too; a successful sign-in
    // is given back, so many people behind one address (a trust's NAT) never lock each other out.
    const source = rateLimitSource(request.ip);
    await limits.ip.login.consume(source);
    const input = parseWith(loginSchema, request.body);
    const { token } = await login({ ...serviceDeps(request), ...input, ip: request.ip, userAgent: request.headers['user-agent'] });
    await limits.ip.login.refund(source);
    return { auth_token: token, message: AUTH_MESSAGES.loginSucceeded, error: null };
  });

  app.post('/auth/signup', async (request, reply) => {
    await limits.ip.signup.consume(rateLimitSource(request.ip));
    const input = parseWith(signupSchema, request.body);
    await signup({ ...serviceDeps(request), input });
    const body: MessageResponse = { message: AUTH_MESSAGES.signedUp };
    return reply.status(201).send(body);
  });

  app.get('/auth/signout', { preHandler: requireAuth() }, async (request): Promise<MessageResponse> => {
    await signout({ db: deps.db, sessionId: authOf(request).sessionId });
    return { message: AUTH_MESSAGES.loggedOut };
  });

  app.post('/auth/reset_password', async (request): Promise<MessageResponse> => {
    await limits.ip.requestPasswordReset.consume(rateLimitSource(request.ip));
    const input = parseWith(requestPasswordResetSchema, request.body);
    await requestPasswordReset({ ...serviceDeps(request), email: input.email });
    return { message: AUTH_MESSAGES.resetRequested };
  });

  app.post('/auth/reset-password', async (request): Promise<MessageResponse> => {
    await limits.ip.resetPassword.consume(rateLimitSource(request.ip));
    const input = parseWith(resetPasswordSchema, request.body);
    await resetPassword({ ...serviceDeps(request), code: input.oobCode, newPassword: input.newPassword });
    return { message: AUTH_MESSAGES.passwordReset };
  });

  app.post('/auth/verify-email', async (request): Promise<MessageResponse> => {
    const input = parseWith(verifyEmailSchema, request.body);
    await verifyEmail({ db: deps.db, log: request.log, code: input.oobCode });
    return { message: AUTH_MESSAGES.emailVerified };
  });
}
