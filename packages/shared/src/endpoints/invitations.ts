import { loginResponseSchema, messageResponseSchema } from '../api/account.ts';
import {
  completeProfileSchema,
  invitationRequestSchema,
  invitationResultSchema,
  renewInvitationSchema,
  resendInvitationSchema,
  sendWelcomeEmailQuerySchema,
  verifiedInvitationSchema,
  verifyInvitationQuerySchema,
} from '../api/invitations.ts';
import { defineEndpoint, json, PUBLIC, withRoles } from '../contract/endpoint.ts';

/** Champion invitations into the champion's own organisation, and the invited person's side of them. */

const CHAMPION = withRoles('champion');
const REFUSED_ADDRESS =
  'An address with an account in another organisation, or already a member or invited here: 409 with a message saying which.';

export const createUser = defineEndpoint({
  id: 'invitations.createUser',
  summary: 'Invite a person by e-mail',
  description: `Creates the invited (pending) user in the champion’s organisation and e-mails them a link. ${REFUSED_ADDRESS} Counted against the champion’s hourly limit (429).`,
  method: 'POST',
  path: '/auth/champion_create_user',
  access: CHAMPION,
  body: invitationRequestSchema,
  status: 201,
  response: json(invitationResultSchema),
  errors: [409, 429],
});

export const createLink = defineEndpoint({
  id: 'invitations.createLink',
  summary: 'Create an invitation link to share',
  description: `Like champion_create_user, but nothing is e-mailed: the answer carries the link (shown once). ${REFUSED_ADDRESS}`,
  method: 'POST',
  path: '/auth/champion_create_invitation_link',
  access: CHAMPION,
  body: invitationRequestSchema,
  status: 201,
  response: json(invitationResultSchema),
  errors: [409, 429],
});

export const sendWelcomeEmail = defineEndpoint({
  id: 'invitations.sendWelcomeEmail',
  summary: 'E-mail the invitation to a pending invited user',
  description:
    'The user (new_user) must have a pending invitation in the champion’s organisation (404 otherwise). A new link is e-mailed and earlier links stop working.',
  method: 'POST',
  path: '/auth/send_welcome_email',
  access: CHAMPION,
  query: sendWelcomeEmailQuerySchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [404, 429],
});

export const resend = defineEndpoint({
  id: 'invitations.resend',
  summary: 'Resend a pending invitation',
  description:
    'One of the champion’s organisation’s pending invitations (404 otherwise): a new link is e-mailed, valid for the full period again; the old one stops working.',
  method: 'POST',
  path: '/auth/resend_invitation',
  access: CHAMPION,
  body: resendInvitationSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [404, 429],
});

export const renew = defineEndpoint({
  id: 'invitations.renew',
  summary: 'Ask for a new link in place of an expired one',
  description:
    'For the invited person, not signed in: the token of an expired, not yet accepted invitation e-mails a new link to the invited address. ' +
    'An unknown or used token: 400. Limited per address and per invitation (429).',
  method: 'POST',
  path: '/auth/renew_invitation',
  access: PUBLIC,
  body: renewInvitationSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [400, 429],
});

export const verify = defineEndpoint({
  id: 'invitations.verify',
  summary: 'Check an invitation link',
  description:
    'Answers the invited person’s details and a token for complete_profile. ' +
    'Failures (400) say that the invitation has expired, has already been used, or is invalid.',
  method: 'GET',
  path: '/auth/verify_invitation',
  access: PUBLIC,
  query: verifyInvitationQuerySchema,
  status: 200,
  response: json(verifiedInvitationSchema),
  errors: [400, 429],
});

export const completeProfile = defineEndpoint({
  id: 'invitations.completeProfile',
  summary: 'Complete an invited profile and sign in',
  description:
    'Authorization: Bearer <token from verify_invitation> (401 when missing, wrong or expired). Sets the name, job title and password ' +
    '(the sign-up rules; 422 otherwise), accepts the invitation and answers a session token like auth/login.',
  method: 'POST',
  path: '/auth/complete_profile',
  access: PUBLIC,
  body: completeProfileSchema,
  bodyEncoding: 'multipart',
  status: 200,
  response: json(loginResponseSchema),
  errors: [400, 401, 429],
});
