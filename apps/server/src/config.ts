import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const logoList = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON array of { "name", "logo_url" }' });
      return z.NEVER;
    }
  })
  .pipe(z.array(z.object({ name: z.string().min(1), logo_url: z.string().min(1) })));

const logo = z
  .string()
  .transform((raw, ctx) => {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object { "name", "logo_url" }' });
      return z.NEVER;
    }
  })
  .pipe(z.object({ name: z.string().min(1), logo_url: z.string().min(1) }));

/** Every environment variable Verity reads; docs/configuration.md describes each one. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),

  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  SEED_DEMO: bool.optional(),
  DEMO_PASSWORD: z.string().min(12).default('verity-demo-2026'),
  DEMO_ORGANISATION: z.string().min(1).default('Northshire Community Health NHS Trust'),

  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Verity <no-reply@verity.local>'),
  SUPPORT_EMAIL: z.email().default('support@verity.local'),

  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 24),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(14),
  VERIFY_EMAIL_TTL_HOURS: z.coerce.number().int().positive().default(48),
  RESET_PASSWORD_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  REQUIRE_EMAIL_VERIFICATION: bool.default(true),

  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),

  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),

  INGESTION_TOKEN: z.string().min(24, 'must be at least 24 characters (generate one with `openssl rand -base64 32`)').optional(),
  INGEST_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  JOBS_WORKER: bool.default(true),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(2000),
  JOBS_STALE_AFTER_SECONDS: z.coerce.number().int().positive().default(900),
  JOBS_RETRY_BASE_SECONDS: z.coerce.number().int().positive().default(30),
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),

  TRUSTED_BY_LOGOS: logoList.optional(),
  TRUSTED_BY_PROFESSIONAL_LOGOS: logoList.optional(),
  PROFESSIONAL_BODY_LOGO: logo.optional(),

  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

export interface Config extends Env {
  APP_URL: string;
  /** True when demo accounts are seeded: the embedded database, or SEED_DEMO=true. */
  seedDemo: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  return {
    ...value,
    APP_URL: (value.APP_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, ''),
    seedDemo: value.SEED_DEMO ?? value.DATABASE_URL === undefined,
  };
}
