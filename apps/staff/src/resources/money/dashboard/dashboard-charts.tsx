import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Alert, Card, CardContent, Stack, Typography } from '@mui/material';
import type { StaffStats } from '@dars/contract';
import { moneyCalls } from '../../../data/money-calls';
import { DashboardFigures } from './dashboard-figures';
import { cairoToday, daysBefore } from './dashboard-days';
import { PeriodPicker, type DayRange } from './period-picker';
import { failureText } from '../../../data/failure';

// The dashboard's period and figures (issue 13, ADR 030; issue 23, ADR 033). Its own chunk:
// @mui/x-charts never reaches the console's first load.

/**
 * The figures of a period, the last 30 Cairo days first; a teacher's are their own courses'
 * (the server counts them so, ADR 048), without the school's money.
 */
export default function DashboardCharts({ teacher }: { teacher?: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`dars.money.dashboard.${key}`);
  const today = cairoToday();
  const [period, setPeriod] = useState<DayRange>({ from: daysBefore(today, 29), to: today });
  const [stats, setStats] = useState<StaffStats | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    moneyCalls
      .stats(period.from, period.to, controller.signal)
      .then((answer) => {
        setError(null);
        setStats(answer.data);
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError(failureText(e, translate));
      });
    return () => controller.abort();
  }, [period.from, period.to, translate]);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('title')}
          </Typography>
          <PeriodPicker today={today} value={period} onChange={setPeriod} />
        </CardContent>
      </Card>
      {error && <Alert severity="error">{error}</Alert>}
      {!stats && !error && <Typography role="status">{t('loading')}</Typography>}
      {stats && !error && <DashboardFigures stats={stats} teacher={teacher} />}
    </Stack>
  );
}
