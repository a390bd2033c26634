import { CHAT_ATTACHMENT_DEFAULT_MAX_BYTES } from '@verity/shared';
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

export const AI_PROVIDERS = ['openai', 'azure', 'anthropic', 'openai-compatible'] as const;
export type AiProvider = (typeof AI_PROVIDERS)[number];

/** The AI_* settings that only make sense together, so a half-configured provider stops the server at start-up. */
function checkAiSettings(
  value: { AI_PROVIDER?: AiProvider; AI_MODEL?: string; AI_BASE_URL?: string; AI_API_KEY?: string; AI_EMBEDDING_MODEL?: string },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const provider = value.AI_PROVIDER;
  if (!provider) {
    for (const name of ['AI_MODEL', 'AI_BASE_URL', 'AI_API_KEY', 'AI_EMBEDDING_MODEL'] as const) {
      if (value[name] !== undefined)
        issue(name, 'is set but AI_PROVIDER is not: set AI_PROVIDER too, or unset it to use the built-in engine');
    }
    return;
  }
  if (!value.AI_MODEL)
    issue('AI_MODEL', `is required with AI_PROVIDER=${provider} (the model${provider === 'azure' ? ' deployment' : ''} name)`);
  if (provider !== 'openai-compatible' && !value.AI_API_KEY) issue('AI_API_KEY', `is required with AI_PROVIDER=${provider}`);
  if ((provider === 'azure' || provider === 'openai-compatible') && !value.AI_BASE_URL) {
    issue('AI_BASE_URL', `is required with AI_PROVIDER=${provider}`);
  }
  if (provider === 'anthropic' && value.AI_EMBEDDING_MODEL !== undefined) {
    issue('AI_EMBEDDING_MODEL', 'cannot be used with AI_PROVIDER=anthropic, which offers no embeddings: unset it (search stays lexical)');
  }
}

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
  CHAT_ATTACHMENT_MAX_BYTES: z.coerce.number().int().positive().default(CHAT_ATTACHMENT_DEFAULT_MAX_BYTES),

  /** Unset: the built-in offline engine answers chat questions (docs/configuration.md, "AI provider"). */
  AI_PROVIDER: z.enum(AI_PROVIDERS, { error: `must be one of ${AI_PROVIDERS.join(', ')}` }).optional(),
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_BASE_URL: z.url({ error: 'must be a URL such as https://api.example.org/v1' }).optional(),
  /** A secret: never logged or sent to the browser. */
  AI_API_KEY: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  AI_MAX_CONTEXT_TOKENS: z.coerce.number().int().min(2000).default(16_000),
  /** Set: the library is embedded with this model and chat ranks documents by fusing lexical and semantic rankings. */
  AI_EMBEDDING_MODEL: z.string().trim().min(1).optional(),

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
  const parsed = schema.superRefine(checkAiSettings).safeParse(cleaned);
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
