import { useMutation } from '@tanstack/react-query';
import { accountEndpoints, type User } from '@verity/shared';
import { api, type EndpointBody } from '../../lib/api-client';
import { useAuthStore } from '../../lib/auth-store';

/** Every account call that answers with the profile refreshes the signed-in user everywhere. */
function storeUser(user: User): void {
  useAuthStore.getState().setUser(user);
}

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (input: EndpointBody<typeof accountEndpoints.update>) => api(accountEndpoints.update, { body: input }),
    onSuccess: storeUser,
  });
}

export function useUploadProfilePhoto() {
  return useMutation({ mutationFn: (file: File) => api(accountEndpoints.uploadImage, { body: { file } }), onSuccess: storeUser });
}

export function useDeleteProfilePhoto() {
  return useMutation({ mutationFn: () => api(accountEndpoints.deleteImage), onSuccess: storeUser });
}

/** The server signs out every other session of this user. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: EndpointBody<typeof accountEndpoints.changePassword>) => api(accountEndpoints.changePassword, { body: input }),
  });
}
