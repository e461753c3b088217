import { Box, Button, Container, Stack, Typography } from '@mui/material';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import { useAppSettings } from '../../../lib/app-settings-context';
import { t } from '../../../i18n/t';
import { useCourseFilters } from '../hooks/use-course-filters';
import { FilterList, FilterSelect } from './course-filters';
import { CourseResults } from './course-results';
import { CourseSearchField } from './course-search-field';

/**
 * The course list (spec §2): search, grade and category filters (side lists on desktop,
 * dropdowns on phones), a reset, and the results; every filter lives in the URL.
 */
export function CoursesPage() {
  const { grades, categories } = useAppSettings();
  const { filters, hasFilters, setQuery, setFilter, reset } = useCourseFilters();

  const resetButton = (
    <Button
      onClick={reset}
      disabled={!hasFilters}
      startIcon={<FilterAltOffOutlinedIcon />}
      variant="outlined"
      sx={{ flexShrink: 0, bgcolor: 'background.paper' }}
    >
      {t('courses.resetFilters')}
    </Button>
  );

  const gradeProps = {
    label: t('courses.grade'),
    options: grades,
    value: filters.grade_id,
    onChange: (id?: number) => setFilter('grade_id', id),
  };
  const categoryProps = {
    label: t('courses.category'),
    options: categories,
    value: filters.category_id,
    onChange: (id?: number) => setFilter('category_id', id),
  };

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Typography
        component="h1"
        variant="h4"
        sx={{ mb: { xs: 2, md: 3 }, fontSize: { xs: '1.6rem', md: '2rem' } }}
      >
        {t('courses.title')}
      </Typography>
      <Stack direction="row" sx={{ gap: 3, alignItems: 'flex-start' }}>
        {/* Both layouts are in the HTML and the stylesheet picks one, so a page the server
            rendered is already the phone's before any script runs (issue 24). */}
        <Stack
          component="aside"
          aria-label={t('courses.filters')}
          spacing={2}
          sx={{ width: 260, flexShrink: 0, display: { xs: 'none', md: 'flex' } }}
        >
          {resetButton}
          {grades.length > 0 && <FilterList {...gradeProps} />}
          {categories.length > 0 && <FilterList {...categoryProps} />}
        </Stack>
        <Stack spacing={2.5} sx={{ flex: 1, minWidth: 0 }}>
          <CourseSearchField query={filters.query ?? ''} onSearch={setQuery} />
          <Box
            sx={{
              display: { xs: 'grid', md: 'none' },
              gridTemplateColumns: '1fr 1fr',
              gap: 1.5,
            }}
          >
            {grades.length > 0 && <FilterSelect {...gradeProps} />}
            {categories.length > 0 && <FilterSelect {...categoryProps} />}
            <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
              {resetButton}
            </Box>
          </Box>
          <CourseResults filters={filters} />
        </Stack>
      </Stack>
    </Container>
  );
}
