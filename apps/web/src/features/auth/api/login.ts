import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { routes } from '@dars/contract/plain';

export type LoginInput = LoginBody;

/**
 * POST /login. Rejects with a 422 INVALID_CREDENTIALS ApiError for a wrong e-mail, phone or
 * password, and a 429 after too many failures; both carry the server's Arabic message.
 * @example const { token, user } = await login({ login: 'student@dars.test', password: '…' })
 */
export function login(input: LoginInput): Promise<LoginResponse> {
  return callEndpoint(routes.login, { body: input });
}

/** @example const { mutate, isPending } = useLogin() */
export function useLogin() {
  return useMutation({ mutationFn: login });
}
