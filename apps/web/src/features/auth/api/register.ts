import { useMutation } from '@tanstack/react-query';
import type { RegisterBody, RegisterResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type RegisterInput = RegisterBody;

/**
 * POST /register. A taken e-mail or phone, a short password or a missing field is a 422
 * with Arabic messages per field. `verification: 'SENT'` means a code was mailed.
 * @example const { token, user, verification } = await register(values)
 */
export function register(input: RegisterInput): Promise<RegisterResponse> {
  return callEndpoint(routes.register, { body: input });
}

/** @example const { mutate, isPending } = useRegister() */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
