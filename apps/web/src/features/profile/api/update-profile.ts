import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateProfileBodySchema,
  type UpdateProfileBody,
  type User,
  updateProfileEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { profileQueryOptions } from './get-profile';

/** The name, the grade, or both. */
export const updateProfileInputSchema = updateProfileBodySchema;
export type UpdateProfileInput = UpdateProfileBody;

/**
 * PUT /profile. A 422 carries the server's message per field.
 * @example const user = await updateProfile({ name: 'سارة', grade_id: 2 })
 */
export async function updateProfile(input: UpdateProfileInput): Promise<User> {
  const { user } = await callEndpoint(updateProfileEndpoint, { body: input });
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
