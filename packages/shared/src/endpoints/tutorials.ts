import {
  adminTutorialParamsSchema,
  adminTutorialSchema,
  adminTutorialsResponseSchema,
  createTutorialSchema,
  reorderTutorialsSchema,
  tutorialParamsSchema,
  tutorialSchema,
  tutorialScreenshotParamsSchema,
  tutorialsResponseSchema,
  updateTutorialSchema,
} from '../api/tutorials.ts';
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

const ADMIN = withRoles('verity_admin');

export const manage = defineEndpoint({
  id: 'tutorials.manage',
  summary: 'Every tutorial, for administrators',
  description: 'Published or not, in their order, with their text, and the pictures a text may show.',
  method: 'GET',
  path: '/admin/tutorials',
  access: ADMIN,
  status: 200,
  response: json(adminTutorialsResponseSchema),
});

export const create = defineEndpoint({
  id: 'tutorials.create',
  summary: 'Write a new tutorial',
  description:
    'Placed last and unpublished unless published is true; its address is made from the title when not given. An address in use 409. ' +
    'Recorded as tutorials.created.',
  method: 'POST',
  path: '/admin/tutorials',
  access: ADMIN,
  body: createTutorialSchema,
  status: 201,
  response: json(adminTutorialSchema),
  errors: [409],
});

export const update = defineEndpoint({
  id: 'tutorials.update',
  summary: 'Change or publish a tutorial',
  description:
    'Its address, title, summary, text, video or whether it is published. A tutorial changed here no longer follows the product’s own text ' +
    'in later releases. A real change is recorded as tutorials.updated with the fields changed; an address in use 409.',
  method: 'POST',
  path: '/admin/tutorials/:tutorialId',
  access: ADMIN,
  params: adminTutorialParamsSchema,
  body: updateTutorialSchema,
  status: 200,
  response: json(adminTutorialSchema),
  errors: [404, 409],
});

export const reorder = defineEndpoint({
  id: 'tutorials.reorder',
  summary: 'Put the tutorials in a new order',
  description: 'Every tutorial’s id exactly once, in the new order (otherwise 422). Recorded as tutorials.reordered.',
  method: 'POST',
  path: '/admin/tutorials/order',
  access: ADMIN,
  body: reorderTutorialsSchema,
  status: 200,
  response: json(adminTutorialsResponseSchema),
});
