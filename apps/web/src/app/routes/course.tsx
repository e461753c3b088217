import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { courseQueryOptions } from '../../features/catalog/api/get-course';
import { CoursePage } from '../../features/catalog/components/course-page';
import { LectureList } from '../../features/lectures/components/lecture-list';
import { NotFoundScreen } from '../../features/shell/components/not-found-screen';
import { useScreenCaptureBlock } from '../../platform/use-screen-capture-block';
import { useRefreshUser } from '../use-refresh-user';
import { routeId } from '../route-id';

/**
 * The course page: the catalog's course with the lectures feature's list in it. A join or
 * purchase refreshes the user (balance, my courses); a lecture purchase also the course.
 * On Android the screen cannot be captured while it is open (spec §1, ADR 021).
 */
export default function CourseRoute() {
  const id = routeId(useParams().id);
  const queryClient = useQueryClient();
  const refreshUser = useRefreshUser();
  useScreenCaptureBlock();
  const onLecturePurchased = useCallback(() => {
    if (id !== null)
      void queryClient.invalidateQueries({ queryKey: courseQueryOptions(id).queryKey });
    refreshUser();
  }, [id, queryClient, refreshUser]);

  if (id === null) return <NotFoundScreen />;
  return (
    <CoursePage
      key={id}
      courseId={id}
      onEnrolled={refreshUser}
      renderLectures={({ course, requestEnrol }) => (
        <LectureList course={course} onNeedCourse={requestEnrol} onPurchased={onLecturePurchased} />
      )}
    />
  );
}
