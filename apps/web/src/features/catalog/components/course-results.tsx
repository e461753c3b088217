import { useCallback } from 'react';
import { Box, CircularProgress, Stack, Typography } from '@mui/material';
import SearchOffRoundedIcon from '@mui/icons-material/SearchOffRounded';
import { t } from '../../../i18n/t';
import { useCourses, type CourseFilters } from '../api/get-courses';
import { useInfiniteScroll } from '../hooks/use-infinite-scroll';
import { CourseGrid, CourseGridSkeleton } from './course-grid';
import { RetryAlert } from '../../../components/retry-alert';

/** The filtered course list with infinite scroll, its loading, empty and error states. */
export function CourseResults({ filters }: { filters: CourseFilters }) {
  const {
    data,
    isPending,
    isError,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    hasNextPage,
    fetchNextPage,
    refetch,
  } = useCourses(filters);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  useInfiniteScroll({
    enabled: hasNextPage && !isFetching && !isFetchNextPageError,
    onLoadMore: loadMore,
  });

  if (isPending) return <CourseGridSkeleton count={8} label={t('courses.loadingCourses')} />;
  if (isError && !isFetchNextPageError)
    return <RetryAlert onRetry={() => void refetch()}>{t('courses.loadFailed')}</RetryAlert>;

  const courses = data.pages.flatMap((page) => page.data);
  if (courses.length === 0) {
    return (
      <Stack
        spacing={1}
        sx={{ alignItems: 'center', textAlign: 'center', py: 8, color: 'text.secondary' }}
      >
        <SearchOffRoundedIcon sx={{ fontSize: 64, color: 'primary.light' }} aria-hidden />
        <Typography component="p" variant="h6" sx={{ color: 'text.primary' }}>
          {t('courses.empty')}
        </Typography>
        <Typography>{t('courses.emptyHint')}</Typography>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <CourseGrid courses={courses} />
      {isFetchingNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
          <CircularProgress size={32} aria-label={t('courses.loadingMore')} />
        </Box>
      )}
      {isFetchNextPageError && (
        <RetryAlert onRetry={loadMore}>{t('courses.loadFailed')}</RetryAlert>
      )}
    </Stack>
  );
}
