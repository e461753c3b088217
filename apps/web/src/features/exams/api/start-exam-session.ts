import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/call-endpoint';
import { examDetailsKeyRoot } from './get-exam-details';
import { routes } from '@dars/contract/plain';

/**
 * POST /exams/session: the token of the student's session of the exam, a new one or the one
 * they already have (the call is idempotent, ADR 016), so continue, view result, view session
 * and start all use it. Rejects with EXAM_NOT_ACTIVE or EXAM_NOT_FOUND (spec §8).
 * @example const token = await startExamSession(12)
 */
export async function startExamSession(examId: number): Promise<string> {
  const { data } = await callEndpoint(routes.startExamSession, { body: { exam_id: examId } });
  return data.token;
}

/**
 * Starts (or reopens) the exam's session; the entry's details are asked again afterwards,
 * since a session now exists.
 * @example const { mutateAsync } = useStartExamSession()
 */
export function useStartExamSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (examId: number) => startExamSession(examId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: examDetailsKeyRoot }),
  });
}
