import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Card, CardActionArea, Stack, Typography } from '@mui/material';
import { formatNumber } from '@dars/ui/format';
import { useRole } from '../components/use-role';

// The charts (and @mui/x-charts) load in their own chunk after sign-in (ADR 030).
const DashboardCharts = lazy(() => import('../resources/money/dashboard/dashboard-charts'));

/**
 * A teacher's first screen (ADR 048): how many courses are theirs and how many essays wait for
 * their marking, each a link. Their sales and students come with the teacher's dashboard.
 */
function TeacherHome() {
  const translate = useTranslate();
  const page = { pagination: { page: 1, perPage: 1 } };
  const courses = useGetList('courses', page);
  const marking = useGetList('marking', page);
  const figures = [
    { to: '/courses', label: 'dars.dashboard.teacher.courses', total: courses.total },
    { to: '/marking', label: 'dars.dashboard.teacher.marking', total: marking.total },
  ];
  return (
    <Stack component="ul" direction="row" spacing={2} sx={{ mt: 2, p: 0, listStyle: 'none' }}>
      {figures.map((f) => (
        <li key={f.to}>
          <Card variant="outlined">
            <CardActionArea component={Link} to={f.to} sx={{ p: 2, minWidth: 160 }}>
              <Typography variant="h4" component="p">
                {f.total === undefined ? '…' : formatNumber(f.total)}
              </Typography>
              <Typography>{translate(f.label)}</Typography>
            </CardActionArea>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** The first screen after signing in: a welcome, then the school's figures for a period. */
export function Dashboard() {
  const translate = useTranslate();
  const role = useRole();
  return (
    <>
      <Title title={translate('ra.page.dashboard')} />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('dars.dashboard.welcome')}
      </Typography>
      {role === 'teacher' ? (
        <TeacherHome />
      ) : role === undefined ? null : (
        <Suspense
          fallback={
            <Typography role="status">{translate('dars.money.dashboard.loading')}</Typography>
          }
        >
          <DashboardCharts />
        </Suspense>
      )}
    </>
  );
}
