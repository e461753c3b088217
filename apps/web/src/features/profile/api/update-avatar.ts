import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAvatarBody, User } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { profileQueryOptions } from './get-profile';
import { routes } from '@dars/contract/plain';

export type UpdateAvatarInput = UpdateAvatarBody;

/**
 * POST /profile/avatar as multipart with the field `avatar`. The server checks the bytes,
 * not the name: a renamed text file is a 422.
 * @example const user = await updateAvatar({ avatar: file })
 */
export async function updateAvatar({ avatar }: UpdateAvatarInput): Promise<User> {
  const body = new FormData();
  body.append('avatar', avatar);
  const { user } = await callEndpoint(routes.updateAvatar, { body });
  return user;
}

/** Stores the answer as the profile; the caller also hands it to the session. */
export function useUpdateAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvatar,
    onSuccess: (user) => queryClient.setQueryData(profileQueryOptions().queryKey, user),
  });
}
