import { useParams } from 'react-router';
import { CourseProgressPage } from '../../features/progress/components/course-progress-page';
import { NotFoundScreen } from '../../features/shell/components/not-found-screen';
import { routeId } from '../route-id';

/** A student's progress in a course they joined (issue 28); not theirs, the not-found page. */
export default function CourseProgressRoute() {
  const id = routeId(useParams().id);
  if (id === null) return <NotFoundScreen />;
  return <CourseProgressPage key={id} courseId={id} notFound={<NotFoundScreen />} />;
}
