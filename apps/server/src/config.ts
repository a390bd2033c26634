import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';
import { fileURLToPath } from 'node:url';
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

const ADDRESS_OR_CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}|[0-9a-f:.]*:[0-9a-f:.]*)(?:\/\d{1,3})?$/i;

/**
 * Which proxies' X-Forwarded-For entries to believe: a hop count or a list of proxy addresses or
 * CIDRs (Fastify's trustProxy). "true" (trust every hop) would let any client choose its address
 * by sending the header itself, and with it its rate-limit allowance, so it is refused.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (value === 'true' || value === 'yes') {
    ctx.addIssue({
      code: 'custom',
      message:
        'no longer accepts true, which would let any client choose its own address with an X-Forwarded-For header: give the number of proxies in front of Verity (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(value)) return Number(value);
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const bad = list.filter((part) => !ADDRESS_OR_CIDR.test(part));
  if (list.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (not ${bad.join(', ') || 'empty'})`,
    });
    return z.NEVER;
  }
  return list;
});

/**
 * TRUST_PROXY as Fastify's trustProxy. Fastify ignores a bare hop count, so a count becomes
 * proxy-addr's rule: trust the nearest `hops` addresses (the socket peer first), so the client is
 * the address the outermost of our proxies appended, whatever the client itself wrote further left.
 */
export function trustProxyOption(value: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

const AI_PROVIDERS = ['openai', 'azure', 'anthropic', 'openai-compatible'] as const;
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

/** Single sign-on settings come in sets: half a set would fail only when someone tries to sign in. */
function checkSsoSettings(
  value: {
    MICROSOFT_TENANT_ID?: string;
    MICROSOFT_CLIENT_ID?: string;
    MICROSOFT_CLIENT_SECRET?: string;
    MICROSOFT_AUTHORITY_URL?: string;
    DISCOURSE_CONNECT_SECRET?: string;
    FORUM_URL?: string;
  },
  ctx: z.RefinementCtx,
): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const microsoft = ['MICROSOFT_TENANT_ID', 'MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'] as const;
  if (microsoft.some((name) => value[name] !== undefined) || value.MICROSOFT_AUTHORITY_URL !== undefined) {
    for (const name of microsoft) {
      if (value[name] === undefined)
        issue(name, `is required for Microsoft sign-in (set ${microsoft.join(', ')} together, or none of them)`);
    }
  }
  if ((value.DISCOURSE_CONNECT_SECRET === undefined) !== (value.FORUM_URL === undefined)) {
    issue(
      value.FORUM_URL === undefined ? 'FORUM_URL' : 'DISCOURSE_CONNECT_SECRET',
      'is required with the other forum setting (set DISCOURSE_CONNECT_SECRET and FORUM_URL together)',
    );
  }
}

/** Every environment variable Verity reads; docs/configuration.md describes each one. */
const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Unset: 127.0.0.1 while demo accounts exist (they have a published password), else 0.0.0.0. */
  HOST: z.string().trim().min(1).optional(),
  ALLOW_DEMO_ON_NETWORK: bool.default(false),
  APP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `auto`: readable lines on a terminal, JSON lines otherwise (lib/log-format.ts). */
  LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
  TRUST_PROXY: trustProxy.default(false),
  /** On SIGTERM, /api/ready answers 503 for this long while requests in hand finish, before the server closes. */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).default(0),
  /** Set: rate-limit counters live in this Redis server instead of the database. */
  REDIS_URL: z.url({ error: 'must be a URL such as redis://127.0.0.1:6379' }).optional(),

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
  /** Longest a process serves a session, its roles and the flags from memory (changes are announced; this bounds a lost one); 0 reads them on every request. */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  VERIFY_EMAIL_TTL_HOURS: z.coerce.number().int().positive().default(48),
  RESET_PASSWORD_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  REQUIRE_EMAIL_VERIFICATION: bool.default(true),
  /** How long an invitation link works; re-sending starts the period again. */
  INVITATION_TTL_DAYS: z.coerce.number().int().positive().max(90).default(7),
  /** Invitations a champion may create or re-send per hour. */
  INVITATION_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(50),

  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(20),
  AUTH_RATE_LIMIT_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  AUTH_LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().positive().default(900),
  AUTH_KNOWN_SOURCE_DAYS: z.coerce.number().int().positive().default(30),
  READ_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(120),
  READ_CONCURRENCY_PER_USER: z.coerce.number().int().positive().default(4),
  /** Search answers each process keeps in memory (used while the library is unchanged); 0 keeps none. */
  SEARCH_CACHE_ENTRIES: z.coerce.number().int().min(0).max(100_000).default(2000),
  DOCUMENT_MAX_ELEMENTS: z.coerce.number().int().positive().default(20_000),
  CHAT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  CHAT_ATTACHMENT_MAX_BYTES: z.coerce.number().int().positive().default(CHAT_ATTACHMENT_DEFAULT_MAX_BYTES),
  CHAT_ATTACHMENT_MAX_CHARACTERS: z.coerce.number().int().positive().default(600_000),

  /** The writing assistant: the largest transcript file, its text and its speakers, and documents a user may start an hour. */
  WRITE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  WRITE_MAX_CHARACTERS: z.coerce.number().int().positive().default(200_000),
  WRITE_MAX_SPEAKERS: z.coerce.number().int().positive().default(60),
  WRITE_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),

  /** The policy review assistant: the largest policy file, its text, and reviews a user may start an hour. */
  REVIEW_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 * 1024),
  REVIEW_MAX_CHARACTERS: z.coerce.number().int().positive().default(400_000),
  REVIEW_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(30),

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

  /** Untrusted files (attachments, ingestion uploads, `npm run ingest`) are parsed in worker threads within these limits. */
  PARSE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  PARSE_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  PARSE_MAX_UNZIPPED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024 * 1024),
  PARSE_MAX_COMPRESSION_RATIO: z.coerce.number().positive().default(100),
  PARSE_MAX_INFLATED_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 * 1024),
  PARSE_MAX_ZIP_ENTRIES: z.coerce.number().int().positive().default(5000),
  PARSE_MAX_PAGES: z.coerce.number().int().positive().default(2000),
  PARSE_MAX_ELEMENTS: z.coerce.number().int().positive().default(20_000),
  PARSE_MAX_CHARACTERS: z.coerce.number().int().positive().default(10_000_000),

  /** A PostHog project's API key (public by design): with it, the web offers analytics cookies and loads PostHog once accepted. */
  POSTHOG_KEY: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,200}$/, 'POSTHOG_KEY is a PostHog project API key, such as phc_…')
    .optional(),
  POSTHOG_HOST: z.url().default('https://eu.i.posthog.com'),

  TRUSTED_BY_LOGOS: logoList.optional(),
  TRUSTED_BY_PROFESSIONAL_LOGOS: logoList.optional(),
  PROFESSIONAL_BODY_LOGO: logo.optional(),

  /** Microsoft Entra ID sign-in: the tenant (a GUID, a verified domain, or "organizations" for any work account) and the app registration. */
  MICROSOFT_TENANT_ID: z
    .string()
    .trim()
    .refine((value) => !['common', 'consumers'].includes(value.toLowerCase()), {
      message:
        'must be your tenant id or "organizations": "common" and "consumers" admit personal Microsoft accounts, which belong to no organisation',
    })
    .optional(),
  MICROSOFT_CLIENT_ID: z.string().trim().min(1).optional(),
  /** A secret: never logged or sent to the browser. */
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  /** The OpenID issuer; unset: https://login.microsoftonline.com/<MICROSOFT_TENANT_ID>/v2.0. For national clouds and tests. */
  MICROSOFT_AUTHORITY_URL: z.url({ error: 'must be a URL such as https://login.microsoftonline.us/<tenant>/v2.0' }).optional(),

  /** Verity as the community forum's DiscourseConnect provider: the forum's discourse_connect_secret, and its address. */
  DISCOURSE_CONNECT_SECRET: z
    .string()
    .min(16, "must be at least 16 characters (the same as the forum's discourse_connect_secret)")
    .optional(),
  FORUM_URL: z.url({ error: "must be the forum's address, such as https://forum.example.org" }).optional(),

  WEB_DIST_DIR: z.string().optional(),
  /** PEM files: with both, the server speaks HTTPS itself, HTTP/2 with HTTP/1.1 for older clients (app.ts, createServer). */
  TLS_CERT_FILE: z.string().trim().min(1).optional(),
  TLS_KEY_FILE: z.string().trim().min(1).optional(),
  /** auto: the seed step pictures the real pages for the tutorials when the demo exists and Chromium is found; off: never. */
  TUTORIAL_SCREENSHOTS: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
  /** The Chromium the tutorial screenshots are taken with (Debian: apt-get install -y chromium). */
  CHROMIUM_PATH: z.string().trim().min(1).default('/usr/bin/chromium'),
});

type Env = z.infer<typeof schema>;

export interface Config extends Env {
  APP_URL: string;
  /** The interface to listen on; main.ts may still narrow it to loopback (see listenHost). */
  HOST: string;
  /** Whether HOST was given, rather than chosen by default. */
  hostSet: boolean;
  /** True when demo accounts are seeded: the embedded database outside production, or SEED_DEMO=true. */
  seedDemo: boolean;
  /** The certificate and key the server serves HTTPS with (TLS_CERT_FILE, TLS_KEY_FILE), read at start; null for plain HTTP. */
  tls: ServerTls | null;
}

export interface ServerTls {
  cert: Buffer;
  key: Buffer;
}

export class ConfigError extends Error {}

/** Whether Microsoft Entra ID sign-in is configured (the three settings come together; loadConfig checks that). */
export function microsoftEnabled(config: Pick<Config, 'MICROSOFT_TENANT_ID' | 'MICROSOFT_CLIENT_ID' | 'MICROSOFT_CLIENT_SECRET'>): boolean {
  return Boolean(config.MICROSOFT_TENANT_ID && config.MICROSOFT_CLIENT_ID && config.MICROSOFT_CLIENT_SECRET);
}

/** Whether Verity is the community forum's sign-in (DiscourseConnect): its secret and address are both set. */
export function forumEnabled(config: Pick<Config, 'DISCOURSE_CONNECT_SECRET' | 'FORUM_URL'>): boolean {
  return Boolean(config.DISCOURSE_CONNECT_SECRET && config.FORUM_URL);
}

/** Where the built web app this server serves is (WEB_DIST_DIR, or the workspace's apps/web/dist). */
export function webDistDir(config: Pick<Config, 'WEB_DIST_DIR'>): string {
  return config.WEB_DIST_DIR ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.superRefine(checkAiSettings).superRefine(checkSsoSettings).safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const value = parsed.data;
  if (value.PARSE_MAX_ELEMENTS > value.DOCUMENT_MAX_ELEMENTS) {
    throw new ConfigError(
      `PARSE_MAX_ELEMENTS (${value.PARSE_MAX_ELEMENTS}) is above DOCUMENT_MAX_ELEMENTS (${value.DOCUMENT_MAX_ELEMENTS}): ` +
        'documents could be ingested that the library then refuses to show. Raise DOCUMENT_MAX_ELEMENTS or lower PARSE_MAX_ELEMENTS.',
    );
  }
  if (value.SEED_DEMO === true && value.NODE_ENV === 'production') {
    throw new ConfigError(
      'SEED_DEMO=true cannot be used with NODE_ENV=production: the demo accounts, an administrator among them, have a published password. ' +
        'Create real accounts with `npm run create-admin` instead.',
    );
  }
  const seedDemo = value.SEED_DEMO ?? (value.DATABASE_URL === undefined && value.NODE_ENV !== 'production');
  const tls = readTls(value);
  const config: Config = {
    ...value,
    APP_URL: (value.APP_URL ?? `${tls ? 'https' : 'http'}://localhost:${value.PORT}`).replace(/\/+$/, ''),
    HOST: value.HOST ?? (seedDemo ? LOOPBACK : ALL_INTERFACES),
    hostSet: value.HOST !== undefined,
    seedDemo,
    tls,
  };
  // Refused before the database is opened, so nothing is seeded for a server that will not start.
  listenHost(config, seedDemo);
  return config;
}

/** The two PEM files, read now so that a wrong path or a key that does not fit stops the start with a sentence. */
function readTls(value: Pick<Env, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>): ServerTls | null {
  const { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile } = value;
  if (!certFile && !keyFile) return null;
  if (!certFile || !keyFile) {
    throw new ConfigError(
      `${certFile ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'} is set without ${certFile ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'}: HTTPS needs both the certificate and its private key (PEM files), or neither for plain HTTP.`,
    );
  }
  const read = (name: string, file: string) => {
    try {
      return readFileSync(file);
    } catch (error) {
      throw new ConfigError(`${name}=${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'}).`);
    }
  };
  const tls = { cert: read('TLS_CERT_FILE', certFile), key: read('TLS_KEY_FILE', keyFile) };
  try {
    createSecureContext(tls);
  } catch (error) {
    throw new ConfigError(
      `TLS_CERT_FILE and TLS_KEY_FILE are not a PEM certificate and its private key (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  return tls;
}

const LOOPBACK = '127.0.0.1';
const ALL_INTERFACES = '0.0.0.0';

/** Whether only this machine can reach an interface (any name or address other than these may face the network). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * Where the server listens, given whether demo accounts (published password, an administrator
 * among them) exist — seeded now or left in the database by an earlier start. With them, an unset
 * HOST means loopback, and a network interface needs ALLOW_DEMO_ON_NETWORK=true (then `warning`
 * is printed at start); without that, a ConfigError explains the choices.
 */
export function listenHost(
  config: Pick<Config, 'HOST' | 'hostSet' | 'ALLOW_DEMO_ON_NETWORK'>,
  demoAccounts: boolean,
): { host: string; warning?: string } {
  if (!demoAccounts) return { host: config.HOST };
  const host = config.hostSet ? config.HOST : LOOPBACK;
  if (isLoopbackHost(host)) return { host };
  if (!config.ALLOW_DEMO_ON_NETWORK) {
    throw new ConfigError(
      `HOST=${host} would expose the demo accounts, an administrator among them with a published password, to the network. ` +
        'Leave HOST unset (or set HOST=127.0.0.1) to listen on this machine only, set SEED_DEMO=false and disable the demo accounts, ' +
        'or set ALLOW_DEMO_ON_NETWORK=true if they really should be reachable.',
    );
  }
  return {
    host,
    warning: `WARNING: the demo accounts, an administrator among them with a published password, are reachable from the network on ${host} (ALLOW_DEMO_ON_NETWORK=true).`,
  };
}
