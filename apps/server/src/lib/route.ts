import { timingSafeEqual } from 'node:crypto';
import {
  type Access,
  type ApiErrorBody,
  ERROR_CODES,
  type EndpointDefinition,
  type EndpointResult,
  rolesAllow,
  INGESTION_TOKEN_HEADER,
  type Produces,
} from '@verity/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler, preParsingAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../core/identity/sessions.ts';
import { type AppError, forbidden, unauthorised } from './errors.ts';
import { sha256 } from './ids.ts';
import { acceptMultipart, formFile, readForm } from './uploads.ts';
import { parseWith } from './validate.ts';

/**
 * Routes are registered from the shared endpoint descriptors, and only that way: the descriptor
 * says who may call (checked here before the body is read), what the path parameters, query and
 * body look like (parsed here, a 422 naming each bad field) and what the answer is (shaped here:
 * fields the contract does not name are dropped, and an answer that breaks it is our error).
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The descriptor a route was registered from (absent on no API route). */
    endpoint?: EndpointDefinition;
  }
  interface FastifyInstance {
    /** What `ingestion-token` endpoints check the `token` header against; unset turns the ingestion API off. */
    ingestionToken: string | undefined;
    /** The ids of the endpoints registered so far. */
    registeredEndpoints: ReadonlySet<string>;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface HandlerContext<E extends EndpointDefinition> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The caller's session: always present when the endpoint requires one. */
  auth: E['access'] extends { readonly kind: 'session' } ? AuthContext : AuthContext | null;
  params: Out<E['params']>;
  query: Out<E['query']>;
  /** The parsed body; undefined when the handler reads an upload itself (`readsBody`). */
  body: Out<E['body']>;
}

export interface RouteSpec<E extends EndpointDefinition> {
  /**
   * Returns the success body (shaped by the descriptor's schema), undefined for a 204, or the
   * reply when it sent the answer itself (a file, an event stream).
   */
  handler(context: HandlerContext<E>): Promise<EndpointResult<E> | FastifyReply>;
  /**
   * The handler reads the multipart upload itself (it needs the file name and a size limit of its
   * own); the descriptor's body schema still documents the form, and the handler validates its fields.
   */
  readsBody?: boolean;
  /** Route hooks run after the access check, in Fastify's order. */
  preParsing?: preParsingAsyncHookHandler;
  preHandler?: preHandlerAsyncHookHandler;
  /** Route config, e.g. the multipart plugin's per-route options. */
  config?: Record<string, unknown>;
  /** The largest body this route reads, when it is not the app's default. */
  bodyLimit?: number;
}

/** Registers one endpoint on `app` (the /api scope or a scope inside it). */
export function route<E extends EndpointDefinition>(app: FastifyInstance, endpoint: E, spec: RouteSpec<E>): void {
  const readBody = endpoint.body !== undefined && !spec.readsBody;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { ...spec.config, endpoint },
    ...(spec.bodyLimit === undefined ? {} : { bodyLimit: spec.bodyLimit }),
    onRequest: async (request, reply) => checkAccess(request, reply, endpoint.access),
    ...(spec.preParsing ? { preParsing: spec.preParsing } : {}),
    ...(spec.preHandler ? { preHandler: spec.preHandler } : {}),
    handler: async (request, reply) => {
      const context = {
        request,
        reply,
        auth: request.auth,
        params: endpoint.params ? parseWith(endpoint.params, request.params, 'params') : undefined,
        query: endpoint.query ? parseWith(endpoint.query, request.query, 'query') : undefined,
        body: readBody && endpoint.body ? parseWith(endpoint.body, request.body, 'body') : undefined,
      } as HandlerContext<E>;
      const result = await spec.handler(context);
      if (result === reply || reply.sent) return reply;
      return answer(endpoint, reply, result);
    },
  });
}

/** Sends the handler's result with the status and shape the descriptor declares. */
function answer(endpoint: EndpointDefinition, reply: FastifyReply, result: unknown): FastifyReply {
  if (result === undefined) {
    const empty =
      endpoint.response.kind === 'empty'
        ? endpoint.status
        : endpoint.alternatives?.find((alternative) => alternative.response.kind === 'empty')?.status;
    if (empty === undefined) throw new Error(`${endpoint.id}: the handler returned no answer`);
    return reply.status(empty).send();
  }
  // A handler that chose an alternative status (a 503 health answer) set it on the reply.
  const status = reply.statusCode !== 200 ? reply.statusCode : endpoint.status;
  const produces: Produces | undefined =
    status === endpoint.status ? endpoint.response : endpoint.alternatives?.find((alternative) => alternative.status === status)?.response;
  if (produces?.kind !== 'json') throw new Error(`${endpoint.id}: no JSON answer with status ${status} in its contract`);
  const shaped = produces.schema.safeParse(result);
  if (!shaped.success) {
    const fields = shaped.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ');
    throw new Error(`${endpoint.id}: the answer does not match its contract (${fields})`);
  }
  return reply.status(status).send(shaped.data);
}

/** The session a route's access check guaranteed; for hooks that run after it. */
export function sessionOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorised();
  return request.auth;
}

async function checkAccess(request: FastifyRequest, reply: FastifyReply, access: Access): Promise<FastifyReply | undefined> {
  switch (access.kind) {
    case 'public':
      return undefined;
    case 'session': {
      const auth = sessionOf(request);
      if (!rolesAllow(access, auth.roles)) throw forbidden();
      return undefined;
    }
    case 'ingestion-token': {
      const expected = request.server.ingestionToken;
      if (!expected) {
        // Answered here: the shared error handler words every 5xx as our fault, and this one needs its reason.
        const entry = ERROR_CODES.serviceUnavailable;
        const body: ApiErrorBody = {
          error_code: entry.code,
          error_title: entry.title,
          message: 'The ingestion API is not configured on this server (INGESTION_TOKEN is not set).',
          request_id: request.id,
        };
        return reply.status(503).send(body);
      }
      const header = request.headers[INGESTION_TOKEN_HEADER];
      const presented = Array.isArray(header) ? header[0] : header;
      if (!presented || !tokenMatches(presented, expected)) throw unauthorised('A valid ingestion token is required in the token header.');
      return undefined;
    }
  }
}

/** Constant-time comparison (of hashes, so the lengths always match). */
export function tokenMatches(presented: string, expected: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(presented), 'hex'), Buffer.from(sha256(expected), 'hex'));
}

/**
 * Default deny: an /api route added any other way than `route()` stops the server from starting,
 * so no route can exist without a declared access rule. The endpoints registered are recorded for
 * the contract test (every descriptor has a route and every route a descriptor).
 */
export function guardRoutes(app: FastifyInstance): void {
  const registered = new Set<string>();
  app.decorate('registeredEndpoints', registered);
  app.addHook('onRoute', (options) => {
    const url = options.url ?? '';
    if (!url.startsWith('/api/') && url !== '/api') return;
    const endpoint = options.config?.endpoint;
    if (!endpoint) throw new Error(`${String(options.method)} ${url} has no endpoint descriptor: register API routes with route()`);
    registered.add(endpoint.id);
  });
}

/** The one file of an upload: its contents and its cleaned name. */
export interface UploadedFile {
  file: File;
  filename: string;
}

export interface UploadRouteSpec<E extends EndpointDefinition> extends Omit<RouteSpec<E>, 'handler' | 'readsBody' | 'bodyLimit'> {
  upload: {
    /** The largest file accepted; the body may be this plus room for the form around it. */
    maxBytes: number;
    /** The refusal of a file (or a body) over the limit. */
    tooLarge: () => AppError;
    /** Beyond the file: the largest text field (a pasted transcript), when it may be larger than the file. */
    maxFieldBytes?: number;
    /** The message for a body that is not multipart/form-data. */
    notMultipart: string;
    /** The form may come without a file (a pasted transcript instead); by default one is required. */
    fileOptional?: boolean;
  };
  handler(context: HandlerContext<E> & { upload: UploadedFile | null }): Promise<EndpointResult<E> | FastifyReply>;
}

// Room for the form's other fields and the multipart framing on top of the file.
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Registers an upload endpoint (a multipart/form-data descriptor) in a scope of its own that reads
 * the form itself, bounded by the file limit: the `file` part is checked (one file, within the
 * limit, a usable name) and every other part read as text (repeated parts as a list), then the
 * whole form is parsed with the descriptor's body schema like any JSON body. The handler gets the
 * parsed body and the file with its cleaned name (null when the form has none and the schema
 * allows that).
 */
export async function uploadRoute<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  spec: UploadRouteSpec<E>,
): Promise<void> {
  const { upload, handler, ...rest } = spec;
  if (endpoint.bodyEncoding !== 'multipart' || endpoint.body === undefined) throw new Error(`${endpoint.id}: not a multipart endpoint`);
  const schema = endpoint.body;
  await app.register(async (scope) => {
    acceptMultipart(scope, Math.max(upload.maxBytes, upload.maxFieldBytes ?? 0) + FORM_OVERHEAD_BYTES, upload.tooLarge);
    route(scope, endpoint, {
      ...rest,
      readsBody: true,
      handler: async (context) => {
        const form = await readForm(context.request, upload.notMultipart);
        const file = form.has('file') || !upload.fileOptional ? formFile(form, upload.maxBytes, upload.tooLarge) : null;
        const values: Record<string, unknown> = file ? { file: file.file } : {};
        for (const name of new Set(form.keys())) {
          if (name === 'file') continue;
          const texts = form.getAll(name).filter((entry): entry is string => typeof entry === 'string');
          if (texts.length > 0) values[name] = texts.length === 1 ? texts[0] : texts;
        }
        const body = parseWith(schema, values, 'body') as HandlerContext<E>['body'];
        return handler({ ...context, body, upload: file });
      },
    });
  });
}
