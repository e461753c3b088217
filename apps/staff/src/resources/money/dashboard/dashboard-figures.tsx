import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { Button, Grid, Stack, Typography } from '@mui/material';
import type { StaffStats } from '@dars/contract';
import { formatDate, formatMoney, formatNumber, pluralize } from '@dars/ui/format';
import { dashboardPlurals } from '../../../i18n/money-ar';
import { ChartCard } from './chart-card';
import { HeadCountChart, RevenueChart } from './day-charts';
import { ChangeLine, FigureTile } from './figure-tile';
import { MethodChart } from './method-chart';
import { SalesTable } from './sales-table';
import { ShareTable } from './share-table';

const TILE = { xs: 12, sm: 6, lg: 4 } as const;

/** A count and how it moved since the period before. */
function CountTile({
  label,
  figure,
}: {
  label: string;
  figure: { total: number; previous_total: number };
}) {
  return (
    <FigureTile label={label} value={formatNumber(figure.total)}>
      <ChangeLine current={figure.total} previous={figure.previous_total} show={formatNumber} />
    </FigureTile>
  );
}
const HALF = { xs: 12, md: 6 } as const;

/**
 * A period's figures (ADR 030, 033): tiles that say how each moved since the period before,
 * then the charts and tables. Money (revenue, what sales took, by course and teacher) only
 * when the server sent it, that is to an admin.
 */
export function DashboardFigures({ stats, teacher }: { stats: StaffStats; teacher?: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);
  const { revenue, exams } = stats;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('compared_with', {
          from: formatDate(stats.previous.from),
          to: formatDate(stats.previous.to),
        })}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={TILE}>
          <CountTile
            label={t(teacher ? 'new_students_teacher' : 'new_students')}
            figure={stats.new_students}
          />
        </Grid>
        <Grid size={TILE}>
          <CountTile label={t('enrolments')} figure={stats.enrolments} />
        </Grid>
        {/* A teacher's money is their statement (ADR 048), not the school's revenue. */}
        {!teacher && (
          <Grid size={TILE}>
            <FigureTile
              label={t('revenue')}
              value={revenue ? formatMoney(revenue.total) : t('admin_only')}
            >
              {revenue && (
                <ChangeLine
                  current={revenue.total}
                  previous={revenue.previous_total}
                  show={formatMoney}
                />
              )}
              {revenue && revenue.refunds.count > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('refunds', {
                    refunds: pluralize(revenue.refunds.count, dashboardPlurals.operation),
                    amount: formatMoney(revenue.refunds.total),
                    cash: formatMoney(revenue.refunds.cash),
                  })}
                </Typography>
              )}
            </FigureTile>
          </Grid>
        )}
        <Grid size={TILE}>
          <CountTile label={t('sales')} figure={stats.sales} />
        </Grid>
        {stats.recharges_pending && (
          <Grid size={TILE}>
            <FigureTile
              label={t('recharges_pending')}
              value={formatNumber(stats.recharges_pending.count)}
            >
              <Typography variant="body2" color="text.secondary">
                {t('pending_amount', { amount: formatMoney(stats.recharges_pending.amount) })}
              </Typography>
              <Button component={RouterLink} to="/mobile-payments" size="small" sx={{ px: 0 }}>
                {t('review')}
              </Button>
            </FigureTile>
          </Grid>
        )}
        <Grid size={TILE}>
          <FigureTile
            label={t('exams_average')}
            value={
              exams.average_score === null
                ? t('no_average')
                : `${formatNumber(exams.average_score)}٪`
            }
          >
            <Typography variant="body2" color="text.secondary">
              {exams.taken === 0
                ? t('no_exams')
                : t('exams_marked', {
                    taken: pluralize(exams.taken, dashboardPlurals.exam),
                    marked: formatNumber(exams.marked),
                  })}
            </Typography>
            {exams.awaiting_marking > 0 && (
              <Typography variant="body2" sx={{ color: 'warning.dark' }}>
                {t('awaiting_marking', {
                  exams: pluralize(exams.awaiting_marking, dashboardPlurals.exam),
                })}
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary">
              {exams.previous_average_score === null
                ? t('previous_no_average')
                : t('previous_average', { score: formatNumber(exams.previous_average_score) })}
            </Typography>
          </FigureTile>
        </Grid>
      </Grid>
      <Grid container spacing={2}>
        <Grid size={HALF}>
          <HeadCountChart stats={stats} />
        </Grid>
        {revenue && (
          <Grid size={HALF}>
            <RevenueChart revenue={revenue} />
          </Grid>
        )}
        {revenue && (
          <Grid size={HALF}>
            <ChartCard title={t('revenue_by_method')}>
              <MethodChart revenue={revenue} />
            </ChartCard>
          </Grid>
        )}
        <Grid size={HALF}>
          <ChartCard title={t('sales_chart')}>
            <SalesTable stats={stats} />
          </ChartCard>
        </Grid>
        {revenue && (
          <Grid size={HALF}>
            <ShareTable
              title={t('by_course')}
              nameHeader={t('course')}
              rows={revenue.by_course.map((c) => ({
                key: String(c.course.id),
                name: c.course.name,
                ...c,
              }))}
            />
          </Grid>
        )}
        {revenue && (
          <Grid size={HALF}>
            <ShareTable
              title={t('by_teacher')}
              nameHeader={t('teacher')}
              rows={revenue.by_teacher.map((r) => ({
                key: String(r.teacher?.id ?? 'none'),
                name: r.teacher?.name ?? t('no_teacher'),
                ...r,
              }))}
            />
          </Grid>
        )}
      </Grid>
    </Stack>
  );
}
