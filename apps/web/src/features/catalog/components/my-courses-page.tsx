import { Link } from 'react-router';
import { Alert, Button, Container, Typography } from '@mui/material';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import { EmptyState } from '../../../components/empty-state';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useMyCourses } from '../hooks/use-my-courses';
import { CourseGrid, CourseGridSkeleton } from './course-grid';

/** My courses (spec §2): the courses the student joined or bought, or the empty message. */
export function MyCoursesPage() {
  const { user } = useSession();
  const ids = user?.my_courses ?? [];
  const { courses, isPending, isError, refetch } = useMyCourses(ids);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Typography
        component="h1"
        variant="h4"
        sx={{ mb: { xs: 2, md: 3 }, fontSize: { xs: '1.6rem', md: '2rem' } }}
      >
        {t('myCourses.title')}
      </Typography>
      {isError && (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={refetch}>
              {t('app.retry')}
            </Button>
          }
        >
          {t('myCourses.loadFailed')}
        </Alert>
      )}
      {!user || (isPending && courses.length === 0) ? (
        <CourseGridSkeleton count={4} label={t('myCourses.loading')} />
      ) : courses.length === 0 && !isError ? (
        <EmptyState
          icon={<VideoLibraryOutlinedIcon />}
          text={t('myCourses.empty')}
          action={
            <Button component={Link} to="/courses" variant="contained">
              {t('myCourses.browse')}
            </Button>
          }
        />
      ) : (
        <CourseGrid courses={courses} />
      )}
    </Container>
  );
}
