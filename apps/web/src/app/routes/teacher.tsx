import { useParams } from 'react-router';
import { NotFoundScreen } from '../../features/shell/components/not-found-screen';
import { TeacherProfilePage } from '../../features/catalog/components/teacher-profile-page';
import { routeId } from '../route-id';

export default function TeacherRoute() {
  const id = routeId(useParams().id);
  if (id === null) return <NotFoundScreen />;
  // Keyed by id so moving between teachers starts each page fresh.
  return <TeacherProfilePage key={id} teacherId={id} />;
}
