import type { ReactNode } from 'react';
import { Box, Card, Skeleton, Stack, type BoxProps } from '@mui/material';
import type { CourseSummary } from '@dars/contract';
import { CourseCard } from './course-card';

/**
 * 4 columns on large screens, 3, 2, then 1 on phones (spec §9). The columns follow the
 * width the grid really has (a container query) rather than the viewport, so a docked
 * drawer or the filter column never squeeze four cards into too little room: a guest's
 * course list at 1366 px keeps its 4 columns, a signed-in one with the drawer gets 3.
 */
function ResponsiveGrid({ children, ...rest }: { children: ReactNode } & Omit<BoxProps, 'sx'>) {
  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <Box
        {...rest}
        sx={{
          display: 'grid',
          gap: { xs: 2, md: 2.5 },
          gridTemplateColumns: {
            '@': '1fr',
            '@480': 'repeat(2, minmax(0, 1fr))',
            '@720': 'repeat(3, minmax(0, 1fr))',
            '@980': 'repeat(4, minmax(0, 1fr))',
          },
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/**
 * The first card's cover is the largest element of a phone's first screen (`/`, `/courses`),
 * so it is fetched at once with high priority; the others load lazily.
 *
 * @example <CourseGrid courses={page.data} />
 */
export function CourseGrid({ courses }: { courses: CourseSummary[] }) {
  return (
    <ResponsiveGrid>
      {courses.map((course, i) => (
        <CourseCard key={course.id} course={course} priority={i === 0} />
      ))}
    </ResponsiveGrid>
  );
}

function CourseCardSkeleton() {
  return (
    <Card sx={{ borderRadius: 2 }}>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Stack spacing={1.25} sx={{ p: 2 }}>
        <Skeleton variant="text" sx={{ fontSize: '1.1rem' }} width="85%" />
        <Skeleton variant="text" width="55%" />
        <Stack direction="row" spacing={1}>
          <Skeleton variant="rounded" width={72} height={24} />
          <Skeleton variant="rounded" width={72} height={24} />
        </Stack>
        <Skeleton variant="text" width="40%" />
      </Stack>
    </Card>
  );
}

/** Placeholder cards in the same grid while courses load. */
export function CourseGridSkeleton({ count, label }: { count: number; label: string }) {
  return (
    <ResponsiveGrid role="status" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <CourseCardSkeleton key={i} />
      ))}
    </ResponsiveGrid>
  );
}
