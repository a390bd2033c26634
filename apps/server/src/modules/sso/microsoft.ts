import { safeRedirectPath } from '@verity/shared';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/connect.ts';
import { microsoftTenants, organisations, ssoIdentities, ssoSignIns, users } from '../../db/schema.ts';
import { byUserOnOwnAccount, recordEvent } from '../../core/events/service.ts';
import { createAccount, findUserByEmail, type UserRow } from '../../core/identity/accounts.ts';
import { sessionPolicy, signInUser } from '../../core/identity/sessions.ts';
import { identityChanged } from '../../core/identity/cache.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, catalogued } from '../../lib/errors.ts';
import { newSecret, sha256 } from '../../lib/ids.ts';
import { isNetworkFailure, isNonceMismatch, MICROSOFT_SCOPES, type MicrosoftClient, unreachable } from './microsoft-client.ts';

/** How long a started sign-in may wait for its callback. */
const SIGN_IN_TTL_MS = 10 * 60_000;

/** The role of a person whose account a Microsoft sign-in creates: they use Verity; their champion grants more. */
const MICROSOFT_ROLES = ['standard'] as const;

export interface MicrosoftDeps {
  db: Database;
  config: Config;
  microsoft: MicrosoftClient | null;
  log: FastifyBaseLogger;
}

function configured(microsoft: MicrosoftClient | null): MicrosoftClient {
  if (!microsoft) throw new AppError(404, 'Microsoft sign-in is not configured on this server.');
  return microsoft;
}

/**
 * Begins the authorisation-code flow with PKCE, state and nonce, all kept on the server under the
 * hash of a flow secret that only this browser tab receives. Expired sign-ins are cleared as new
 * ones start, so the table holds at most ten minutes of them.
 */
export async function startMicrosoftSignIn(
  options: MicrosoftDeps & { redirect?: string },
): Promise<{ authorization_url: string; flow: string }> {
  const microsoft = configured(options.microsoft);
  const provider = await microsoft.configuration();
  const flow = newSecret(32);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const now = Date.now();
  await options.db.transaction(async (tx) => {
    await tx.delete(ssoSignIns).where(lt(ssoSignIns.expiresAt, new Date(now)));
    await tx.insert(ssoSignIns).values({
      id: sha256(flow),
      state,
      nonce,
      codeVerifier,
      redirectPath: options.redirect ? safeRedirectPath(options.redirect) : null,
      expiresAt: new Date(now + SIGN_IN_TTL_MS),
    });
  });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: microsoft.redirectUri,
    scope: MICROSOFT_SCOPES,
    response_mode: 'query',
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorization_url: url.href, flow };
}

/** What Verity takes from a verified ID token. */
interface MicrosoftIdentity {
  tenantId: string;
  /** "<tenant>:<object id>": the same person at every sign-in, whatever their e-mail address becomes. */
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstname: string;
  surname: string;
}

/**
 * Finishes the flow: the sign-in is taken (deleted) first, so its callback works once; the state
 * must be the one this browser's flow sent; the code is exchanged with the PKCE verifier and the
 * ID token checked (signature, issuer, audience, expiry, nonce) by openid-client. Then the person
 * is found or created in the organisation their tenant is linked to, and signed in.
 */
export async function finishMicrosoftSignIn(
  options: MicrosoftDeps & { flow: string; callback: string; ip?: string; userAgent?: string },
): Promise<{ token: string; user: UserRow; redirect: string | null }> {
  const { db, log } = options;
  const microsoft = configured(options.microsoft);
  const [signIn] = await db
    .delete(ssoSignIns)
    .where(eq(ssoSignIns.id, sha256(options.flow)))
    .returning();
  if (!signIn || signIn.expiresAt.getTime() <= Date.now()) throw catalogued(400, 'ssoExpired');

  const params = new URLSearchParams(options.callback.replace(/^\?/, ''));
  if (params.get('state') !== signIn.state) {
    log.info({ event: 'microsoft_sign_in_refused', reason: 'state_mismatch' }, 'Microsoft sign-in refused: state mismatch');
    throw catalogued(400, 'ssoExpired');
  }
  if (params.has('error')) {
    // Cancelled, consent refused, or a policy of the tenant: Microsoft's code says which (its description is not logged).
    log.info({ event: 'microsoft_sign_in_refused', reason: params.get('error')?.slice(0, 80) }, 'Microsoft refused the sign-in');
    throw catalogued(400, 'ssoRefused');
  }

  const provider = await microsoft.configuration();
  let claims: oidc.IDToken;
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, new URL(`${microsoft.redirectUri}?${params}`), {
      pkceCodeVerifier: signIn.codeVerifier,
      expectedState: signIn.state,
      expectedNonce: signIn.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims() as oidc.IDToken;
  } catch (error) {
    if (isNetworkFailure(error)) throw unreachable(error);
    const reason = isNonceMismatch(error) ? 'nonce_mismatch' : 'token_refused';
    log.info({ event: 'microsoft_sign_in_refused', reason, code: (error as { code?: string }).code }, 'Microsoft sign-in refused');
    throw catalogued(400, reason === 'nonce_mismatch' ? 'ssoExpired' : 'ssoRefused');
  }

  const identity = identityOf(claims);
  const { user, created } = await accountFor(options, identity).catch(async (error: unknown) => {
    // Two first sign-ins of one person at once: the loser finds the winner's account.
    if (isUniqueViolation(error)) return accountFor(options, identity);
    throw error;
  });
  const token = await db.transaction((tx) =>
    signInUser({ db: tx, user, method: 'microsoft', policy: sessionPolicy(options.config), ip: options.ip, userAgent: options.userAgent }),
  );
  log.info({ event: 'login', method: 'microsoft', userId: user.id, created }, 'signed in with Microsoft');
  return { token, user, redirect: signIn.redirectPath };
}

function identityOf(claims: oidc.IDToken): MicrosoftIdentity {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const tenantId = text(claims.tid).toLowerCase();
  const objectId = text(claims.oid) || text(claims.sub);
  const email = text(claims.email).toLowerCase() || null;
  const name = text(claims.name);
  const [first = '', ...rest] = name.split(/\s+/);
  return {
    tenantId,
    subject: `${tenantId}:${objectId}`,
    email,
    // Entra ID sends no email_verified: its optional claim xms_edov says the address's domain is verified by the tenant.
    emailVerified: [claims.email_verified, claims.xms_edov].some(
      (value) => value === true || value === 'true' || value === 1 || value === '1',
    ),
    firstname: (text(claims.given_name) || first || 'Microsoft').slice(0, 100),
    surname: (text(claims.family_name) || rest.join(' ') || 'user').slice(0, 100),
  };
}

/**
 * The Verity account for a Microsoft identity: the one already linked to it; else the one with its
 * verified e-mail address (then linked); else a new one in the tenant's organisation. Only a tenant
 * an administrator linked is let in, and only into its own organisation.
 */
async function accountFor(options: MicrosoftDeps, identity: MicrosoftIdentity): Promise<{ user: UserRow; created: boolean }> {
  const { db, log } = options;
  const [tenant] = await db
    .select({ organisationId: microsoftTenants.organisationId, deactivatedAt: organisations.deactivatedAt })
    .from(microsoftTenants)
    .innerJoin(organisations, eq(organisations.id, microsoftTenants.organisationId))
    .where(eq(microsoftTenants.tenantId, identity.tenantId))
    .limit(1);
  if (!tenant) {
    log.info({ event: 'microsoft_sign_in_refused', reason: 'tenant_unknown' }, 'Microsoft sign-in refused: tenant not linked');
    throw catalogued(403, 'ssoTenantUnknown');
  }
  const refuseUnlessUsable = (user: UserRow) => {
    if (user.organisationId !== tenant.organisationId) throw catalogued(403, 'ssoOtherOrganisation');
    if (user.disabledAt || tenant.deactivatedAt) throw catalogued(403, 'accountDisabled');
  };

  const [linked] = await db
    .select({ user: users })
    .from(ssoIdentities)
    .innerJoin(users, eq(users.id, ssoIdentities.userId))
    .where(and(eq(ssoIdentities.provider, 'microsoft'), eq(ssoIdentities.subject, identity.subject)))
    .limit(1);
  if (linked) {
    refuseUnlessUsable(linked.user);
    return { user: linked.user, created: false };
  }

  if (!identity.email || !identity.emailVerified) throw catalogued(403, 'ssoEmailUnverified');
  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    refuseUnlessUsable(existing);
    await db.transaction(async (tx) => {
      await tx.insert(ssoIdentities).values({ provider: 'microsoft', subject: identity.subject, userId: existing.id });
      if (!existing.emailVerifiedAt) await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, existing.id));
      await recordEvent(tx, { kind: 'auth.sso_linked', ...byUserOnOwnAccount(existing), data: { provider: 'microsoft' } });
    });
    identityChanged({ kind: 'user', id: existing.id });
    return { user: existing, created: false };
  }

  if (tenant.deactivatedAt) throw catalogued(403, 'accountDisabled');
  const user = await db.transaction(async (tx) => {
    const created = await createAccount({
      db: tx,
      organisationId: tenant.organisationId,
      email: identity.email as string,
      firstname: identity.firstname,
      surname: identity.surname,
      jobTitle: '',
      password: null,
      roles: [...MICROSOFT_ROLES],
      emailVerified: true,
    });
    await tx.insert(ssoIdentities).values({ provider: 'microsoft', subject: identity.subject, userId: created.id });
    await recordEvent(tx, {
      kind: 'auth.account_created',
      ...byUserOnOwnAccount(created),
      data: { via: 'microsoft', roles: [...MICROSOFT_ROLES], organisation_created: false },
    });
    return created;
  });
  return { user, created: true };
}
