import { tutorialParamsSchema, tutorialSchema, tutorialsResponseSchema } from '../api/tutorials.ts';
import { defineEndpoint, json, SIGNED_IN, withRoles } from '../contract/endpoint.ts';

/** How-to guides for each tool and the library: listed for standard users, opened by anyone signed in (a shared link). */

export const list = defineEndpoint({
  id: 'tutorials.list',
  summary: 'The published tutorials',
  description: 'In their order, each with its sections for searching.',
  method: 'GET',
  path: '/tutorials',
  access: withRoles('standard'),
  status: 200,
  response: json(tutorialsResponseSchema),
});

export const tutorial = defineEndpoint({
  id: 'tutorials.tutorial',
  summary: 'One tutorial',
  description: 'By its id or its slug, with its Markdown body. An unpublished or unknown tutorial is 404.',
  method: 'GET',
  path: '/tutorials/:id',
  access: SIGNED_IN,
  params: tutorialParamsSchema,
  status: 200,
  response: json(tutorialSchema),
  errors: [404],
});
