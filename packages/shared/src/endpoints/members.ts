import {
  changeRoleSchema,
  championsSchema,
  handoverResultSchema,
  handoverSchema,
  holdingsSchema,
  invitationParamsSchema,
  memberParamsSchema,
  memberSchema,
} from '../api/members.ts';
import { defineEndpoint, EMPTY, json, SIGNED_IN, withRoles } from '../contract/endpoint.ts';

/**
 * A champion running their own organisation (issue 28): roles, leavers, handovers and withdrawn
 * invitations. Every change is an audit event and the person it touches is told. A member of
 * another organisation, or an id that names nobody, answers 404 alike.
 */

const CHAMPION = withRoles('champion');
const LAST_CHAMPION = '409 when it would leave the organisation without an active champion.';

export const changeRole = defineEndpoint({
  id: 'members.changeRole',
  summary: 'Change a member’s role',
  description: `Guest, standard or champion (a champion also holds standard; an administrator role is kept). ${LAST_CHAMPION}`,
  method: 'POST',
  path: '/members/:userId/role',
  access: CHAMPION,
  params: memberParamsSchema,
  body: changeRoleSchema,
  status: 200,
  response: json(memberSchema),
  errors: [404, 409],
});

export const deactivate = defineEndpoint({
  id: 'members.deactivate',
  summary: 'Deactivate a leaver',
  description: `Sign-in is refused and every session ends at once; their work is kept. Not yourself. ${LAST_CHAMPION}`,
  method: 'POST',
  path: '/members/:userId/deactivate',
  access: CHAMPION,
  params: memberParamsSchema,
  status: 200,
  response: json(memberSchema),
  errors: [404, 409],
});

export const reactivate = defineEndpoint({
  id: 'members.reactivate',
  summary: 'Reactivate a member',
  description: 'They can sign in again with their password; their work is where they left it (unless it was handed over).',
  method: 'POST',
  path: '/members/:userId/reactivate',
  access: CHAMPION,
  params: memberParamsSchema,
  status: 200,
  response: json(memberSchema),
  errors: [404],
});

export const holdings = defineEndpoint({
  id: 'members.holdings',
  summary: 'What a member owns that a handover would move',
  method: 'GET',
  path: '/members/:userId/holdings',
  access: CHAMPION,
  params: memberParamsSchema,
  status: 200,
  response: json(holdingsSchema),
  errors: [404],
});

export const handover = defineEndpoint({
  id: 'members.handover',
  summary: 'Hand a member’s work over to a colleague',
  description:
    'Their written documents, reviews and data-library uploads become the chosen active member’s. Conversations stay ' +
    'with their owner (they are personal). 404 for someone outside the organisation; 409 when the new owner is the same person or deactivated.',
  method: 'POST',
  path: '/members/:userId/handover',
  access: CHAMPION,
  params: memberParamsSchema,
  body: handoverSchema,
  status: 200,
  response: json(handoverResultSchema),
  errors: [404, 409],
});

export const revokeInvitation = defineEndpoint({
  id: 'members.revokeInvitation',
  summary: 'Withdraw a pending invitation',
  description: 'Its link stops working and, when opened, says the invitation was withdrawn. The pending account is removed.',
  method: 'POST',
  path: '/members/invitations/:invitationId/revoke',
  access: CHAMPION,
  params: invitationParamsSchema,
  status: 204,
  response: EMPTY,
  errors: [404],
});

export const champions = defineEndpoint({
  id: 'members.champions',
  summary: 'Who the organisation’s champions are',
  description: 'Name and e-mail of each active champion of the caller’s organisation, so a member knows whom to ask for access.',
  method: 'GET',
  path: '/members/champions',
  access: SIGNED_IN,
  status: 200,
  response: json(championsSchema),
  background: true,
});
