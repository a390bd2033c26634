import { tutorialParamsSchema, tutorialSchema, tutorialScreenshotParamsSchema, tutorialsResponseSchema } from '../api/tutorials.ts';
import { defineEndpoint, EMPTY, file, json, PUBLIC, SIGNED_IN, withRoles } from '../contract/endpoint.ts';

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

export const screenshot = defineEndpoint({
  id: 'tutorials.screenshot',
  summary: 'A picture of a real page, shown in a tutorial',
  description:
    'Taken by the seed step as the demo accounts, so it shows only the fictional demo organisation. No session: an <img> ' +
    'cannot send one. A picture not taken on this installation is 404.',
  method: 'GET',
  path: '/tutorials/screenshots/:name',
  access: PUBLIC,
  params: tutorialScreenshotParamsSchema,
  status: 200,
  response: file('image/png', 'The PNG, cached by its ETag (the build it shows).'),
  alternatives: [{ status: 304, description: 'Not modified: If-None-Match names the picture held.', response: EMPTY }],
  errors: [404],
});
