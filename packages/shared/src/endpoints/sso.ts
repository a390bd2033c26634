import { loginResponseSchema } from '../api/account.ts';
import {
  createForumUserSchema,
  forumConnectResponseSchema,
  forumConnectSchema,
  microsoftFinishResponseSchema,
  microsoftFinishSchema,
  microsoftStartResponseSchema,
  microsoftStartSchema,
} from '../api/sso.ts';
import { defineEndpoint, json, PUBLIC, SIGNED_IN } from '../contract/endpoint.ts';

/** Single sign-on: Microsoft Entra ID into Verity, and Verity as the forum's DiscourseConnect provider (docs/sso.md). */

export const microsoftStart = defineEndpoint({
  id: 'sso.microsoftStart',
  summary: 'Start signing in with Microsoft',
  description:
    'An authorisation-code request with PKCE, state and nonce, kept on the server for 10 minutes. 404 while Microsoft sign-in is ' +
    'not configured; 503 error_code 5001 when Microsoft cannot be reached.',
  method: 'POST',
  path: '/auth/microsoft/start',
  access: PUBLIC,
  body: microsoftStartSchema,
  status: 200,
  response: json(microsoftStartResponseSchema),
  errors: [404, 429, 503],
});

export const microsoftFinish = defineEndpoint({
  id: 'sso.microsoftFinish',
  summary: 'Finish signing in with Microsoft',
  description:
    'Exchanges the code (once) and checks the ID token, then signs in the account linked to the Microsoft account, or the one with ' +
    'its verified e-mail address, or a new one in the organisation its tenant is linked to. Unknown, used, expired or mismatched ' +
    'flow, state or nonce: 400 error_code 4007; Microsoft refused: 400 error_code 4008; tenant not linked: 403 error_code 4009; ' +
    'e-mail not verified: 403 error_code 4010; the account is in another organisation: 403 error_code 4011; disabled: 403 error_code 4003.',
  method: 'POST',
  path: '/auth/microsoft/finish',
  access: PUBLIC,
  body: microsoftFinishSchema,
  status: 200,
  response: json(microsoftFinishResponseSchema),
  errors: [400, 403, 404, 429, 503],
});

export const forumConnect = defineEndpoint({
  id: 'sso.forumConnect',
  summary: 'Answer the community forum’s sign-in request for the signed-in user',
  description:
    'Checks the HMAC-SHA256 signature, the nonce and that the return address is on FORUM_URL, then answers with that address ' +
    'carrying the signed user payload (DiscourseConnect). Any of those wrong: 400 error_code 4012. 404 while the forum is not configured.',
  method: 'POST',
  path: '/auth/forum/connect',
  access: SIGNED_IN,
  body: forumConnectSchema,
  status: 200,
  response: json(forumConnectResponseSchema),
  errors: [400, 404],
});

export const createForumUser = defineEndpoint({
  id: 'sso.createForumUser',
  summary: 'Create a forum-only account',
  description:
    'A guest account in a new organisation of that name, signed in at once so the forum round trip can carry on; the address is ' +
    'verified by e-mail (until then the forum is told to ask for activation). An address that has an account: 409 error_code 4101. ' +
    '404 while the forum is not configured.',
  method: 'POST',
  path: '/auth/create_forum_user',
  access: PUBLIC,
  body: createForumUserSchema,
  bodyEncoding: 'multipart',
  status: 201,
  response: json(loginResponseSchema),
  errors: [404, 409, 429],
});
