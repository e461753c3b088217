import { CoursesPage } from '../../features/catalog/components/courses-page';

export default function CoursesRoute() {
  return <CoursesPage />;
}
