import { SIGNED_IN_MESSAGE } from '../../core/identity/sessions.ts';
import { ssoEndpoints } from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { createRateLimiter, rateLimitSource } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { connectForum, createForumUser } from './forum.ts';
import { finishMicrosoftSignIn, startMicrosoftSignIn } from './microsoft.ts';
import { createMicrosoftClient } from './microsoft-client.ts';

/** Single sign-on: Microsoft Entra ID into Verity, and Verity as the forum's DiscourseConnect provider (docs/sso.md). */
export async function ssoRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, db } = deps;
  const microsoft = createMicrosoftClient(config);
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const limiter = (name: string, limit: number) => createRateLimiter({ store: deps.rateLimitStore, name: `sso:${name}`, limit, windowMs });
  // A trust signs in from one address: starting is cheap and counted loosely; a finished sign-in is given back, as with passwords.
  const limits = {
    start: limiter('microsoft-start:ip', config.AUTH_RATE_LIMIT_PER_IP * 10),
    finish: limiter('microsoft-finish:ip', config.AUTH_RATE_LIMIT_PER_IP),
    forumUserIp: limiter('forum-user:ip', config.AUTH_RATE_LIMIT_PER_IP),
    forumUserAddress: limiter('forum-user:account', config.AUTH_RATE_LIMIT_PER_ACCOUNT),
  };
  const source = (request: FastifyRequest) => rateLimitSource(request.ip);
  const microsoftDeps = (request: FastifyRequest) => ({ db, config, microsoft, log: request.log });

  route(app, ssoEndpoints.microsoftStart, {
    preHandler: async (request) => limits.start.consume(source(request)),
    handler: async ({ request, body }) => startMicrosoftSignIn({ ...microsoftDeps(request), redirect: body.redirect }),
  });

  route(app, ssoEndpoints.microsoftFinish, {
    preHandler: async (request) => limits.finish.consume(source(request)),
    handler: async ({ request, body }) => {
      const { token, redirect } = await finishMicrosoftSignIn({
        ...microsoftDeps(request),
        flow: body.flow,
        callback: body.callback,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await limits.finish.refund(source(request));
      return { auth_token: token, message: SIGNED_IN_MESSAGE, redirect };
    },
  });

  route(app, ssoEndpoints.forumConnect, {
    handler: async ({ request, auth, body }) => ({
      redirect_url: await connectForum({ db, config, log: request.log, userId: auth.userId, sso: body.sso, sig: body.sig }),
    }),
  });

  route(app, ssoEndpoints.createForumUser, {
    preHandler: async (request) => limits.forumUserIp.consume(source(request)),
    handler: async ({ request, body }) => {
      await limits.forumUserAddress.consume(body.email);
      const { token } = await createForumUser({
        db,
        config,
        mailer: deps.mailer,
        log: request.log,
        input: body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { auth_token: token, message: SIGNED_IN_MESSAGE, error: null };
    },
  });
}
