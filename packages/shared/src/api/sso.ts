import { z } from 'zod';
import { emailSchema, passwordSchema, requiredName } from './account.ts';

/**
 * Single sign-on: Microsoft Entra ID (OpenID Connect) into Verity, and Verity as the community
 * forum's DiscourseConnect provider (docs/sso.md).
 */

/** POST /api/auth/microsoft/start: where to go once signed in (a path on this site). */
export const microsoftStartSchema = z.strictObject({ redirect: z.string().max(2000).optional() });
export type MicrosoftStartInput = z.infer<typeof microsoftStartSchema>;

/**
 * The Microsoft address to send the browser to, and the flow: a secret the browser keeps for this
 * tab and gives back at the callback, so a callback link made in someone else's browser is refused.
 */
export const microsoftStartResponseSchema = z.object({ authorization_url: z.string(), flow: z.string() });
export type MicrosoftStartResponse = z.infer<typeof microsoftStartResponseSchema>;

/** POST /api/auth/microsoft/finish: the flow from the start and the query string Microsoft returned to /microsoft-auth-callback. */
export const microsoftFinishSchema = z.strictObject({
  flow: z.string().trim().min(20, 'The sign-in flow is missing').max(200),
  callback: z.string().max(8000),
});
export type MicrosoftFinishInput = z.infer<typeof microsoftFinishSchema>;

/** A session, as sign-in gives one, and the path the start asked to return to (null: the home page). */
export const microsoftFinishResponseSchema = z.object({ auth_token: z.string(), message: z.string(), redirect: z.string().nullable() });
export type MicrosoftFinishResponse = z.infer<typeof microsoftFinishResponseSchema>;

/**
 * POST /api/auth/forum/connect: the forum's sso and sig parameters, exactly as /auth/login received
 * them. Bounded loosely, so a malformed request gets the forum refusal rather than a form error.
 */
export const forumConnectSchema = z.strictObject({ sso: z.string().max(8000), sig: z.string().max(200) });
export type ForumConnectInput = z.infer<typeof forumConnectSchema>;

/** The forum's return address with the signed answer: the browser goes there next. */
export const forumConnectResponseSchema = z.object({ redirect_url: z.string() });
export type ForumConnectResponse = z.infer<typeof forumConnectResponseSchema>;

/** POST auth/create_forum_user (multipart): a forum-only account. */
export const createForumUserSchema = z.object({
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  job_title: requiredName('Job title'),
  new_password: passwordSchema,
  organisation: z.string().trim().min(2, 'Organisation is required').max(200, 'Organisation must be at most 200 characters'),
  email: emailSchema,
});
export type CreateForumUserInput = z.infer<typeof createForumUserSchema>;

/** A Microsoft Entra tenant id: a GUID, stored in lower case. */
export const microsoftTenantIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    'A tenant id is a GUID such as 72f988bf-86f1-41af-91ab-2d7cd011db47',
  );
