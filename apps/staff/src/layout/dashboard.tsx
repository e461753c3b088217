import { lazy, Suspense } from 'react';
import { Title, useTranslate } from 'react-admin';
import { Typography } from '@mui/material';

// The charts (and @mui/x-charts) load in their own chunk after sign-in (ADR 030).
const DashboardCharts = lazy(() => import('../resources/money/dashboard/dashboard-charts'));

/** The first screen after signing in: a welcome, then the school's figures for a period. */
export function Dashboard() {
  const translate = useTranslate();
  return (
    <>
      <Title title={translate('ra.page.dashboard')} />
      <Typography component="h1" variant="h5" sx={{ mt: 2 }}>
        {translate('dars.dashboard.welcome')}
      </Typography>
      <Suspense
        fallback={
          <Typography role="status">{translate('dars.money.dashboard.loading')}</Typography>
        }
      >
        <DashboardCharts />
      </Suspense>
    </>
  );
}
