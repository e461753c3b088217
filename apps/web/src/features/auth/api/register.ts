import { useMutation } from '@tanstack/react-query';
import {
  registerBodySchema,
  type RegisterBody,
  type RegisterResponse,
  registerEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';

/** The register form's input. */
export const registerInputSchema = registerBodySchema;
export type RegisterInput = RegisterBody;

/**
 * POST /register. A taken e-mail or phone, a short password or a missing field is a 422
 * with Arabic messages per field. `verification: 'SENT'` means a code was mailed.
 * @example const { token, user, verification } = await register(values)
 */
export function register(input: RegisterInput): Promise<RegisterResponse> {
  return callEndpoint(registerEndpoint, { body: input });
}

/** @example const { mutate, isPending } = useRegister() */
export function useRegister() {
  return useMutation({ mutationFn: register });
}
