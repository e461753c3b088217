import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  purchaseLectureBodySchema,
  type PurchaseLectureBody,
  type PurchaseLectureResponse,
  purchaseLectureEndpoint,
} from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { lectureContentsQueryOptions } from './get-lecture-contents';

/** The purchase dialog's input: nothing for a free lecture, else wallet or a pay-card code. */
export const purchaseLectureInputSchema = purchaseLectureBodySchema;
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
  return callEndpoint(purchaseLectureEndpoint, { params: { id }, body: input });
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
