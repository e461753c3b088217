import { MyCoursesPage } from '../../features/catalog/components/my-courses-page';

export default function MyCoursesRoute() {
  return <MyCoursesPage />;
}
