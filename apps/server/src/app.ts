import { existsSync } from 'node:fs';
import type { Http2SecureServer } from 'node:http2';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { ApiErrorBody } from '@verity/shared';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyHttp2SecureOptions,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { type ChatEngine, chatEngineFor } from './ai/engine.ts';
import { type Config, trustProxyOption, webDistDir } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import { closeUntrustedWork, configureUntrustedWork, untrustedSettingsFrom } from './untrusted/pool.ts';
import { registerAuthentication } from './lib/auth.ts';
import { startIdentityCache } from './core/identity/cache.ts';
import { sessionPolicy } from './core/identity/sessions.ts';
import { registerRequestContext } from './lib/request-context.ts';
import { guardRoutes } from './lib/route.ts';
import { AppError } from './lib/errors.ts';
import { createJobSignal, type JobSignal } from './jobs/queue.ts';
import { newId } from './lib/ids.ts';
import type { RateLimitStore } from './lib/rate-limit.ts';
import { createReadLimits } from './lib/read-limits.ts';
import type { Lifecycle } from './route-deps.ts';
import { createDatabaseRateLimitStore } from './lib/rate-limit-database.ts';
import { createFallbackRateLimitStore } from './lib/rate-limit-fallback.ts';
import { createRedisRateLimitStore } from './lib/rate-limit-redis.ts';
import { acceptCheckedJson, rejectInvalidText } from './lib/input.ts';
import { serializeError } from './lib/log.ts';
import { chooseLogFormat, createPrettyLogStream } from './lib/log-format.ts';
import { redactUrl } from './lib/redact.ts';
import type { Mailer } from './mail/mailer.ts';
import { createMailer } from './mail/transport.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { analyticsRoutes } from './modules/analytics/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { ssoRoutes } from './modules/sso/routes.ts';
import { invitationsRoutes } from './modules/invitations/routes.ts';
import { membersRoutes } from './modules/members/routes.ts';
import { joinRoutes } from './modules/join/routes.ts';
import { chatRoutes } from './modules/chat/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { dataLibraryRoutes } from './modules/data-library/routes.ts';
import { documentsRoutes } from './modules/documents/routes.ts';
import { ingestRoutes } from './modules/ingest/routes.ts';
import { platformRoutes } from './modules/platform/routes.ts';
import { reportsRoutes } from './modules/reports/routes.ts';
import { notificationsRoutes } from './modules/notifications/routes.ts';
import { reviewRoutes } from './modules/review/routes.ts';
import { tutorialsRoutes } from './modules/tutorials/routes.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { writeRoutes } from './modules/write/routes.ts';
import { registerRobots } from './robots.ts';
import type { RouteDeps } from './route-deps.ts';
import { routeIndexPages } from './web-app-pages.ts';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** Tests may pass their own; by default SMTP or the outbox, as configured. */
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them to prove no secret is logged). */
  logStream?: { write(line: string): void };
  /** Wakes this process's job worker when a job is enqueued (main.ts shares it with the worker). */
  jobSignal?: JobSignal;
  /** Tests may pass their own (e.g. in memory with a fake clock); by default Redis with REDIS_URL, else the database. */
  rateLimitStore?: RateLimitStore;
  /** Reads in flight by user id, for the limits on expensive reads; tests pass their own to stand for requests already running. */
  readsInFlight?: Map<string, number>;
  /** What answers chat questions; by default the engine the AI_* settings select (tests pass their own). */
  chatEngine?: ChatEngine;
  /** main.ts sets `draining` on SIGTERM, before it stops taking requests. */
  lifecycle?: Lifecycle;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = createServer(config, deps.logStream);
  const rateLimitStore = deps.rateLimitStore ?? defaultRateLimitStore(config, database, app.log);
  const mailer = deps.mailer ?? createMailer({ config, db: database.db, log: app.log });
  // Uploaded files, transcripts and policies are read in worker threads with the configured limits (untrusted/pool.ts).
  configureUntrustedWork(untrustedSettingsFrom(config), app.log);
  const routeDeps: RouteDeps = {
    config,
    db: database.db,
    database,
    mailer,
    rateLimitStore,
    readLimits: createReadLimits({ store: rateLimitStore, config, ...(deps.readsInFlight ? { inFlight: deps.readsInFlight } : {}) }),
    jobSignal: deps.jobSignal ?? createJobSignal(),
    chatEngine: deps.chatEngine ?? chatEngineFor(config),
    lifecycle: deps.lifecycle ?? { draining: false },
  };

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        // PostHog, when configured, is reached from the browser once analytics cookies are accepted.
        'connect-src': ["'self'", ...(config.POSTHOG_KEY ? [new URL(config.POSTHOG_HOST).origin] : [])],
        // Session recording compresses in a worker made from a blob.
        'worker-src': ["'self'", 'blob:'],
        'font-src': ["'self'", 'data:'],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: config.UPLOAD_MAX_BYTES, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 25 },
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are per user and session: no browser or proxy may keep them, unless a route
    // chose its own caching (a photo's capability URL).
    if (/^\/api(?:[/?]|$)/.test(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  // Before any route is registered: a plugin context copies the error handler it is created with.
  app.setErrorHandler((error: FastifyError, request, reply) => sendError(error, request, reply));
  app.addHook('preHandler', async (request) => {
    reachedHandler.add(request);
  });
  // Bodies nested too deeply are refused before JSON.parse; NUL characters, unpaired surrogates and
  // deep nesting in params, query and parsed bodies before any schema or handler sees them.
  acceptCheckedJson(app);
  app.addHook('preValidation', async (request) => rejectInvalidText(request));
  // Routes come from the endpoint descriptors only: anything else under /api stops the start.
  guardRoutes(app);
  app.decorate('ingestionToken', config.INGESTION_TOKEN);
  // Before authentication, so it, the handler and the events they record know the request's address.
  registerRequestContext(app);
  registerAuthentication(app, { db: database.db, policy: sessionPolicy(config) });
  const identityCache = await startIdentityCache({
    database,
    ttlSeconds: config.SESSION_CACHE_SECONDS,
    warn: (message) => app.log.warn(message),
  });

  await app.register(
    async (api) => {
      await platformRoutes(api, routeDeps);
      await authRoutes(api, routeDeps);
      await ssoRoutes(api, routeDeps);
      await invitationsRoutes(api, routeDeps);
      await membersRoutes(api, routeDeps);
      await joinRoutes(api, routeDeps);
      await accountRoutes(api, routeDeps);
      await notificationsRoutes(api, routeDeps);
      await analyticsRoutes(api, routeDeps);
      await documentsRoutes(api, routeDeps);
      await chatRoutes(api, routeDeps);
      await ingestRoutes(api, routeDeps);
      await writeRoutes(api, routeDeps);
      await reviewRoutes(api, routeDeps);
      await dashboardRoutes(api, routeDeps);
      await reportsRoutes(api, routeDeps);
      await dataLibraryRoutes(api, routeDeps);
      await tutorialsRoutes(api, routeDeps);
      await adminRoutes(api, routeDeps);
    },
    { prefix: '/api' },
  );

  registerRobots(app);
  registerWebApp(app, webDistDir(config));
  app.addHook('onClose', async () => {
    await identityCache.close();
    await mailer.close();
    await closeUntrustedWork();
    // A store passed in belongs to the caller.
    if (!deps.rateLimitStore) await rateLimitStore.close?.();
  });
  return app;
}

/** The Fastify instance: ids, limits, logging, and HTTPS with HTTP/2 when configured. */
function createServer(config: Config, logStream: AppDeps['logStream']): FastifyInstance {
  const options = {
    genReqId: () => newId(),
    requestIdHeader: false,
    // File names travel in paths (/api/docs/newest-document-by-filename/{name}): room for any real one
    // (255 characters, percent-encoded), while longer segments still get a 414.
    routerOptions: { maxParamLength: 1024 },
    // The router's own refusals (an over-long or malformed path) answer in the API's error shape too.
    frameworkErrors: (error, request, reply) => sendRouterError(error, request, reply),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            ...logDestination(config, logStream),
            // Plugins may log request headers (the multipart parser does at trace level): never the credentials.
            redact: {
              paths: ['*.headers["auth-token"]', '*.headers.authorization', '*.headers.cookie', '*.headers.token'],
              censor: '[redacted]',
            },
            serializers: {
              req: (req: FastifyRequest) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
              // Query parameters, database messages and attached request data are what users typed.
              err: serializeError,
            },
          },
  } satisfies FastifyServerOptions;
  // With TLS_CERT_FILE and TLS_KEY_FILE the server speaks HTTPS itself: HTTP/2, so a page's many
  // small scripts share one connection instead of queueing for six, and HTTP/1.1 for clients
  // without it. Requests and replies keep their API (Node's HTTP/2 compatibility layer), hence the casts.
  const secure =
    config.tls &&
    ({ ...options, http2: true, https: { allowHTTP1: true, ...config.tls } } as unknown as FastifyHttp2SecureOptions<Http2SecureServer>);
  return (secure ? Fastify(secure) : Fastify(options)) as unknown as FastifyInstance;
}

/**
 * Where pino writes: a stream the caller passed (tests read the JSON lines), readable lines on a
 * terminal or with LOG_FORMAT=pretty, else pino's own JSON lines on standard output.
 */
function logDestination(config: Config, stream: AppDeps['logStream']): { stream?: { write(line: string): void } } {
  if (stream) return { stream };
  if (chooseLogFormat(config.LOG_FORMAT, process.stdout.isTTY === true) === 'pretty')
    return { stream: createPrettyLogStream(process.stdout) };
  return {};
}

/** With REDIS_URL, counters live in Redis while it answers and in the database while it does not. */
function defaultRateLimitStore(config: Config, database: DatabaseHandle, log: FastifyBaseLogger): RateLimitStore {
  const inDatabase = createDatabaseRateLimitStore({ db: database.db });
  if (!config.REDIS_URL) return inDatabase;
  return createFallbackRateLimitStore({
    primary: createRedisRateLimitStore({ url: config.REDIS_URL }),
    fallback: inDatabase,
    log,
    name: 'Redis',
  });
}

/** Requests whose body was read and accepted: errors after that point are ours. */
const reachedHandler = new WeakSet<FastifyRequest>();

/** Errors the router raises before any route or hook runs; their own messages would echo the path. */
function sendRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known: Record<string, [number, string]> = {
    FST_ERR_MAX_PARAM_LENGTH: [414, 'The address is too long: one part of it is longer than the server accepts.'],
    FST_ERR_BAD_URL: [400, 'The address is not valid: it contains a character that cannot be decoded.'],
  };
  const refusal = known[error.code];
  if (!refusal) return sendError(error, request, reply);
  const body: ApiErrorBody = { message: refusal[1], request_id: request.id };
  // Sent outside the routes' context, so the onSend hooks that add these do not run.
  reply.header('x-request-id', request.id).header('cache-control', 'no-store');
  return reply.status(refusal[0]).type('application/json').send(body);
}

function sendError(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const body: ApiErrorBody = { message: error.message, request_id: request.id };
  let status = 500;
  if (error instanceof AppError) {
    status = error.status;
    if (error.errorCode !== undefined) body.error_code = error.errorCode;
    if (error.errorTitle) body.error_title = error.errorTitle;
    if (error.detail) body.detail = error.detail;
    if (error.headers) reply.headers(error.headers);
  } else if (!error.statusCode && request.isMultipart() && !reachedHandler.has(request)) {
    // Busboy reports a malformed multipart body (no boundary, truncated parts) as a plain Error
    // while the body is read, before any handler runs: the client's fault, not ours.
    status = 400;
    body.message = 'The upload could not be read. Please try again.';
  } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Fastify's own client errors (bad JSON, unsupported media type, multipart limits) keep their status.
    status = error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' ? 413 : error.statusCode;
    if (status === 413) body.message = 'The upload is larger than the allowed size.';
    if (status === 429) body.message = "You've made too many requests. Please wait a moment before trying again.";
  }
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    body.message = 'Something went wrong on our end. Please try again later.';
  }
  return reply.status(status).type('application/json').send(body);
}

/**
 * The built SPA at every non-API path; unknown API paths stay JSON 404s, and so does a missing
 * build file under /assets/: a page from another build (open across a deployment) asks for
 * scripts and styles by names this one lacks, and a 404 lets it fail as a failed load (the app
 * shows its "could not load" page) instead of receiving index.html as a script it cannot run.
 */
function registerWebApp(app: FastifyInstance, distDir: string): void {
  const hasWeb = existsSync(`${distDir}/index.html`);
  const pageFor = hasWeb ? routeIndexPages(distDir) : null;
  if (hasWeb) {
    app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // The build writes .br and .gz copies of the hashed assets (scripts/compress-assets.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const notApp = path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/');
    if (notApp || !hasWeb || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const body: ApiErrorBody = { message: `No route for ${request.method} ${path}`, request_id: request.id };
      return reply.status(404).send(body);
    }
    const page = request.method === 'GET' ? pageFor?.(path) : null;
    if (page) return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
