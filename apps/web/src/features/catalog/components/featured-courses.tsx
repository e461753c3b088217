import { Link } from 'react-router';
import { Alert, Button, Container, Stack, Typography } from '@mui/material';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { t } from '../../../i18n/t';
import { useWelcome } from '../api/get-welcome';
import { CourseGrid, CourseGridSkeleton } from './course-grid';
import { RetryAlert } from '../../../components/retry-alert';

/** The welcome page's featured courses (GET /welcome). */
export function FeaturedCourses() {
  const { data, isPending, isError, refetch } = useWelcome();

  return (
    <Container
      component="section"
      aria-labelledby="featured-title"
      maxWidth="lg"
      sx={{ py: { xs: 4, md: 6 } }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3, gap: 2 }}
      >
        <Typography id="featured-title" component="h2" variant="h5">
          {t('welcome.featuredTitle')}
        </Typography>
        <Button component={Link} to="/courses" endIcon={<ChevronRightIcon sx={mirrorInRtl} />}>
          {t('welcome.browseAll')}
        </Button>
      </Stack>
      {isPending ? (
        <CourseGridSkeleton count={4} label={t('courses.loadingCourses')} />
      ) : isError ? (
        <RetryAlert onRetry={() => void refetch()}>{t('welcome.featuredFailed')}</RetryAlert>
      ) : data.featured_courses.length === 0 ? (
        <Alert severity="info">{t('welcome.featuredEmpty')}</Alert>
      ) : (
        <CourseGrid courses={data.featured_courses} />
      )}
    </Container>
  );
}
