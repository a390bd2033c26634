import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput, MessageResponse, UpdateProfileInput, User } from '@verity/shared';
import { apiRequest } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';

/** Every account call that answers with the profile refreshes the signed-in user everywhere. */
function storeUser(user: User): void {
  useAuthStore.getState().setUser(user);
}

/** POST account/update */
export function updateProfile(input: UpdateProfileInput): Promise<User> {
  return apiRequest<User>('account/update', { method: 'POST', json: input });
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile, onSuccess: storeUser });
}

/** POST account/upload/image (multipart, field `file`) */
export function uploadProfilePhoto(file: File): Promise<User> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<User>('account/upload/image', { method: 'POST', form });
}

export function useUploadProfilePhoto() {
  return useMutation({ mutationFn: uploadProfilePhoto, onSuccess: storeUser });
}

/** DELETE account/delete/image */
export function deleteProfilePhoto(): Promise<User> {
  return apiRequest<User>('account/delete/image', { method: 'DELETE' });
}

export function useDeleteProfilePhoto() {
  return useMutation({ mutationFn: deleteProfilePhoto, onSuccess: storeUser });
}

/** POST account/change-password. The server signs out every other session of this user. */
export function changePassword(input: ChangePasswordInput): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('account/change-password', { method: 'POST', json: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
