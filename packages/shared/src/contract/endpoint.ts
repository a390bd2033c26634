import type { z } from 'zod';
import { hasAnyRole, type Role } from '../roles.ts';

/**
 * The API contract: one descriptor per endpoint, read by both ends. The server registers its
 * routes from descriptors (access, validation, response checking) and generates the OpenAPI
 * document from them; the web calls `api(endpoint, input)` typed from the same descriptor.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. Every descriptor declares one; there is no default, and the server
 * refuses to start with a route that has none.
 * - public: anyone, signed in or not (a session, when sent, is still read).
 * - session: a signed-in member of their organisation (an account holding at least one role); with
 *   roles, one of them too (401 without a session, 403 without the role). An account with no role is
 *   a person whose request to join their organisation is waiting for a champion (or was declined):
 *   they reach only the endpoints declared `ACCOUNT` (their own account and request), 403 elsewhere.
 * - ingestion-token: another system, with the INGESTION_TOKEN in the `token` header.
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'session'; readonly roles: 'any' | 'account' | readonly Role[] }
  | { readonly kind: 'ingestion-token' };

export const PUBLIC = { kind: 'public' } as const satisfies Access;
export const SIGNED_IN = { kind: 'session', roles: 'any' } as const satisfies Access;
/** Any signed-in account, a member or a person still waiting for approval to join (their own records only). */
export const ACCOUNT = { kind: 'session', roles: 'account' } as const satisfies Access;
export const INGESTION_TOKEN = { kind: 'ingestion-token' } as const satisfies Access;

/** A signed-in user holding at least one of these roles. */
/*#__NO_SIDE_EFFECTS__*/
export function withRoles<const R extends readonly Role[]>(...roles: R): { readonly kind: 'session'; readonly roles: R } {
  return { kind: 'session', roles };
}

/**
 * Whether a signed-in user with these roles passes the access rule: the server's check before a
 * route runs, and what the web asks before offering something that calls it (so a page never
 * decides from roles of its own). The ingestion token is never a user's.
 */
export function rolesAllow(access: Access, accountRoles: readonly string[]): boolean {
  if (access.kind === 'public') return true;
  if (access.kind === 'ingestion-token') return false;
  if (access.roles === 'account') return true;
  // Holding no role means not a member yet (a request to join waiting or declined).
  if (access.roles === 'any') return accountRoles.length > 0;
  return hasAnyRole(accountRoles, access.roles);
}

/** What a successful call answers with. */
export type Produces =
  | { readonly kind: 'json'; readonly schema: z.ZodType }
  /** No body (204). */
  | { readonly kind: 'empty' }
  /** Bytes of a file: a Word document, an image. */
  | { readonly kind: 'file'; readonly contentType: string; readonly description: string }
  /** Server-Sent Events, by event name. */
  | { readonly kind: 'events'; readonly events: Readonly<Record<string, z.ZodType>> };

/*#__NO_SIDE_EFFECTS__*/
export function json<const S extends z.ZodType>(schema: S): { readonly kind: 'json'; readonly schema: S } {
  return { kind: 'json', schema };
}
export const EMPTY = { kind: 'empty' } as const satisfies Produces;
/*#__NO_SIDE_EFFECTS__*/
export function file(
  contentType: string,
  description: string,
): { readonly kind: 'file'; readonly contentType: string; readonly description: string } {
  return { kind: 'file', contentType, description };
}
/*#__NO_SIDE_EFFECTS__*/
export function events<const E extends Readonly<Record<string, z.ZodType>>>(events: E): { readonly kind: 'events'; readonly events: E } {
  return { kind: 'events', events };
}

export interface EndpointDefinition {
  /** `area.name`: the OpenAPI operationId; the area is the OpenAPI tag. */
  readonly id: string;
  readonly summary: string;
  readonly description?: string;
  readonly method: HttpMethod;
  /** Under /api, with `:name` path parameters, spelled exactly as clients call it. */
  readonly path: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** How the body travels; JSON unless said. */
  readonly bodyEncoding?: 'json' | 'multipart';
  /** The success status. */
  readonly status: 200 | 201 | 202 | 204;
  readonly response: Produces;
  /** Other answers that are not failures (a 204 when there is nothing to show, a 503 from the health check). */
  readonly alternatives?: readonly { readonly status: number; readonly description: string; readonly response: Produces }[];
  /** Failure statuses beyond those implied by access (401, 403) and validation (422). */
  readonly errors?: readonly number[];
  /** The web never raises the global error dialog for it: the page shows its own state instead. */
  readonly background?: boolean;
}

/** Declares an endpoint; the descriptor is returned as given, its literal types kept. */
/*#__NO_SIDE_EFFECTS__*/
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type Part<S, Name extends string> = S extends z.ZodType
  ? Record<never, never> extends z.input<S>
    ? { readonly [K in Name]?: z.input<S> }
    : { readonly [K in Name]: z.input<S> }
  : { readonly [K in Name]?: undefined };

/** What a caller sends: path parameters, query and body, as the descriptor's schemas accept them. */
export type EndpointInput<E extends EndpointDefinition> = Part<E['params'], 'params'> & Part<E['query'], 'query'> & Part<E['body'], 'body'>;

/** True when every part of the input is optional, so a call may leave the input out. */
export type InputOptional<E extends EndpointDefinition> = Record<never, never> extends EndpointInput<E> ? true : false;

type JsonOf<P> = P extends { readonly kind: 'json'; readonly schema: infer S extends z.ZodType } ? S : never;

/** The parsed success body a caller receives (undefined for endpoints that answer with no body). */
export type EndpointResponse<E extends EndpointDefinition> =
  | (E['response'] extends { readonly kind: 'json'; readonly schema: infer S extends z.ZodType } ? z.output<S> : undefined)
  | (E['alternatives'] extends readonly (infer A)[]
      ? A extends { readonly response: infer P }
        ? P extends { readonly kind: 'empty' }
          ? undefined
          : z.output<JsonOf<P>>
        : never
      : never);

/** What a server handler may return for the success body, before the contract shapes it. */
export type EndpointResult<E extends EndpointDefinition> =
  | (E['response'] extends { readonly kind: 'json'; readonly schema: infer S extends z.ZodType } ? z.input<S> : never)
  | (E['alternatives'] extends readonly (infer A)[]
      ? A extends { readonly response: infer P }
        ? P extends { readonly kind: 'empty' }
          ? undefined
          : z.input<JsonOf<P>>
        : never
      : never)
  | (E['response'] extends { readonly kind: 'empty' } ? undefined : never);

/** The path with its parameters filled in (each percent-encoded), under /api. */
export function endpointPath(endpoint: Pick<EndpointDefinition, 'path'>, params?: Readonly<Record<string, unknown>>): string {
  const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
  return `/api${path}`;
}

/** The query string (with its `?`, or empty) for a query object: arrays repeat the name, undefined is left out. */
export function queryString(query?: Readonly<Record<string, unknown>>): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) search.append(name, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The full relative URL of a call: /api/…?… */
export function endpointUrl(
  endpoint: Pick<EndpointDefinition, 'path'>,
  input: { readonly params?: unknown; readonly query?: unknown } = {},
): string {
  return `${endpointPath(endpoint, input.params as Record<string, unknown> | undefined)}${queryString(input.query as Record<string, unknown> | undefined)}`;
}

/** The path parameter names of a path, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);
}
