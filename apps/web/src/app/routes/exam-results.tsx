import { ResultsListPage } from '../../features/exams/components/results-list-page';

export default function ExamResultsRoute() {
  return <ResultsListPage kind="exams" />;
}
