import { membersEndpoints } from '@verity/shared';
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../route-deps.ts';
import { route } from '../../lib/route.ts';
import {
  type Champion,
  changeMemberRole,
  championsOf,
  deactivateMember,
  handOverWork,
  memberHoldings,
  reactivateMember,
  revokeInvitation,
} from './service.ts';

/** A champion running their own organisation (issue 28); and, for every member, who its champions are. */
export async function membersRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db } = deps;
  const champion = (auth: { userId: string; organisationId: string }): Champion => ({
    userId: auth.userId,
    organisationId: auth.organisationId,
  });

  route(app, membersEndpoints.changeRole, {
    handler: async ({ auth, params, body }) => changeMemberRole({ db, champion: champion(auth), userId: params.userId, role: body.role }),
  });
  route(app, membersEndpoints.deactivate, {
    handler: async ({ auth, params }) => deactivateMember({ db, champion: champion(auth), userId: params.userId }),
  });
  route(app, membersEndpoints.reactivate, {
    handler: async ({ auth, params }) => reactivateMember({ db, champion: champion(auth), userId: params.userId }),
  });
  route(app, membersEndpoints.holdings, {
    handler: async ({ auth, params }) => memberHoldings({ db, champion: champion(auth), userId: params.userId }),
  });
  route(app, membersEndpoints.handover, {
    handler: async ({ auth, params, body }) =>
      handOverWork({ db, champion: champion(auth), userId: params.userId, toUserId: body.to_user_id }),
  });
  route(app, membersEndpoints.revokeInvitation, {
    handler: async ({ auth, params }) => {
      await revokeInvitation({ db, mailer: deps.mailer, champion: champion(auth), invitationId: params.invitationId });
      return undefined;
    },
  });
  route(app, membersEndpoints.champions, {
    handler: async ({ auth }) => championsOf({ db, organisationId: auth.organisationId }),
  });
}
