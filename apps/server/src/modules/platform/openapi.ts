import {
  type Access,
  AUTH_TOKEN_HEADER,
  apiErrorBodySchema,
  ENDPOINTS,
  type EndpointDefinition,
  INGESTION_TOKEN_HEADER,
  type Produces,
} from '@verity/shared';
import { z } from 'zod';

/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint descriptors the routes are
 * registered from, so it cannot drift from what the server does. JSON Schema 2020-12 is OpenAPI
 * 3.1's own dialect: requests are described as they are accepted, answers as they are sent.
 */

type JsonSchema = Record<string, unknown>;
type Io = 'input' | 'output';

// A type alias (not an interface) so it satisfies the contract's open object shape.
export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

const ERROR_REF = { $ref: '#/components/schemas/Error' };

const AREAS: Record<string, string> = {
  platform: 'Health, client configuration, feature flags and this description.',
  auth: 'Sign-in, sign-up, sign-out, password reset and e-mail verification.',
  account: "The signed-in user's own profile, photo and password.",
  notifications: "The signed-in user's notifications.",
  documents: "The regulatory library: the external library and the caller's organisation's internal documents.",
  chat: 'The AI chat: conversations, streamed answers, attached files and the evidence record.',
  ingest: 'The data-ingestion API for other systems, authenticated by the ingestion token.',
  write:
    'The writing assistant: meeting transcripts made into minutes, action logs, briefings or incident reports, edited and exported to Word.',
  tutorials: 'How-to guides for each tool and the library, written in Markdown.',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'The request could not be read (a malformed upload, or a code that is not valid).',
  401: 'No valid session (or ingestion token).',
  403: 'The caller lacks the role this endpoint requires, or the account may not sign in.',
  404: 'Not found; another organisation\u2019s or user\u2019s record answers exactly the same.',
  409: 'The change conflicts with the record\u2019s current state.',
  413: 'The upload is larger than allowed.',
  422: 'A parameter, the query or the body is not valid; `detail` names each field.',
  429: 'Too many requests; `Retry-After` says how many seconds to wait.',
  503: 'The service is not available (not configured, or its database does not answer).',
};

export function openApiDocument(options: { version: string }): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of ENDPOINTS) {
    const path = endpoint.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  const areas = [...new Set(ENDPOINTS.map(areaOf))];
  const schemas: Record<string, JsonSchema> = { Error: jsonSchema(apiErrorBodySchema, 'output') };
  hoistDefinitions(paths, schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Verity API',
      version: options.version,
      description:
        'Every path is under /api. A signed-in call sends its session token in the `auth-token` header; the ingestion API sends ' +
        'the ingestion token in the `token` header. Every failure answers with the Error shape. Fields not described here are never sent.',
    },
    servers: [{ url: '/api' }],
    tags: areas.map((name) => ({ name, description: AREAS[name] ?? '' })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'header', name: AUTH_TOKEN_HEADER, description: 'The auth_token answered by POST /auth/login.' },
        ingestionToken: { type: 'apiKey', in: 'header', name: INGESTION_TOKEN_HEADER, description: "The server's INGESTION_TOKEN." },
      },
    },
  };
}

/**
 * A recursive schema (the editor's document nodes) is converted with its definition in `$defs`
 * and refers to it as `#/$defs/Name`, which in an OpenAPI document would point at the document's
 * root. Every such definition moves to the shared components (a recursive schema must name itself
 * with `.meta({ id })`, so the same one converted for two endpoints is one component) and every
 * reference follows it.
 */
function hoistDefinitions(value: unknown, schemas: Record<string, JsonSchema>): void {
  if (Array.isArray(value)) {
    for (const entry of value) hoistDefinitions(entry, schemas);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const node = value as JsonSchema;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/$defs/')) node.$ref = node.$ref.replace('#/$defs/', '#/components/schemas/');
  const definitions = node.$defs as Record<string, JsonSchema> | undefined;
  delete node.$defs;
  for (const [name, definition] of Object.entries(definitions ?? {})) {
    hoistDefinitions(definition, schemas);
    const known = schemas[name];
    if (known && JSON.stringify(known) !== JSON.stringify(definition)) {
      throw new Error(`Two different schemas are named ${name} in the OpenAPI document: name recursive schemas with .meta({ id })`);
    }
    schemas[name] = definition;
  }
  for (const child of Object.values(node)) hoistDefinitions(child, schemas);
}

function areaOf(endpoint: EndpointDefinition): string {
  return endpoint.id.split('.')[0] ?? endpoint.id;
}

function operation(endpoint: EndpointDefinition): Record<string, unknown> {
  const parameters = [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')];
  return {
    operationId: endpoint.id,
    tags: [areaOf(endpoint)],
    summary: endpoint.summary,
    description: [endpoint.description, `Access: ${describeAccess(endpoint.access)}.`].filter(Boolean).join('\n\n'),
    'x-access': endpoint.access,
    security: securityOf(endpoint.access),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: requestBody(endpoint) } : {}),
    responses: responsesOf(endpoint),
  };
}

/** Who may call, in words: the reference page and the operation description show it. */
export function describeAccess(access: Access): string {
  switch (access.kind) {
    case 'public':
      return 'anyone (no session needed)';
    case 'ingestion-token':
      return 'other systems holding the ingestion token';
    case 'session':
      if (access.roles === 'account') return 'any signed-in account, including a person waiting for approval to join';
      return access.roles === 'any'
        ? 'any signed-in member (holding a role)'
        : `signed-in users with the ${access.roles.join(' or ')} role`;
  }
}

function securityOf(access: Access): Record<string, string[]>[] {
  if (access.kind === 'public') return [];
  return [access.kind === 'session' ? { session: [] } : { ingestionToken: [] }];
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): Record<string, unknown>[] {
  if (!schema) return [];
  const object = jsonSchema(schema, 'input');
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      // A list repeats its name: ?category=A&category=B.
      ...(where === 'query' && JSON.stringify(rest).includes('"array"') ? { style: 'form', explode: true } : {}),
    };
  });
}

function requestBody(endpoint: EndpointDefinition): Record<string, unknown> {
  const mediaType = endpoint.bodyEncoding === 'multipart' ? 'multipart/form-data' : 'application/json';
  return { required: true, content: { [mediaType]: { schema: jsonSchema(endpoint.body as z.ZodType, 'input') } } };
}

function responsesOf(endpoint: EndpointDefinition): Record<string, unknown> {
  const responses: Record<string, unknown> = {
    [endpoint.status]: response(endpoint.response, endpoint.summary),
  };
  for (const alternative of endpoint.alternatives ?? []) {
    responses[alternative.status] = response(alternative.response, alternative.description);
  }
  const failures = new Set<number>(endpoint.errors ?? []);
  if (endpoint.access.kind !== 'public') failures.add(401);
  if (endpoint.access.kind === 'session' && endpoint.access.roles !== 'account') failures.add(403);
  if (endpoint.access.kind === 'ingestion-token') failures.add(503);
  if (endpoint.params || endpoint.query || endpoint.body) failures.add(422);
  for (const status of [...failures].sort((a, b) => a - b)) {
    responses[status] ??= { description: STATUS_TEXT[status] ?? 'Refused.', content: { 'application/json': { schema: ERROR_REF } } };
  }
  responses.default = { description: 'Any other failure, in the same shape.', content: { 'application/json': { schema: ERROR_REF } } };
  return responses;
}

function response(produces: Produces, description: string): Record<string, unknown> {
  switch (produces.kind) {
    case 'json':
      return { description, content: { 'application/json': { schema: jsonSchema(produces.schema, 'output') } } };
    case 'empty':
      return { description };
    case 'file':
      return { description: produces.description, content: { [produces.contentType]: { schema: { type: 'string', format: 'binary' } } } };
    case 'events':
      return {
        description: `${description}. Server-Sent Events; each event's data is JSON (see x-events).`,
        content: { 'text/event-stream': { schema: { type: 'string' } } },
        'x-events': Object.fromEntries(Object.entries(produces.events).map(([name, schema]) => [name, jsonSchema(schema, 'output')])),
      };
  }
}

function jsonSchema(schema: z.ZodType, io: Io): JsonSchema {
  // Checks written as code (refinements) have no JSON Schema form; the description carries them.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const definitions = Object.keys((rest.$defs ?? {}) as JsonSchema);
  if (io === 'output' || definitions.length === 0) return rest;
  // A named definition is stricter as an answer (no other fields are sent) than as a request: `NameInput` is the request's.
  let text = JSON.stringify(rest);
  for (const name of definitions) text = text.replaceAll(`"#/$defs/${name}"`, `"#/$defs/${name}Input"`);
  const renamed = JSON.parse(text) as JsonSchema;
  renamed.$defs = Object.fromEntries(Object.entries(renamed.$defs as JsonSchema).map(([name, definition]) => [`${name}Input`, definition]));
  return renamed;
}
