import { useId, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import { HOME_SECTION_INITIAL_COUNT, type CourseSummary } from '@dars/contract';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { t } from '../../../i18n/t';
import { CourseCard } from './course-card';
import { CourseGrid } from './course-grid';

/**
 * A home section of courses (spec §2, §9). Desktop shows the first 4 in the grid with a
 * show-more for the rest; phones scroll the whole row sideways, a card and a bit at a time.
 */
export function CourseSection({ title, courses }: { title: string; courses: CourseSummary[] }) {
  const isDesktop = useIsDesktop();
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const gridId = useId();
  if (courses.length === 0) return null;
  const more = courses.length > HOME_SECTION_INITIAL_COUNT;

  return (
    <Box component="section" aria-labelledby={titleId}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, gap: 2 }}
      >
        <Typography
          id={titleId}
          component="h2"
          variant="h5"
          sx={{ fontSize: { xs: '1.25rem', md: '1.5rem' } }}
        >
          {title}
        </Typography>
        {isDesktop && more && (
          <Button
            aria-expanded={expanded}
            aria-controls={gridId}
            onClick={() => setExpanded((value) => !value)}
            endIcon={expanded ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
          >
            {expanded ? t('home.showLess') : t('home.showMore')}
          </Button>
        )}
      </Stack>
      {isDesktop ? (
        <Box id={gridId}>
          <CourseGrid courses={expanded ? courses : courses.slice(0, HOME_SECTION_INITIAL_COUNT)} />
        </Box>
      ) : (
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridAutoFlow: 'column',
            gridAutoColumns: 'min(78%, 320px)',
            gap: 1.5,
            overflowX: 'auto',
            scrollSnapType: 'x mandatory',
            listStyle: 'none',
            m: 0,
            p: 0,
            pb: 1,
            mx: -2,
            px: 2,
            scrollPaddingInline: 16,
            '& > li': { scrollSnapAlign: 'start' },
          }}
        >
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
