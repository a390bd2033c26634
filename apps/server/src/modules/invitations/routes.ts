import { dashboardEndpoints, invitationsEndpoints } from '@verity/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { createRateLimiter, type RateLimiter, rateLimitSource } from '../../lib/rate-limit.ts';
import { route } from '../../lib/route.ts';
import { SIGNED_IN_MESSAGE } from '../../core/identity/sessions.ts';
import {
  completeProfile,
  createInvitation,
  INVITATION_MESSAGES,
  type InvitationDeps,
  pendingInvitations,
  renewInvitation,
  resendInvitation,
  verifyInvitation,
} from './service.ts';

const HOUR_MS = 60 * 60_000;

/** Champion invitations and the invited person's verify, renew and complete-profile calls (docs/decisions.md). */
export async function invitationsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { config, rateLimitStore: store } = deps;
  // Every invitation a champion creates or re-sends counts, so an account cannot be used to spray e-mail.
  const perChampion = createRateLimiter({
    store,
    name: 'invitations:champion',
    limit: config.INVITATION_RATE_LIMIT_PER_HOUR,
    windowMs: HOUR_MS,
  });
  const perAddress = (action: string) =>
    createRateLimiter({
      store,
      name: `invitations:${action}:ip`,
      limit: config.AUTH_RATE_LIMIT_PER_IP,
      windowMs: config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000,
    });
  const countAddress = (limiter: RateLimiter) => ({
    preHandler: async (request: FastifyRequest) => {
      await limiter.consume(rateLimitSource(request.ip));
    },
  });
  const serviceDeps = (request: FastifyRequest): InvitationDeps => ({ db: deps.db, config, mailer: deps.mailer, log: request.log });
  const champion = (auth: { userId: string; organisationId: string }) => ({ userId: auth.userId, organisationId: auth.organisationId });

  route(app, invitationsEndpoints.createUser, {
    handler: async ({ request, auth, body }) => {
      await perChampion.consume(auth.userId);
      const { userId } = await createInvitation({ ...serviceDeps(request), champion: champion(auth), input: body, kind: 'email' });
      return { user_id: userId, link: null };
    },
  });

  route(app, invitationsEndpoints.createLink, {
    handler: async ({ request, auth, body }) => {
      await perChampion.consume(auth.userId);
      const { userId, link } = await createInvitation({ ...serviceDeps(request), champion: champion(auth), input: body, kind: 'link' });
      return { user_id: userId, link };
    },
  });

  route(app, invitationsEndpoints.sendWelcomeEmail, {
    handler: async ({ request, auth, query }) => {
      await perChampion.consume(auth.userId);
      await resendInvitation({ ...serviceDeps(request), champion: champion(auth), invitation: { userId: query.new_user } });
      return { message: INVITATION_MESSAGES.sent };
    },
  });

  route(app, invitationsEndpoints.resend, {
    handler: async ({ request, auth, body }) => {
      await perChampion.consume(auth.userId);
      await resendInvitation({ ...serviceDeps(request), champion: champion(auth), invitation: { id: body.invitation_id } });
      return { message: INVITATION_MESSAGES.sent };
    },
  });

  // A renewed link replaces the old one, so each token renews at most once; the address limit bounds the rest.
  route(app, invitationsEndpoints.renew, {
    ...countAddress(perAddress('renew')),
    handler: async ({ request, body }) => {
      await renewInvitation({ ...serviceDeps(request), token: body.token });
      return { message: INVITATION_MESSAGES.renewed };
    },
  });

  route(app, invitationsEndpoints.verify, {
    ...countAddress(perAddress('verify')),
    handler: async ({ query }) => verifyInvitation({ db: deps.db, token: query.token }),
  });

  route(app, invitationsEndpoints.completeProfile, {
    ...countAddress(perAddress('complete')),
    handler: async ({ request, body }) => {
      const { token } = await completeProfile({
        ...serviceDeps(request),
        profileToken: bearerToken(request),
        input: body,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { auth_token: token, message: SIGNED_IN_MESSAGE, error: null };
    },
  });

  // The champion dashboard lists the organisation's pending invitations (its descriptor is the dashboard's).
  route(app, dashboardEndpoints.pendingUsers, {
    handler: async ({ auth }) => ({ invitations: await pendingInvitations({ db: deps.db, organisationId: auth.organisationId }) }),
  });
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S{1,200})$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}
