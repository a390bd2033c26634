import { z } from 'zod';
import { FEATURE_FLAGS, type FeatureFlag } from '../flags.ts';

/** A partner or professional-body logo for the 'Trusted by' strip on the auth pages. */
export const trustedLogoSchema = z.object({ name: z.string(), logo_url: z.string() });
export type TrustedLogo = z.infer<typeof trustedLogoSchema>;

/** Where PostHog is reached when an installation configures it (POSTHOG_KEY): the project key is public by design. */
export const postHogSettingsSchema = z.object({ key: z.string(), host: z.string() });
export type PostHogSettings = z.infer<typeof postHogSettingsSchema>;

/** GET /api/app-config (public). */
export const appConfigSchema = z.object({
  product_name: z.string(),
  version: z.string(),
  support_email: z.string(),
  trusted_by: z.array(trustedLogoSchema),
  trusted_by_professional: z.array(trustedLogoSchema),
  professional_body_logo: trustedLogoSchema.nullable(),
  microsoft_sso_enabled: z.boolean(),
  /** The community forum (FORUM_URL) when Verity is its sign-in (DiscourseConnect); null without one. */
  forum_url: z.string().nullable(),
  /**
   * Whether a session-recording (replay) service is configured. The cookie banner asks about
   * recordings only when one is; without one it only says that essential cookies are used.
   */
  session_recording_enabled: z.boolean(),
  /** PostHog, when configured: loaded in the browser only after analytics cookies are accepted. */
  posthog: postHogSettingsSchema.nullable(),
  /** Largest accepted profile photo in bytes (the server's IMAGE_MAX_BYTES), so the web can refuse a bigger file before uploading it. */
  image_max_bytes: z.number().int(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/** Every feature flag's value for one caller. */
export const flagValuesSchema = z.object(
  Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean()])) as Record<FeatureFlag, z.ZodBoolean>,
);

/** GET /api/flags (token optional): every feature flag's value, for the caller's organisation and roles when signed in. */
export const flagsResponseSchema = z.object({ flags: flagValuesSchema });
export type FlagsResponse = z.infer<typeof flagsResponseSchema>;

/**
 * GET /api/health: 200 when the database answers, 503 (same shape) when it does not. A configured
 * Redis that does not answer makes the status 'degraded' but the answer stays 200: rate limits are
 * then counted in the database, so the server still serves every request.
 */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'unavailable']),
  /** The embedded database (PGlite) or a PostgreSQL server. */
  database_kind: z.enum(['pglite', 'postgres']),
  /** The Redis that holds the rate-limit counters (REDIS_URL); 'not_configured' without one. */
  redis: z.enum(['ok', 'unreachable', 'not_configured']),
  version: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** GET /api/ready: whether a load balancer should send this process requests (503 while it drains before stopping, or while its database does not answer). */
export const readinessSchema = z.object({ status: z.enum(['ready', 'draining', 'unavailable']) });
export type Readiness = z.infer<typeof readinessSchema>;
