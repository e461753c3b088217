import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PurchaseLectureBody, PurchaseLectureResponse } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { lectureContentsQueryOptions } from './get-lecture-contents';
import { routes } from '@dars/contract/plain';

export type PurchaseLectureInput = PurchaseLectureBody;

/**
 * POST /lectures/{id}/purchase: resolves with the lecture, now purchased, and the wallet
 * balance after. Rejects with the codes of spec §8 (lecture purchase).
 * @example const { data, balance } = await purchaseLecture(31, { pay_by: 'wallet' })
 */
export function purchaseLecture(
  id: number,
  input: PurchaseLectureInput,
): Promise<PurchaseLectureResponse> {
  return callEndpoint(routes.purchaseLecture, { params: { id }, body: input });
}

/**
 * Buys a lecture; a repurchase restarts its views, so its contents are refetched. The
 * course and the user (balance, `my_courses`) are refreshed by the caller.
 * @example const { mutateAsync } = usePurchaseLecture(31)
 */
export function usePurchaseLecture(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseLectureInput) => purchaseLecture(id, input),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: lectureContentsQueryOptions(id).queryKey }),
  });
}
