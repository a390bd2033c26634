import { z } from 'zod';
import { emailSchema, passwordSchema, requiredName } from './account.ts';
import { LINK_CODE_MAX_LENGTH } from './link-code.ts';
import { memberRoleSchema } from './members.ts';

/**
 * Champion invitations: a champion invites a person into their organisation by e-mail or by a
 * link to share; the person opens it, completes their profile and is signed in.
 */

const token = z.string().trim().min(1, 'The invitation token is missing').max(LINK_CODE_MAX_LENGTH, 'The invitation token is not valid');

/** POST /auth/champion_create_user and /auth/champion_create_invitation_link (JSON). The e-mail is lower-cased. */
export const invitationRequestSchema = z.object({
  email: emailSchema,
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  job_title: requiredName('Job title'),
  /** The role they will hold: guest, standard (when not given) or champion (issue 28). */
  role: memberRoleSchema.optional(),
});
export type InvitationRequest = z.infer<typeof invitationRequestSchema>;

/** The invited user's id; for link creation also the link to share (shown once: only its hash is kept). */
export const invitationResultSchema = z.object({
  user_id: z.string(),
  link: z.string().nullable(),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

/** POST /auth/send_welcome_email?new_user=… : the invited user to e-mail. */
export const sendWelcomeEmailQuerySchema = z.object({ new_user: z.string().trim().min(1, 'new_user is required').max(64) });

/** POST /auth/resend_invitation (JSON): one of the champion's pending invitations. */
export const resendInvitationSchema = z.object({ invitation_id: z.string().trim().min(1, 'invitation_id is required').max(64) });

/** POST /auth/renew_invitation (JSON): the token of an expired link; a new link goes to the invited address. */
export const renewInvitationSchema = z.object({ token });

/** GET /auth/verify_invitation?token= */
export const verifyInvitationQuerySchema = z.object({ token });

/**
 * A verified invitation: the invited person's details, and the token that completes the profile
 * (sent as `Authorization: Bearer <token>`; it does nothing else and expires soon).
 */
export const verifiedInvitationSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  job_title: z.string(),
  organisation: z.string(),
  token: z.string(),
});
export type VerifiedInvitation = z.infer<typeof verifiedInvitationSchema>;

/** POST /auth/complete_profile (multipart). The organisation is the inviting one; a name given is ignored if different. */
export const completeProfileSchema = z.object({
  first_name: requiredName('First name'),
  last_name: requiredName('Last name'),
  job_title: requiredName('Job title'),
  new_password: passwordSchema,
  organisation: z.string().trim().max(200).optional(),
});
export type CompleteProfileInput = z.infer<typeof completeProfileSchema>;
