import { z } from 'zod';
import {
  changePasswordSchema,
  messageResponseSchema,
  onboardingProgressSchema,
  photoInfoSchema,
  updateProfileSchema,
  uploadPhotoSchema,
  userSchema,
} from '../api/account.ts';
import { ACCOUNT, defineEndpoint, EMPTY, file, json, PUBLIC, SIGNED_IN } from '../contract/endpoint.ts';

/** The signed-in user's own profile, photo and password; any role (guests too). */

export const info = defineEndpoint({
  id: 'account.info',
  summary: 'The signed-in user',
  method: 'GET',
  path: '/account/info',
  access: ACCOUNT,
  status: 200,
  response: json(userSchema),
  background: true,
});

export const update = defineEndpoint({
  id: 'account.update',
  summary: 'Update the profile',
  method: 'POST',
  path: '/account/update',
  access: SIGNED_IN,
  body: updateProfileSchema,
  status: 200,
  response: json(userSchema),
});

export const uploadImage = defineEndpoint({
  id: 'account.uploadImage',
  summary: 'Set the profile photo',
  description:
    'A PNG, JPEG, GIF or WebP image, recognised by its content, of at most image_max_bytes (see app-config). ' +
    'Anything else: 422 error_code 4104; too large: 413 error_code 4105.',
  method: 'POST',
  path: '/account/upload/image',
  access: SIGNED_IN,
  body: uploadPhotoSchema,
  bodyEncoding: 'multipart',
  status: 200,
  response: json(userSchema),
  errors: [400, 413],
});

export const deleteImage = defineEndpoint({
  id: 'account.deleteImage',
  summary: 'Remove the profile photo',
  description: 'Repeatable.',
  method: 'DELETE',
  path: '/account/delete/image',
  access: SIGNED_IN,
  status: 200,
  response: json(userSchema),
});

export const image = defineEndpoint({
  id: 'account.image',
  summary: 'The profile photo, when there is one',
  method: 'GET',
  path: '/account/image',
  access: SIGNED_IN,
  status: 200,
  response: json(photoInfoSchema),
  alternatives: [{ status: 204, description: 'There is no photo.', response: EMPTY }],
});

export const photo = defineEndpoint({
  id: 'account.photo',
  summary: 'A profile photo by its capability URL',
  description: 'No session: an <img> cannot send one, so the unguessable id in the URL is the permission.',
  method: 'GET',
  path: '/account/photos/:photoId',
  access: PUBLIC,
  params: z.object({ photoId: z.string() }),
  status: 200,
  response: file('image/*', 'The image bytes with the stored content type.'),
  errors: [404],
});

export const changePassword = defineEndpoint({
  id: 'account.changePassword',
  summary: 'Change the password',
  description: 'Every other session of the user ends. A wrong current password: 400 error_code 4006.',
  method: 'POST',
  path: '/account/change-password',
  access: SIGNED_IN,
  body: changePasswordSchema,
  status: 200,
  response: json(messageResponseSchema),
  errors: [400, 429],
});

export const onboarding = defineEndpoint({
  id: 'account.onboarding',
  summary: 'Record onboarding progress',
  description:
    "Adds the completed modules to the account's (restart: true clears them first). onboarding_complete becomes true once " +
    "every module the person's roles are shown is complete, and false again on a restart.",
  method: 'POST',
  path: '/account/onboarding',
  access: SIGNED_IN,
  body: onboardingProgressSchema,
  status: 200,
  response: json(userSchema),
});
