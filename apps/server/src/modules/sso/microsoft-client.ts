import * as oidc from 'openid-client';
import { type Config, microsoftEnabled } from '../../config.ts';
import { type AppError, catalogued } from '../../lib/errors.ts';

/** How long Microsoft may take to answer discovery and the token exchange. */
const TIMEOUT_SECONDS = 10;

/** The scopes asked for: who the person is and their e-mail address, nothing more (no Graph access). */
export const MICROSOFT_SCOPES = 'openid profile email';

type MicrosoftConfig = Pick<
  Config,
  'APP_URL' | 'MICROSOFT_TENANT_ID' | 'MICROSOFT_CLIENT_ID' | 'MICROSOFT_CLIENT_SECRET' | 'MICROSOFT_AUTHORITY_URL'
>;

/** The configured app registration, or null while Microsoft sign-in is not configured. */
export interface MicrosoftClient {
  /** The discovered provider, fetched on first use and kept (a failed discovery is tried again next time). */
  configuration(): Promise<oidc.Configuration>;
  /** Where Microsoft sends the browser back to: the web's /microsoft-auth-callback page. */
  readonly redirectUri: string;
}

/** The OpenID issuer: Microsoft's v2.0 endpoint for the tenant, unless MICROSOFT_AUTHORITY_URL names another. */
export function microsoftIssuer(config: MicrosoftConfig): URL {
  return new URL(config.MICROSOFT_AUTHORITY_URL ?? `https://login.microsoftonline.com/${config.MICROSOFT_TENANT_ID}/v2.0`);
}

/** Plain HTTP is allowed only to this machine (a test provider), never across a network. */
function loopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

export function createMicrosoftClient(config: MicrosoftConfig): MicrosoftClient | null {
  if (!microsoftEnabled(config)) return null;
  const issuer = microsoftIssuer(config);
  let discovered: Promise<oidc.Configuration> | undefined;
  return {
    redirectUri: `${config.APP_URL}/microsoft-auth-callback`,
    configuration() {
      discovered ??= oidc
        .discovery(
          issuer,
          config.MICROSOFT_CLIENT_ID as string,
          undefined,
          oidc.ClientSecretPost(config.MICROSOFT_CLIENT_SECRET as string),
          {
            execute: loopbackHttp(issuer) ? [oidc.allowInsecureRequests] : [],
            timeout: TIMEOUT_SECONDS,
          },
        )
        .catch((error: unknown) => {
          discovered = undefined;
          throw unreachable(error);
        });
      return discovered;
    },
  };
}

/** Microsoft could not be reached (or answered nonsense): the person can try again shortly. */
export function unreachable(cause: unknown): AppError {
  const error = catalogued(503, 'serviceUnavailable', 'Microsoft sign-in is not reachable at the moment. Please try again shortly.');
  error.cause = cause;
  return error;
}

/** Whether a failure of the token exchange is the network's rather than the provider's refusal. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError) return false;
  const name = (error as { name?: string } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError' || (error instanceof TypeError && /fetch failed/i.test(error.message));
}

/** Whether the ID token failed the nonce check: the callback belongs to a different sign-in from the one it was sent to. */
export function isNonceMismatch(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    if ((current as { cause?: { claim?: unknown } }).cause?.claim === 'nonce') return true;
    if (/"nonce"/.test((current as { message?: string }).message ?? '')) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
