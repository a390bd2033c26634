import type { Config } from '../../config.ts';
import { tooManyRequests } from '../../lib/errors.ts';
import {
  createMemoryRateLimitStore,
  createRateLimiter,
  type RateLimiter,
  type RateLimitStore,
  secondsUntil,
} from '../../lib/rate-limit.ts';

type AuthAction = 'login' | 'signup' | 'requestPasswordReset' | 'resetPassword';

/** Per address and per account limits for each sign-in related action. */
export interface AuthRateLimits {
  ip: Record<AuthAction, RateLimiter>;
  /** Per account for sign-up and reset; sign-in uses `login`. */
  account: Record<AuthAction, RateLimiter>;
  login: LoginGuard;
}

type LimitConfig = Pick<
  Config,
  | 'AUTH_RATE_LIMIT_PER_IP'
  | 'AUTH_RATE_LIMIT_PER_ACCOUNT'
  | 'AUTH_RATE_LIMIT_WINDOW_MINUTES'
  | 'AUTH_LOGIN_MAX_DELAY_SECONDS'
  | 'AUTH_KNOWN_SOURCE_DAYS'
>;

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
  return {
    ip: build('ip', config.AUTH_RATE_LIMIT_PER_IP),
    account: build('account', config.AUTH_RATE_LIMIT_PER_ACCOUNT),
    login: createLoginGuard({ config, store, now: options.now }),
  };
}

/** One sign-in attempt that passed the guard; the caller reports how it ended. */
interface LoginAttempt {
  /** Wrong e-mail or password. */
  failed(): Promise<void>;
  /** The password was right; `signedIn` when a session was opened (not for a disabled or unverified account). */
  succeeded(signedIn: boolean): Promise<void>;
}

export interface LoginGuard {
  /** Before the password is checked: throws a 429 when this account may not be tried from this source now. */
  begin(email: string, source: string): Promise<LoginAttempt>;
}

// Consecutive failures on an account are remembered this long after the last one.
const FAILURE_MEMORY_MS = 24 * 60 * 60_000;
// How long an attempt past the free failures holds the account's turn while its password is checked.
const TURN_HOLD_MS = 30_000;

/**
 * Sign-in limits that an attacker cannot turn against the account's owner:
 * - per (account, source): after AUTH_RATE_LIMIT_PER_ACCOUNT failures in the window, that source
 *   is refused for that account until the window ends;
 * - per account, from sources it has never signed in from: after AUTH_RATE_LIMIT_PER_ACCOUNT
 *   consecutive failures (from anywhere), each further attempt waits 1 s, 2 s, 4 s, … (at most
 *   AUTH_LOGIN_MAX_DELAY_SECONDS) after the last failure, and only one such attempt runs at a time;
 * - a source that signed in to the account within AUTH_KNOWN_SOURCE_DAYS is not delayed by
 *   failures from elsewhere, so the owner at their usual desk can always sign in.
 * The per-address limit (every source, every account) is counted by the route.
 */
export function createLoginGuard(options: { config: LimitConfig; store: RateLimitStore; now?: () => number }): LoginGuard {
  const { config, store } = options;
  const now = options.now ?? Date.now;
  const windowMs = config.AUTH_RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const freeFailures = config.AUTH_RATE_LIMIT_PER_ACCOUNT;
  const maxDelayMs = config.AUTH_LOGIN_MAX_DELAY_SECONDS * 1000;
  const knownMs = config.AUTH_KNOWN_SOURCE_DAYS * 24 * 60 * 60_000;
  const delayAfter = (failures: number) => Math.min(2 ** Math.max(0, failures - freeFailures) * 1000, maxDelayMs);
  const refuse = (resetAt: number) => tooManyRequests(secondsUntil(resetAt, now()));

  return {
    async begin(email, source) {
      const accountKey = `auth:login:failures:${email}`;
      const turnKey = `auth:login:turn:${email}`;
      const pairKey = `auth:login:pair:${email}|${source}`;
      const knownKey = `auth:login:known:${email}|${source}`;

      const pair = await store.peek(pairKey);
      if (pair && pair.count >= freeFailures) throw refuse(pair.resetAt);
      const known = (await store.peek(knownKey)) !== null;
      let heldTurn = false;
      if (!known) {
        const failures = await store.peek(accountKey);
        if (failures && failures.count >= freeFailures) {
          const holder = await store.claim(turnKey, Math.max(TURN_HOLD_MS, delayAfter(failures.count)));
          if (holder) throw refuse(holder.resetAt);
          heldTurn = true;
        }
      }
      return {
        async failed() {
          await store.increment(pairKey, windowMs);
          const failures = await store.increment(accountKey, FAILURE_MEMORY_MS, { slide: true });
          // The wait before the account's next attempt from an unknown source starts now.
          if (failures.count >= freeFailures) await store.put(turnKey, delayAfter(failures.count));
        },
        async succeeded(signedIn) {
          await store.delete(pairKey);
          // The owner got in: the next attempt need not wait for this one's hold to run out.
          if (heldTurn) await store.delete(turnKey);
          if (signedIn) await store.put(knownKey, knownMs);
        },
      };
    },
  };
}
