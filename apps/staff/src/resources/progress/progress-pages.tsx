import { Link } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { Button } from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import { lazyPage } from '../../components/lazy-page';

// A course's progress report (issue 28, ADR 054), its own chunk like the students' screens.
const LazyCourseProgress = lazyPage(() => import('./course-progress'), 'CourseProgressScreen');

/** A course's progress report, a custom route (/courses/:id/progress). */
export function CourseProgressPage() {
  return <LazyCourseProgress />;
}

/**
 * «متابعة الطلاب» on a course's page: its progress report, for the admin, leaders and the
 * course's teacher (the server keeps a teacher to their own courses).
 */
export function CourseProgressButton() {
  const translate = useTranslate();
  const record = useRecordContext<{ id: number }>();
  if (!record) return null;
  return (
    <Button component={Link} to={`/courses/${record.id}/progress`} startIcon={<InsightsIcon />}>
      {translate('dars.progress.open')}
    </Button>
  );
}
