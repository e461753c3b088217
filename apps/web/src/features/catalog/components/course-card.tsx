import { Link } from 'react-router';
import { Box, Card, CardActionArea, Chip, Divider, Stack, Typography } from '@mui/material';
import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import PlayLessonOutlinedIcon from '@mui/icons-material/PlayLessonOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import type { CourseSummary } from '@dars/contract';
import { formatMoney } from '../../../lib/format';
import { t, tPlural } from '../../../i18n/t';
import { CourseImage } from './course-image';

/** A course is free when marked free or priced 0 (ADR 000: Free). */
export function isFreeCourse(course: Pick<CourseSummary, 'free' | 'price'>): boolean {
  return course.free || course.price === 0;
}

const MAX_GRADE_CHIPS = 2;

/**
 * A course in a grid: cover, featured badge, name, teachers, grades, price and lecture
 * count. The whole card links to the course page. `priority`: its cover is on screen when
 * the page opens (see `CourseImage`).
 */
export function CourseCard({
  course,
  priority = false,
}: {
  course: CourseSummary;
  priority?: boolean;
}) {
  const free = isFreeCourse(course);
  const extraGrades = course.grades.length - MAX_GRADE_CHIPS;

  return (
    <Card
      data-testid="course-card"
      sx={{
        height: '100%',
        borderRadius: 2,
        transition: 'box-shadow 160ms, transform 160ms',
        '&:hover': {
          boxShadow: '0 10px 24px rgba(15, 31, 61, 0.12)',
          transform: 'translateY(-2px)',
        },
      }}
    >
      <CardActionArea
        component={Link}
        to={`/courses/${course.id}`}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        <Box sx={{ position: 'relative' }}>
          <CourseImage
            src={course.image_url}
            name={course.name}
            seed={course.id}
            priority={priority}
          />
          {course.featured && (
            <Chip
              icon={<StarRoundedIcon />}
              label={t('courseCard.featured')}
              color="secondary"
              size="small"
              sx={{
                position: 'absolute',
                top: 10,
                insetInlineStart: 10,
                fontWeight: 700,
                boxShadow: 1,
              }}
            />
          )}
        </Box>
        <Stack spacing={1.25} sx={{ p: 2, flex: 1 }}>
          <Typography
            component="h3"
            variant="subtitle1"
            sx={{
              fontWeight: 700,
              lineHeight: 1.5,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {course.name}
          </Typography>
          {course.teachers.length > 0 && (
            <Stack
              direction="row"
              spacing={0.75}
              sx={{ alignItems: 'center', color: 'text.secondary' }}
            >
              <PersonOutlinedIcon fontSize="small" aria-hidden />
              <Typography
                variant="body2"
                noWrap
                title={course.teachers.map((x) => x.name).join('، ')}
              >
                {course.teachers.map((x) => x.name).join('، ')}
              </Typography>
            </Stack>
          )}
          {course.grades.length > 0 && (
            <Stack
              direction="row"
              sx={{ gap: 0.75, flexWrap: 'wrap' }}
              aria-label={t('courseCard.grades')}
            >
              {course.grades.slice(0, MAX_GRADE_CHIPS).map((grade) => (
                <Chip key={grade.id} label={grade.name} size="small" variant="outlined" />
              ))}
              {extraGrades > 0 && (
                <Chip label={`+${extraGrades}`} size="small" variant="outlined" />
              )}
            </Stack>
          )}
          <Box sx={{ flex: 1 }} />
          <Divider />
          <Stack
            direction="row"
            sx={{
              justifyContent: 'space-between',
              alignItems: 'center',
              columnGap: 1,
              flexWrap: 'wrap',
              whiteSpace: 'nowrap',
            }}
          >
            <Typography sx={{ fontWeight: 700, color: free ? 'success.main' : 'primary.main' }}>
              {free ? t('courseCard.free') : formatMoney(course.price)}
            </Typography>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: 'text.secondary' }}
            >
              <PlayLessonOutlinedIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{tPlural('lecture', course.lectures_count)}</Typography>
            </Stack>
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
