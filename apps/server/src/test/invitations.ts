import { createMailer } from '../mail/transport.ts';
import { createInvitation, verifyInvitation } from '../modules/invitations/service.ts';
import { approveDomain, domainOf } from '../core/identity/organisations.ts';
import type { TestApp } from './app.ts';

let counter = 0;

export interface TestInvitation {
  userId: string;
  email: string;
  /** The link's token, as the invited person's link carries it. */
  token: string;
}

/**
 * A pending link invitation into the champion's organisation, made through the service (no e-mail
 * is sent); the address's domain is approved for the organisation first, as links need.
 */
export async function inviteByLink(
  t: TestApp,
  champion: { userId: string; organisationId: string },
  overrides: { email?: string } = {},
): Promise<TestInvitation> {
  const email = overrides.email ?? `invitee${++counter}.${Date.now()}@example.test`;
  await approveDomain({
    db: t.db,
    organisationId: champion.organisationId,
    domain: domainOf(email),
    approvedBy: 'test',
    via: 'command_line',
  });
  const { userId, link } = await createInvitation({
    db: t.db,
    config: t.config,
    mailer: createMailer({ config: t.config, db: t.db, log: t.app.log }),
    log: t.app.log,
    champion,
    input: { email, first_name: 'Priya', last_name: 'Shah', job_title: 'Infection Prevention Nurse' },
    kind: 'link',
  });
  return { userId, email, token: tokenOfLink(link) };
}

/** The token a verified link hands the complete-profile form. */
export async function profileTokenFor(t: TestApp, invitation: TestInvitation): Promise<string> {
  return (await verifyInvitation({ db: t.db, token: invitation.token })).token;
}

/** The token query parameter of an invitation link. */
export function tokenOfLink(link: string): string {
  const token = new URL(link).searchParams.get('token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
