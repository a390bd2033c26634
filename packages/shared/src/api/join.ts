import { z } from 'zod';
import { isDocumentId } from '../ids.ts';

/**
 * Joining an organisation by e-mail domain: a person who signs up with an address in a domain an
 * organisation has verified asks to join it, and one of its champions approves or declines.
 */

/**
 * Domains many unrelated people or organisations share, which therefore never join anyone to one
 * organisation. nhs.net is one: every NHS organisation's staff can hold an nhs.net address, so the
 * domain says nothing about which trust a person works for (docs/security.md, "Joining").
 */
export const SHARED_EMAIL_DOMAINS = [
  'nhs.net',
  'nhs.uk',
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'live.com',
  'live.co.uk',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'protonmail.com',
  'proton.me',
  'gmx.com',
  'btinternet.com',
  'sky.com',
  'virginmedia.com',
  'talktalk.net',
] as const;

/** Providers whose many country domains all start with their name (yahoo.com, yahoo.co.uk…). */
const SHARED_DOMAIN_PREFIXES = ['yahoo.', 'ymail.'] as const;

/** Whether the domain (lower case) is a shared one: public e-mail providers and nhs.net. */
export function isSharedEmailDomain(domain: string): boolean {
  const value = domain.trim().toLowerCase().replace(/\.$/, '');
  return (SHARED_EMAIL_DOMAINS as readonly string[]).includes(value) || SHARED_DOMAIN_PREFIXES.some((prefix) => value.startsWith(prefix));
}

const joinRequestId = z.string().refine(isDocumentId, 'A join request id is 26 letters or digits');

/** GET /join/domain?email= : what signing up with this address would do. */
export const joinDomainQuerySchema = z.object({
  email: z.string().trim().toLowerCase().max(254, 'E-mail address is too long').pipe(z.email('Enter a valid e-mail address')),
});

/**
 * `organisation`: the domain is verified by one organisation, which the person asks to join;
 * `shared`: a public or shared domain, which joins nobody; `none`: no organisation has it.
 */
export const joinDomainSchema = z.object({
  domain: z.string(),
  match: z.enum(['organisation', 'shared', 'none']),
  organisation_name: z.string().nullable(),
});
export type JoinDomain = z.infer<typeof joinDomainSchema>;

export const JOIN_ROLES = ['standard', 'guest', 'champion'] as const;
export type JoinRole = (typeof JOIN_ROLES)[number];

/** The caller's own request to join (GET /join/status). */
export const joinStatusSchema = z.object({
  status: z.enum(['pending', 'declined', 'member']),
  organisation_name: z.string(),
  /** The organisation's champions, by name: who decides. */
  champions: z.array(z.string()),
  requested_at: z.iso.datetime().nullable(),
  decided_at: z.iso.datetime().nullable(),
});
export type JoinStatus = z.infer<typeof joinStatusSchema>;

/** One pending request in the champion's dashboard. */
export const joinRequestSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  job_title: z.string(),
  requested_at: z.iso.datetime(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

export const joinRequestsSchema = z.object({ requests: z.array(joinRequestSchema) });

export const joinRequestParamsSchema = z.object({ requestId: joinRequestId });

/** POST /join/requests/:requestId/approve: the role the person gets, standard unless chosen. */
export const joinApproveSchema = z.strictObject({ role: z.enum(JOIN_ROLES).default('standard') });
export type JoinApproveInput = z.input<typeof joinApproveSchema>;

export const joinDecisionSchema = z.object({ status: z.enum(['approved', 'declined']), message: z.string() });

/**
 * The champion's own e-mail domain for their organisation: verified, shared (never verifiable),
 * or requested and waiting for (or refused by) a Verity administrator.
 */
export const joinOwnDomainSchema = z.object({
  domain: z.string(),
  status: z.enum(['verified', 'shared', 'pending', 'refused', 'none']),
  requested_at: z.iso.datetime().nullable(),
});
export type JoinOwnDomain = z.infer<typeof joinOwnDomainSchema>;

/** A champion's request for a domain, as the admin area lists it. */
export const joinDomainRequestSchema = z.object({
  id: z.string(),
  domain: z.string(),
  organisation_id: z.string(),
  organisation_name: z.string(),
  requested_by: z.string().nullable(),
  requested_at: z.iso.datetime(),
  /** Other organisations that already hold the domain (approving makes it join nobody by domain). */
  held_by: z.array(z.string()),
});
export type JoinDomainRequest = z.infer<typeof joinDomainRequestSchema>;

export const joinDomainRequestsSchema = z.object({ requests: z.array(joinDomainRequestSchema) });

export const joinDomainRequestParamsSchema = z.object({ requestId: joinRequestId });
