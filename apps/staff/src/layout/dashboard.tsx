import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Title, useGetList, useTranslate } from 'react-admin';
import { Card, CardActionArea, Stack, Typography } from '@mui/material';
import { formatMoney, formatNumber } from '@dars/ui/format';
import { staffEndpoints } from '@dars/contract';
import { callStaff } from '../data/http';
import { session } from '../data/token';
import { cairoMonthNow } from '../components/cairo-time';
import { useRole } from '../components/use-role';
import { consoleSchool } from '../school';

// The charts (and @mui/x-charts) load in their own chunk after sign-in (ADR 030).
const DashboardCharts = lazy(() => import('../resources/money/dashboard/dashboard-charts'));

/** The teacher's share of this Cairo month's sales, pounds; undefined while it loads. */
function useMonthShare(teacherId: number | undefined): number | undefined {
  const [share, setShare] = useState<number>();
  useEffect(() => {
    if (teacherId === undefined) return;
    let live = true;
    callStaff(staffEndpoints.staffGetTeacherStatement, {
      params: { id: teacherId },
      query: { month: cairoMonthNow() },
    }).then(
      (answer) => live && setShare(answer.data.totals.share),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [teacherId]);
  return share;
}

/**
 * A teacher's first screen (ADR 048): how many courses are theirs, how many essays wait for
 * their marking, and their share of this month's sales, each a link (the last to their
 * statement); then their courses' figures for a period (their new students, joins, sales and
 * exam averages against the period before).
 */
function TeacherHome() {
  const translate = useTranslate();
  const page = { pagination: { page: 1, perPage: 1 } };
  const courses = useGetList('courses', page);
  const marking = useGetList('marking', page);
  const teacherId = session.user()?.teacher_id;
  const share = useMonthShare(teacherId);
  const figures = [
    {
      to: '/courses',
      label: 'dars.dashboard.teacher.courses',
      text: courses.total === undefined ? undefined : formatNumber(courses.total),
    },
    {
      to: '/marking',
      label: 'dars.dashboard.teacher.marking',
      text: marking.total === undefined ? undefined : formatNumber(marking.total),
    },
    ...(teacherId === undefined
      ? []
      : [
          {
            to: `/teachers/${teacherId}/statement`,
            label: 'dars.dashboard.teacher.share',
            text: share === undefined ? undefined : formatMoney(share),
          },
        ]),
  ];
  return (
    <Stack
      component="ul"
      direction="row"
      sx={{ mt: 2, p: 0, listStyle: 'none', flexWrap: 'wrap', gap: 2 }}
    >
      {figures.map((f) => (
        <li key={f.to}>
          <Card variant="outlined">
            <CardActionArea component={Link} to={f.to} sx={{ p: 2, minWidth: 160 }}>
              <Typography variant="h4" component="p">
                {f.text ?? '…'}
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
        {translate('dars.dashboard.welcome', { name: consoleSchool().name })}
      </Typography>
      {role === 'teacher' && <TeacherHome />}
      {role !== undefined && (
        <Suspense
          fallback={
            <Typography role="status">{translate('dars.money.dashboard.loading')}</Typography>
          }
        >
          <DashboardCharts teacher={role === 'teacher'} />
        </Suspense>
      )}
    </>
  );
}
