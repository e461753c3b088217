import { useTranslate } from 'react-admin';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { StaffStats } from '@dars/contract';
import { formatDate, formatMoney, formatNumber } from '@dars/ui/format';
import { ChartCard } from './chart-card';
import { dayLabel } from './dashboard-days';

// The charts over the period's days. The days run right to left, as the console reads, and
// their labels are «5 مارس» (the full date in the tooltip); head counts tick at whole numbers.
// No animation: the figures are read, not watched (and a screenshot never catches one half
// drawn).

const HEIGHT = 260;

/** Day labels a chart has room for: «28 نوفمبر» is about 60 px wide. */
function useLabelCount(): number {
  return useMediaQuery((theme: Theme) => theme.breakpoints.down('sm')) ? 3 : 6;
}

/**
 * The x axis of days, read right to left. At most `labels` day labels, the last day always
 * among them: the charts' own overlap check lets reversed Arabic labels run into each other.
 * Taller than the charts' default (25 px), which cuts the console's Arabic font to nothing.
 */
function daysAxis(days: string[], scaleType: 'band' | 'point', labels: number) {
  const step = Math.ceil(days.length / labels);
  return {
    scaleType,
    data: days,
    reverse: true,
    height: 40,
    tickLabelInterval: (_day: string, index: number) => (days.length - 1 - index) % step === 0,
    valueFormatter: (day: string, context: { location: string }) =>
      context.location === 'tick' ? dayLabel(day) : formatDate(day),
  } as const;
}

/** The busiest day in words, for whoever does not see the chart (and for a quick look). */
function Busiest({ text }: { text: string | null }) {
  return text ? (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  ) : null;
}

function busiest<T>(rows: { day: string; value: T }[], key: (v: T) => number) {
  return rows.reduce<{ day: string; value: T } | null>(
    (best, r) => (key(r.value) > 0 && (!best || key(r.value) > key(best.value)) ? r : best),
    null,
  );
}

/** New students and course enrolments, day by day: whole numbers only. */
export function HeadCountChart({ stats }: { stats: StaffStats }) {
  const translate = useTranslate();
  const labels = useLabelCount();
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);
  const days = stats.new_students.by_day.map((d) => d.day);
  const top = busiest(
    stats.enrolments.by_day.map((d) => ({ day: d.day, value: d.count })),
    (v) => v,
  );
  return (
    <ChartCard title={t('people_chart')}>
      <LineChart
        height={HEIGHT}
        xAxis={[daysAxis(days, 'point', labels)]}
        // Room for the last day's label at the line's left end (half a label's width).
        margin={{ left: 36 }}
        skipAnimation
        yAxis={[{ position: 'right', min: 0, tickMinStep: 1, valueFormatter: formatNumber }]}
        series={[
          {
            data: stats.new_students.by_day.map((d) => d.count),
            label: t('new_students'),
            // Straight lines between days: a curve would draw counts between whole numbers.
            curve: 'linear',
            valueFormatter: (v) => formatNumber(v ?? 0),
          },
          {
            data: stats.enrolments.by_day.map((d) => d.count),
            label: t('enrolments'),
            curve: 'linear',
            valueFormatter: (v) => formatNumber(v ?? 0),
          },
        ]}
      />
      <Busiest
        text={
          top &&
          t('busiest_enrolments', { day: formatDate(top.day), count: formatNumber(top.value) })
        }
      />
    </ChartCard>
  );
}

/** Money in, day by day. */
export function RevenueChart({ revenue }: { revenue: NonNullable<StaffStats['revenue']> }) {
  const translate = useTranslate();
  const labels = useLabelCount();
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);
  const top = busiest(
    revenue.by_day.map((d) => ({ day: d.day, value: d.amount })),
    (v) => v,
  );
  return (
    <ChartCard title={t('revenue_by_day')}>
      <BarChart
        height={HEIGHT}
        xAxis={[
          daysAxis(
            revenue.by_day.map((d) => d.day),
            'band',
            labels,
          ),
        ]}
        margin={{ left: 28 }}
        skipAnimation
        yAxis={[{ position: 'right', min: 0, valueFormatter: formatNumber, width: 56 }]}
        series={[
          {
            data: revenue.by_day.map((d) => d.amount),
            label: t('revenue'),
            valueFormatter: (v) => formatMoney(v ?? 0),
          },
        ]}
      />
      <Busiest
        text={
          top && t('busiest_revenue', { day: formatDate(top.day), amount: formatMoney(top.value) })
        }
      />
    </ChartCard>
  );
}
