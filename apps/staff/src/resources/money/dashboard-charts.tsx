import { useEffect, useId, useState } from 'react';
import { useTranslate, type HttpError } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import type { StaffStats } from '@dars/contract';
import { formatMoney, formatNumber, pluralize } from '@dars/ui/format';
import { dashboardPlurals } from '../../i18n/money-ar';
import { moneyCalls } from '../../data/money-calls';

// The dashboard's figures and charts (issue 13, ADR 030). Its own chunk: @mui/x-charts never
// reaches the console's first load.

/** A Cairo day, as the server counts them. @example cairoToday() // '2026-11-26' */
export function cairoToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Cairo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** A day `n` days before `day`. */
export function daysBefore(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** 26/11 for a chart's axis. */
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

function Figure({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: React.ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography component="p" variant="h5">
          {value}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="figure" sx={{ m: 0, height: '100%' }}>
      <CardContent>
        <Typography component="figcaption" variant="h6" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The figures of a period; the period is picked by two dates or a preset. */
export default function DashboardCharts() {
  const translate = useTranslate();
  const today = cairoToday();
  const [period, setPeriod] = useState({ from: daysBefore(today, 29), to: today });
  const [stats, setStats] = useState<StaffStats | null>(null);
  const [error, setError] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();

  useEffect(() => {
    const controller = new AbortController();
    moneyCalls
      .stats(period.from, period.to, controller.signal)
      .then((answer) => {
        setError(null);
        setStats(answer.data);
      })
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setError((e as HttpError).message);
      });
    return () => controller.abort();
  }, [period.from, period.to]);

  const preset = (days: number) => setPeriod({ from: daysBefore(today, days - 1), to: today });
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);

  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Card>
        <CardContent>
          <Typography component="h2" variant="h6" gutterBottom>
            {t('title')}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField
              id={fromId}
              type="date"
              size="small"
              label={t('from')}
              value={period.from}
              onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, from: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              id={toId}
              type="date"
              size="small"
              label={t('to')}
              value={period.to}
              onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, to: e.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            {[7, 30, 90].map((days) => (
              <Button key={days} size="small" variant="outlined" onClick={() => preset(days)}>
                {t('last_days', { smart_count: days })}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
      {error && <Alert severity="error">{error}</Alert>}
      {!stats && !error && <Typography role="status">{t('loading')}</Typography>}
      {stats && <Figures stats={stats} />}
    </Stack>
  );
}

function Figures({ stats }: { stats: StaffStats }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);
  const days = stats.new_students.by_day.map((d) => shortDay(d.day));
  return (
    <>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure label={t('new_students')} value={formatNumber(stats.new_students.total)} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label={t('revenue')}
            value={stats.revenue ? formatMoney(stats.revenue.total) : t('admin_only')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure
            label={t('recharges_pending')}
            value={formatNumber(stats.recharges_pending.count)}
          >
            <Typography variant="body2" color="text.secondary">
              {formatMoney(stats.recharges_pending.amount)}
            </Typography>
            <Button component={RouterLink} to="/mobile-payments" size="small" sx={{ mt: 1, px: 0 }}>
              {t('review')}
            </Button>
          </Figure>
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <Figure label={t('exams_taken')} value={formatNumber(stats.exams.taken)}>
            <Typography variant="body2" color="text.secondary">
              {stats.exams.average_score === null
                ? t('no_average')
                : t('average', { score: formatNumber(stats.exams.average_score) })}
            </Typography>
            {stats.exams.awaiting_marking > 0 && (
              <Typography variant="body2" color="warning.main">
                {t('awaiting_marking', {
                  exams: pluralize(stats.exams.awaiting_marking, dashboardPlurals.exam),
                })}
              </Typography>
            )}
          </Figure>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: stats.revenue ? 6 : 12 }}>
          <ChartCard title={t('new_students_chart')}>
            <LineChart
              height={260}
              xAxis={[{ scaleType: 'point', data: days }]}
              series={[
                {
                  data: stats.new_students.by_day.map((d) => d.count),
                  label: t('new_students'),
                  valueFormatter: (v) => formatNumber(v ?? 0),
                },
              ]}
            />
          </ChartCard>
        </Grid>
        {stats.revenue && (
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('revenue_by_day')}>
              <BarChart
                height={260}
                xAxis={[{ scaleType: 'band', data: days }]}
                series={[
                  {
                    data: stats.revenue.by_day.map((d) => d.amount),
                    label: t('revenue'),
                    valueFormatter: (v) => formatMoney(v ?? 0),
                  },
                ]}
              />
            </ChartCard>
          </Grid>
        )}
        {stats.revenue && (
          <Grid size={{ xs: 12, md: 6 }}>
            <ChartCard title={t('revenue_by_method')}>
              {stats.revenue.by_method.length === 0 ? (
                <Typography>{t('no_revenue')}</Typography>
              ) : (
                <Box>
                  <PieChart
                    height={260}
                    series={[
                      {
                        data: stats.revenue.by_method.map((m, i) => ({
                          id: i,
                          value: m.amount,
                          label: translate(`dars.money.orders.method.${m.method}`),
                        })),
                        valueFormatter: (item) => formatMoney(item.value),
                      },
                    ]}
                  />
                  <Box component="ul" sx={{ m: 0, mt: 1, ps: 2 }}>
                    {stats.revenue.by_method.map((m) => (
                      <li key={m.method}>
                        {translate(`dars.money.orders.method.${m.method}`)}: {formatMoney(m.amount)}{' '}
                        ({t('operations', { smart_count: m.count })})
                      </li>
                    ))}
                  </Box>
                </Box>
              )}
            </ChartCard>
          </Grid>
        )}
      </Grid>
    </>
  );
}
