import { useMemo } from 'react';
import { HelpPage } from '../../features/support/components/help-page';
import { useMyCourses } from '../../features/catalog/hooks/use-my-courses';
import { useSession } from '../../lib/session-context';

const NONE: readonly number[] = [];

/**
 * The help page; a signed-in student's form offers their courses, so a ticket may be about one
 * and reach its teachers too (issue 27, ADR 048).
 */
export default function HelpRoute() {
  const { user } = useSession();
  const { courses } = useMyCourses(user?.my_courses ?? NONE);
  const choices = useMemo(() => courses.map((c) => ({ id: c.id, name: c.name })), [courses]);
  return <HelpPage courses={choices} />;
}
