import { z } from 'zod';
import { appConfigSchema, flagsResponseSchema, healthSchema, readinessSchema } from '../api/app-config.ts';
import { defineEndpoint, file, json, PUBLIC } from '../contract/endpoint.ts';

/** Health, public client configuration, feature flags and the API's own description. */

export const health = defineEndpoint({
  id: 'platform.health',
  summary: 'Health check',
  description:
    'For load balancers and monitoring: 200 while the database answers (status degraded, still 200, while a configured Redis does not).',
  method: 'GET',
  path: '/health',
  access: PUBLIC,
  status: 200,
  response: json(healthSchema),
  alternatives: [{ status: 503, description: 'The database does not answer.', response: json(healthSchema) }],
});

export const ready = defineEndpoint({
  id: 'platform.ready',
  summary: 'Readiness check',
  description:
    'For load balancers: 200 while this process takes requests; 503 draining once it has been told to stop (it finishes what it ' +
    'has for SHUTDOWN_DRAIN_SECONDS, then closes), 503 unavailable while the database does not answer.',
  method: 'GET',
  path: '/ready',
  access: PUBLIC,
  status: 200,
  response: json(readinessSchema),
  alternatives: [{ status: 503, description: 'Draining before a stop, or the database does not answer.', response: json(readinessSchema) }],
});

export const appConfig = defineEndpoint({
  id: 'platform.appConfig',
  summary: 'Client configuration',
  description: 'Product name, version, support address, partner logos and upload limits the web app needs before sign-in.',
  method: 'GET',
  path: '/app-config',
  access: PUBLIC,
  status: 200,
  response: json(appConfigSchema),
});

export const flags = defineEndpoint({
  id: 'platform.flags',
  summary: 'Feature flags',
  description: 'Every feature flag and whether it is on; a session is optional.',
  method: 'GET',
  path: '/flags',
  access: PUBLIC,
  status: 200,
  response: json(flagsResponseSchema),
});

export const openApi = defineEndpoint({
  id: 'platform.openApi',
  summary: 'This API as an OpenAPI 3.1 document',
  description: 'Generated from the same endpoint descriptors the server registers its routes from.',
  method: 'GET',
  path: '/openapi.json',
  access: PUBLIC,
  status: 200,
  response: json(
    z.looseObject({
      openapi: z.string(),
      info: z.looseObject({ title: z.string(), version: z.string() }),
      paths: z.record(z.string(), z.unknown()),
    }),
  ),
});

export const reference = defineEndpoint({
  id: 'platform.reference',
  summary: 'Browsable API reference',
  description: 'The OpenAPI document as a readable page, for administrators and integrators.',
  method: 'GET',
  path: '/reference',
  access: PUBLIC,
  status: 200,
  response: file('text/html', 'An HTML page listing every endpoint with its access rule, parameters, body and answers.'),
});
