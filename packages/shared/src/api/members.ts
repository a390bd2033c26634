import { z } from 'zod';
import { isDocumentId } from '../ids.ts';
import { MEMBER_ROLES } from '../roles.ts';

/**
 * Member management for champions (issue 28): within the champion's own organisation, change a
 * member's role, deactivate and reactivate a leaver, hand a leaver's work over to a colleague,
 * withdraw a pending invitation; and, for every member, who the organisation's champions are.
 */

/** A member role (roles.ts) as the API accepts it. */
export const memberRoleSchema = z.enum(MEMBER_ROLES, { error: 'Choose a role: guest, standard or champion' });

const userId = z.string().refine(isDocumentId, 'A user id is 26 letters or digits');

/** /members/:userId/… */
export const memberParamsSchema = z.object({ userId });

/** POST /members/:userId/role */
export const changeRoleSchema = z.object({ role: memberRoleSchema });
export type ChangeRoleInput = z.infer<typeof changeRoleSchema>;

/** POST /members/:userId/handover: the active member of the same organisation who takes the work over. */
export const handoverSchema = z.object({ to_user_id: userId });
export type HandoverInput = z.infer<typeof handoverSchema>;

/** A member as the champion's actions answer them. */
export const memberSchema = z.object({
  user_id: z.string(),
  firstname: z.string(),
  surname: z.string(),
  email: z.string(),
  role: memberRoleSchema,
  account_roles: z.array(z.string()),
  deactivated: z.boolean(),
  /** When they were deactivated (ISO), or null. */
  deactivated_at: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

/** What a handover moved to the new owner, by kind. */
export const handoverResultSchema = z.object({
  to_user_id: z.string(),
  /** Written documents (minutes, action logs, briefings, incident reports). */
  write_documents: z.number().int(),
  /** Policy reviews, every version. */
  reviews: z.number().int(),
  /** Documents they uploaded to the organisation's data library. */
  library_documents: z.number().int(),
});
export type HandoverResult = z.infer<typeof handoverResultSchema>;

/** GET /members/:userId/holdings: what a handover would move, counted now. */
export const holdingsSchema = handoverResultSchema.omit({ to_user_id: true });
export type Holdings = z.infer<typeof holdingsSchema>;

/** /members/invitations/:invitationId/revoke */
export const invitationParamsSchema = z.object({
  invitationId: z.string().refine(isDocumentId, 'An invitation id is 26 letters or digits'),
});

/** GET /members/champions: who to ask for access, for every member of the organisation. */
export const championContactSchema = z.object({ name: z.string(), email: z.string() });
export type ChampionContact = z.infer<typeof championContactSchema>;
export const championsSchema = z.object({ champions: z.array(championContactSchema) });
export type Champions = z.infer<typeof championsSchema>;
