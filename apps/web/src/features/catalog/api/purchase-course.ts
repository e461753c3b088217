import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Course, PurchaseCourseBody } from '@dars/contract';
import { callEndpoint } from '../../../lib/call-endpoint';
import { courseQueryOptions } from './get-course';
import { homeQueryOptions } from './get-home';
import { routes } from '@dars/contract/plain';

export type PurchaseCourseInput = PurchaseCourseBody;

/**
 * POST /courses/{id}/purchase (pay_type 'course'): resolves with the course, now joined and
 * purchased. Rejects with the pay-card, balance and limit codes of spec §8.
 * @example const course = await purchaseCourse(3, { pay_by: 'paycard', code: 'K7PM4QXR9TWD2HNA' })
 */
export async function purchaseCourse(id: number, input: PurchaseCourseInput): Promise<Course> {
  const { data } = await callEndpoint(routes.purchaseCourse, { params: { id }, body: input });
  return data;
}

/**
 * Buys the course and puts the answer in the course page's query; the home sections are
 * refreshed. Refreshing the user (balance, `my_courses`) is the caller's.
 * @example const { mutateAsync } = usePurchaseCourse(3)
 */
export function usePurchaseCourse(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PurchaseCourseInput) => purchaseCourse(id, input),
    onSuccess: (course) => {
      queryClient.setQueryData(courseQueryOptions(id).queryKey, course);
      void queryClient.invalidateQueries({ queryKey: homeQueryOptions().queryKey });
    },
  });
}
