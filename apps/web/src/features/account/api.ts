import { useMutation, useQuery } from '@tanstack/react-query';
import { accountEndpoints, MESSAGES, type User } from '@verity/shared';
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

/**
 * The profile photo as SPEC §7 reads it: GET account/image answers 204 when there is none,
 * otherwise the first item of its data is the photo. Asked again whenever the user's photo
 * changes (an upload or removal answers with the new user).
 */
export function useProfilePhoto(user: User) {
  return useQuery({
    queryKey: ['account', 'photo', user.user_id, user.photoURL] as const,
    queryFn: async ({ signal }) => {
      const answer = await api(accountEndpoints.image, undefined, { signal, background: true });
      return answer?.data[0]?.url ?? null;
    },
    meta: { errorMessage: MESSAGES.imageFetchFailed },
  });
}
