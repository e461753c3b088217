import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileBody, User } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { profileQueryOptions } from './get-profile';
import { routes } from '@dars/contract/plain';

export type UpdateProfileInput = UpdateProfileBody;

/**
 * PUT /profile. A 422 carries the server's message per field.
 * @example const user = await updateProfile({ name: 'سارة', grade_id: 2 })
 */
export async function updateProfile(input: UpdateProfileInput): Promise<User> {
  const { user } = await callEndpoint(routes.updateProfile, { body: input });
  return user;
}

/** Stores the answer as the profile; the caller also hands it to the session. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(profileQueryOptions().queryKey, user),
  });
}
