import type { Config } from '../../config.ts';
import { createMemoryRateLimitStore, createRateLimiter, type RateLimiter, type RateLimitStore } from '../../lib/rate-limit.ts';

export type AuthAction = 'login' | 'signup' | 'requestPasswordReset' | 'resetPassword';

/** Per address and per account limits for each sign-in related action. */
export interface AuthRateLimits {
  ip: Record<AuthAction, RateLimiter>;
  account: Record<AuthAction, RateLimiter>;
}

type LimitConfig = Pick<Config, 'AUTH_RATE_LIMIT_PER_IP' | 'AUTH_RATE_LIMIT_PER_ACCOUNT' | 'AUTH_RATE_LIMIT_WINDOW_MINUTES'>;

const ACTIONS: readonly AuthAction[] = ['login', 'signup', 'requestPasswordReset', 'resetPassword'];

/**
 * Each action counts separately, so someone who has mistyped their password a few times can still
 * ask for a reset. The store is in-process by default; pass a shared one when running several.
 */
export function createAuthRateLimits(options: { config: LimitConfig; store?: RateLimitStore; now?: () => number }): AuthRateLimits {
  const { config } = options;
  const store = options.store ?? createMemoryRateLimitStore({ now: options.now });
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const build = (scope: 'ip' | 'account', limit: number) =>
    Object.fromEntries(
      ACTIONS.map((action) => [action, createRateLimiter({ store, name: `auth:${action}:${scope}`, limit, windowMs, now: options.now })]),
    ) as Record<AuthAction, RateLimiter>;
  return { ip: build('ip', config.AUTH_RATE_LIMIT_PER_IP), account: build('account', config.AUTH_RATE_LIMIT_PER_ACCOUNT) };
}
