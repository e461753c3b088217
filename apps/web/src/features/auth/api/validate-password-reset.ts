import { useMutation } from '@tanstack/react-query';
import type { ValidatePasswordResetBody, ValidatePasswordResetResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type ValidatePasswordResetInput = ValidatePasswordResetBody;

/**
 * POST /password/reset/validate: checks the code and answers with the url of step 3, which
 * carries a one-time token. A wrong code is a 422 INVALID_CODE.
 * @example const { url } = await validatePasswordReset({ email, code: '123456' })
 */
export function validatePasswordReset(
  input: ValidatePasswordResetInput,
): Promise<ValidatePasswordResetResponse> {
  return callEndpoint(routes.validatePasswordReset, { body: input });
}

/** @example const { mutate } = useValidatePasswordReset() */
export function useValidatePasswordReset() {
  return useMutation({ mutationFn: validatePasswordReset });
}
