import { messageResponseSchema } from '../api/account.ts';
import {
  joinApproveSchema,
  joinDecisionSchema,
  joinDomainQuerySchema,
  joinDomainRequestParamsSchema,
  joinDomainRequestsSchema,
  joinDomainSchema,
  joinRequestParamsSchema,
  joinRequestsSchema,
  joinOwnDomainSchema,
  joinStatusSchema,
} from '../api/join.ts';
import { ACCOUNT, defineEndpoint, EMPTY, json, PUBLIC, withRoles } from '../contract/endpoint.ts';

/** Joining an organisation by e-mail domain: the person's side and the champion's decision. */

const CHAMPION = withRoles('champion');

export const domain = defineEndpoint({
  id: 'join.domain',
  summary: 'What signing up with an address would do',
  description:
    'Whether the address’s domain is verified by an organisation (the sign-up asks to join it, named), shared by many ' +
    '(a public provider or nhs.net: it joins nobody) or unknown (the page offers a new organisation or an invitation). ' +
    'Only the domain is read; nothing says whether the address has an account. Limited per address like sign-up (429).',
  method: 'GET',
  path: '/join/domain',
  access: PUBLIC,
  query: joinDomainQuerySchema,
  status: 200,
  response: json(joinDomainSchema),
  errors: [429],
  background: true,
});

export const status = defineEndpoint({
  id: 'join.status',
  summary: 'The caller’s own request to join their organisation',
  description:
    'For any signed-in account, member or not: pending (with the champions who decide), declined, or member. ' +
    'The only organisation data a person waiting for approval can read.',
  method: 'GET',
  path: '/join/status',
  access: ACCOUNT,
  status: 200,
  response: json(joinStatusSchema),
  background: true,
});

export const requests = defineEndpoint({
  id: 'join.requests',
  summary: 'Requests to join the champion’s organisation',
  description: 'The pending requests of the champion’s own organisation, oldest first.',
  method: 'GET',
  path: '/join/requests',
  access: CHAMPION,
  status: 200,
  response: json(joinRequestsSchema),
  background: true,
});

export const approve = defineEndpoint({
  id: 'join.approve',
  summary: 'Approve a request to join',
  description:
    'One of the champion’s organisation’s pending requests (404 otherwise): the person becomes a member with the role chosen ' +
    '(standard unless said) and is told. A request already decided: 409.',
  method: 'POST',
  path: '/join/requests/:requestId/approve',
  access: CHAMPION,
  params: joinRequestParamsSchema,
  body: joinApproveSchema,
  status: 200,
  response: json(joinDecisionSchema),
  errors: [404, 409],
});

export const decline = defineEndpoint({
  id: 'join.decline',
  summary: 'Decline a request to join',
  description:
    'One of the champion’s organisation’s pending requests (404 otherwise): the person is told, and may start their own ' +
    'organisation or close the account to be invited. A request already decided: 409.',
  method: 'POST',
  path: '/join/requests/:requestId/decline',
  access: CHAMPION,
  params: joinRequestParamsSchema,
  status: 200,
  response: json(joinDecisionSchema),
  errors: [404, 409],
});

export const startOrganisation = defineEndpoint({
  id: 'join.startOrganisation',
  summary: 'Start an organisation after a declined request',
  description:
    'For a person whose request to join was declined: a new organisation is made, named after their domain, with them as its ' +
    'champion. Anyone else: 409.',
  method: 'POST',
  path: '/join/start-organisation',
  access: ACCOUNT,
  status: 200,
  response: json(messageResponseSchema),
  errors: [409],
});

export const leave = defineEndpoint({
  id: 'join.leave',
  summary: 'Withdraw a request to join and close the account',
  description:
    'For a person waiting for approval or declined: their account is closed, so the address can be invited by a champion. ' +
    'A member: 409.',
  method: 'POST',
  path: '/join/leave',
  access: ACCOUNT,
  status: 204,
  response: EMPTY,
  errors: [409],
});

const ADMIN = withRoles('verity_admin');

export const ownDomain = defineEndpoint({
  id: 'join.ownDomain',
  summary: 'The champion’s e-mail domain for their organisation',
  description: 'Whether the domain of the champion’s own address is verified for their organisation, shared, or requested.',
  method: 'GET',
  path: '/join/domain-request',
  access: CHAMPION,
  status: 200,
  response: json(joinOwnDomainSchema),
  background: true,
});

export const requestDomain = defineEndpoint({
  id: 'join.requestDomain',
  summary: 'Ask Verity to confirm the organisation’s e-mail domain',
  description:
    'The domain of the champion’s own address only. Refused with 409 for a shared domain (public providers, nhs.net), one ' +
    'already verified for the organisation, or one already requested. Verity’s administrators are notified.',
  method: 'POST',
  path: '/join/domain-request',
  access: CHAMPION,
  status: 201,
  response: json(joinOwnDomainSchema),
  errors: [409],
});

export const domainRequests = defineEndpoint({
  id: 'join.domainRequests',
  summary: 'Champions’ pending requests for domains (admin area)',
  method: 'GET',
  path: '/admin/domain-requests',
  access: ADMIN,
  status: 200,
  response: json(joinDomainRequestsSchema),
  background: true,
});

export const approveDomainRequest = defineEndpoint({
  id: 'join.approveDomainRequest',
  summary: 'Approve a champion’s request for a domain',
  description: 'The domain becomes one of the organisation’s verified domains; the champion is told. Decided already: 409.',
  method: 'POST',
  path: '/admin/domain-requests/:requestId/approve',
  access: ADMIN,
  params: joinDomainRequestParamsSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [404, 409],
});

export const refuseDomainRequest = defineEndpoint({
  id: 'join.refuseDomainRequest',
  summary: 'Refuse a champion’s request for a domain',
  description: 'Nothing is verified; the champion is told. Decided already: 409.',
  method: 'POST',
  path: '/admin/domain-requests/:requestId/refuse',
  access: ADMIN,
  params: joinDomainRequestParamsSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [404, 409],
});
