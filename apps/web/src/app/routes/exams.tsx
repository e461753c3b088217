import { ExamEntryPage } from '../../features/exams/components/exam-entry-page';

export default function ExamsRoute() {
  return <ExamEntryPage />;
}
