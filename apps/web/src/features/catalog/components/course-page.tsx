import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  Chip,
  Container,
  Divider,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import PlayLessonOutlinedIcon from '@mui/icons-material/PlayLessonOutlined';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import type { Course } from '@dars/contract';
import { StatusScreen } from '../../../components/status-screen';
import { ApiError } from '../../../lib/api-client';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session-context';
import { t, tPlural } from '../../../i18n/t';
import { useCourse } from '../api/get-course';
import { isFreeCourse } from './course-card';
import { CourseDescription } from './course-description';
import { EnrolButton, EnrolDialog } from './course-enrolment';
import { CourseImage } from './course-image';
import { RetryAlert } from '../../../components/retry-alert';

/** What the course page offers the lectures list placed in it. */
export interface CourseLecturesSlot {
  course: Course;
  /**
   * Asks to get the course (a locked lecture of a whole-course purchase): opens the
   * purchase or join dialog, or sends a guest to login.
   */
  requestEnrol: () => void;
}

interface CoursePageProps {
  courseId: number;
  /** The lectures list; shown when the course is joined or previews are on (spec §2). */
  renderLectures: (slot: CourseLecturesSlot) => ReactNode;
  /** After a join or purchase: refresh the user (balance, my courses). */
  onEnrolled: () => void;
}

/**
 * The course page (spec §2): cover, featured badge, name, teachers linking to their
 * profiles, grades, categories, the description with show more, the join or purchase
 * action, then the lectures or a notice to join (or log in) first.
 */
export function CoursePage({ courseId, renderLectures, onEnrolled }: CoursePageProps) {
  const { data: course, isPending, error, refetch } = useCourse(courseId);
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [enrolOpen, setEnrolOpen] = useState(false);

  if (isPending) return <CoursePageSkeleton />;
  if (error instanceof ApiError && error.status === 404) {
    return (
      <StatusScreen
        icon={<SearchOffRoundedIcon />}
        title={t('course.notFound')}
        body={t('course.notFoundBody')}
        actions={
          <Button component={Link} to="/courses" variant="contained">
            {t('course.browse')}
          </Button>
        }
      />
    );
  }
  if (!course) {
    return (
      <Container maxWidth="lg" sx={{ py: 4 }}>
        <RetryAlert onRetry={() => void refetch()}>{t('course.loadFailed')}</RetryAlert>
      </Container>
    );
  }

  const requestEnrol = () => {
    if (course.joined) return;
    if (!signedIn) void navigate(`/login?course=${course.id}`);
    else setEnrolOpen(true);
  };
  const showLectures = course.joined || course.show_preview;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2.5, md: 4 },
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
          gridTemplateAreas: { xs: '"side" "main"', md: '"main side"' },
        }}
      >
        <Stack spacing={3} sx={{ gridArea: 'main', minWidth: 0 }}>
          <CourseDetails course={course} />
          <Box component="section" aria-labelledby="course-lectures-title">
            <Typography id="course-lectures-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
              {t('course.lecturesTitle')}
            </Typography>
            {showLectures ? (
              renderLectures({ course, requestEnrol })
            ) : (
              <LecturesNotice course={course} signedIn={signedIn} />
            )}
          </Box>
        </Stack>
        <Box sx={{ gridArea: 'side', position: { md: 'sticky' }, top: { md: 88 } }}>
          <CourseSideCard course={course}>
            <EnrolButton course={course} onClick={requestEnrol} />
            {/* Joined, or holding a lecture bought from a course's preview without joining. */}
            {(course.joined || course.lectures.some((l) => l.purchased)) && (
              <Button
                component={Link}
                to={`/courses/${course.id}/progress`}
                variant="outlined"
                fullWidth
              >
                {t('course.progress')}
              </Button>
            )}
          </CourseSideCard>
        </Box>
      </Box>
      <EnrolDialog
        course={course}
        open={enrolOpen}
        onClose={() => setEnrolOpen(false)}
        onEnrolled={onEnrolled}
      />
    </Container>
  );
}

function CourseDetails({ course }: { course: Course }) {
  return (
    <Stack spacing={2}>
      <Stack spacing={1}>
        {course.featured && (
          <Chip
            icon={<StarRoundedIcon />}
            label={t('courseCard.featured')}
            color="secondary"
            size="small"
            sx={{ alignSelf: 'flex-start', fontWeight: 700 }}
          />
        )}
        <Typography
          component="h1"
          variant="h4"
          sx={{ fontSize: { xs: '1.5rem', md: '2rem' }, lineHeight: 1.5 }}
        >
          {course.name}
        </Typography>
      </Stack>
      {course.teachers.length > 0 && (
        <ChipRow
          label={t('course.teachers')}
          items={course.teachers.map((teacher) => (
            <Chip
              key={teacher.id}
              component={Link}
              to={`/teachers/${teacher.id}`}
              clickable
              variant="outlined"
              avatar={<Avatar src={teacher.avatar ?? undefined} alt="" />}
              label={teacher.name}
            />
          ))}
        />
      )}
      {course.grades.length > 0 && (
        <ChipRow
          label={t('course.grades')}
          items={course.grades.map((grade) => (
            <Chip
              key={grade.id}
              label={grade.name}
              size="small"
              color="primary"
              variant="outlined"
            />
          ))}
        />
      )}
      {course.categories.length > 0 && (
        <ChipRow
          label={t('course.categories')}
          items={course.categories.map((category) => (
            <Chip key={category.id} label={category.name} size="small" />
          ))}
        />
      )}
      {course.description.trim() && (
        <Paper
          variant="outlined"
          sx={{ p: { xs: 2, md: 2.5 }, display: 'flex', flexDirection: 'column' }}
        >
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('course.description')}
          </Typography>
          <CourseDescription text={course.description} />
        </Paper>
      )}
    </Stack>
  );
}

/** A labelled row of chips, as a list so screen readers count them. */
function ChipRow({ label, items }: { label: string; items: ReactNode[] }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 72 }}>
        {label}
      </Typography>
      <Stack
        component="ul"
        direction="row"
        aria-label={label}
        sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
      >
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </Stack>
    </Stack>
  );
}

function CourseSideCard({ course, children }: { course: Course; children: ReactNode }) {
  const free = isFreeCourse(course);
  return (
    <Card sx={{ borderRadius: 2 }}>
      {/* The cover is the largest element of the page's first screen on a phone. */}
      <CourseImage src={course.image_url} name={course.name} seed={course.id} priority />
      <Stack spacing={2} sx={{ p: 2.5 }}>
        <Typography
          sx={{
            fontSize: '1.5rem',
            fontWeight: 700,
            color: free ? 'success.main' : 'primary.main',
          }}
        >
          {free ? t('courseCard.free') : formatMoney(course.price)}
        </Typography>
        {children}
        <Divider />
        <Stack
          direction="row"
          sx={{
            justifyContent: 'space-between',
            color: 'text.secondary',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <PlayLessonOutlinedIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{tPlural('lecture', course.lectures_count)}</Typography>
          </Stack>
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <GroupsOutlinedIcon fontSize="small" aria-hidden />
            <Typography variant="body2">{tPlural('student', course.users_count)}</Typography>
          </Stack>
        </Stack>
      </Stack>
    </Card>
  );
}

function LecturesNotice({ course, signedIn }: { course: Course; signedIn: boolean }) {
  if (!signedIn) {
    return (
      <Alert
        severity="info"
        action={
          <Button component={Link} to={`/login?course=${course.id}`} color="inherit" size="small">
            {t('course.login')}
          </Button>
        }
      >
        {t('course.loginFirst')}
      </Alert>
    );
  }
  return (
    <Alert severity="info">
      {course.pay_type === 'course' ? t('course.getFirst') : t('course.joinFirst')}
    </Alert>
  );
}

function CoursePageSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Box
        role="status"
        aria-busy="true"
        aria-label={t('course.loading')}
        sx={{
          display: 'grid',
          gap: 4,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 340px' },
          gridTemplateAreas: { xs: '"side" "main"', md: '"main side"' },
        }}
      >
        <Stack spacing={2} sx={{ gridArea: 'main' }}>
          <Skeleton variant="text" sx={{ fontSize: '2rem' }} width="70%" />
          <Skeleton variant="rounded" height={32} width="40%" />
          <Skeleton variant="rounded" height={140} />
          <Skeleton variant="rounded" height={220} />
        </Stack>
        <Skeleton
          variant="rounded"
          sx={{ gridArea: 'side', aspectRatio: '4 / 5', height: 'auto' }}
        />
      </Box>
    </Container>
  );
}
