import { useId, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import ExpandLessRoundedIcon from '@mui/icons-material/ExpandLessRounded';
import ExpandMoreRoundedIcon from '@mui/icons-material/ExpandMoreRounded';
import type { CourseSummary } from '@dars/contract';
import { HOME_SECTION_INITIAL_COUNT } from '@dars/contract/plain';
import { t } from '../../../i18n/t';
import { CourseCard } from './course-card';

/**
 * A home section of courses (spec §2, §9). Desktop shows the first 4 in the grid with a
 * show-more for the rest; phones scroll the whole row sideways, a card and a bit at a time.
 * One list, laid out by the stylesheet: a page the server rendered is already the phone's
 * before any script runs, whatever layout the server guessed (issue 24).
 */
export function CourseSection({ title, courses }: { title: string; courses: CourseSummary[] }) {
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
        {more && (
          <Button
            aria-expanded={expanded}
            aria-controls={gridId}
            onClick={() => setExpanded((value) => !value)}
            endIcon={expanded ? <ExpandLessRoundedIcon /> : <ExpandMoreRoundedIcon />}
            sx={{ display: { xs: 'none', md: 'inline-flex' } }}
          >
            {expanded ? t('home.showLess') : t('home.showMore')}
          </Button>
        )}
      </Stack>
      <Box sx={{ containerType: 'inline-size' }}>
        <Box
          component="ul"
          id={gridId}
          sx={(theme) => ({
            display: 'grid',
            listStyle: 'none',
            m: 0,
            p: 0,
            // Wide: the course list's grid (CourseGrid), columns by the room the grid has.
            gap: 2.5,
            gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
            '@container (min-width: 720px)': { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
            '@container (min-width: 980px)': { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
            [theme.breakpoints.up('md')]: expanded
              ? {}
              : {
                  [`& > li:nth-of-type(n+${HOME_SECTION_INITIAL_COUNT + 1})`]: { display: 'none' },
                },
            // Phones (after the rules above, so it wins below md): one row sideways.
            [theme.breakpoints.down('md')]: {
              gridTemplateColumns: 'none',
              gridAutoFlow: 'column',
              gridAutoColumns: 'min(78%, 320px)',
              gap: 1.5,
              overflowX: 'auto',
              scrollSnapType: 'x mandatory',
              pb: 1,
              mx: -2,
              px: 2,
              scrollPaddingInline: '16px',
              '& > li': { scrollSnapAlign: 'start' },
            },
          })}
        >
          {courses.map((course, i) => (
            <li key={course.id}>
              <CourseCard course={course} priority={i === 0} />
            </li>
          ))}
        </Box>
      </Box>
    </Box>
  );
}
