import { ExamSessionPage } from '../../features/exams/components/exam-session-page';

export default function ExamSessionRoute() {
  return <ExamSessionPage />;
}
