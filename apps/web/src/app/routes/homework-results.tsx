import { ResultsListPage } from '../../features/exams/components/results-list-page';

export default function HomeworkResultsRoute() {
  return <ResultsListPage kind="homeworks" />;
}
