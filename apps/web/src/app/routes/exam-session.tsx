import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { courseKeyRoot } from '../../features/catalog/api/get-course';
import { ExamSessionPage } from '../../features/exams/components/exam-session-page';

/**
 * The exam session. Leaving it marks the course pages stale: an exam submitted here (by the
 * student or at time-out) may have opened a lecture's videos (ADR 016: mandatory exams), and
 * the course page carries each lecture's `enable_videos`, kept for a minute otherwise.
 */
export default function ExamSessionRoute() {
  const queryClient = useQueryClient();
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: courseKeyRoot }),
    [queryClient],
  );
  return <ExamSessionPage />;
}
