import { useTranslate } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { PieChart } from '@mui/x-charts/PieChart';
import type { StaffStats } from '@dars/contract';
import { formatMoney, pluralize } from '@dars/ui/format';
import { dashboardPlurals } from '../../../i18n/money-ar';

/** The slices' colours, also beside each line of the list (the pie has no legend of its own). */
const COLOURS = ['#1565c0', '#2e7d32', '#e65100', '#6a1b9a', '#00838f', '#ad1457', '#5d4037'];
const colour = (i: number) => COLOURS[i % COLOURS.length];

/** Money in by where it came from: a pie, then the same as a list a screen reader reads. */
export function MethodChart({ revenue }: { revenue: NonNullable<StaffStats['revenue']> }) {
  const translate = useTranslate();
  const label = (method: string) =>
    translate(`dars.money.dashboard.revenue_method.${method}`, {
      _: translate(`dars.money.orders.method.${method}`, { _: method }),
    });
  if (revenue.by_method.length === 0)
    return <Typography>{translate('dars.money.dashboard.no_revenue')}</Typography>;
  return (
    <Box>
      <PieChart
        height={220}
        hideLegend
        skipAnimation
        series={[
          {
            innerRadius: 50,
            data: revenue.by_method.map((m, i) => ({
              id: i,
              value: m.amount,
              label: label(m.method),
              color: colour(i),
            })),
            valueFormatter: (item) => formatMoney(item.value),
          },
        ]}
      />
      <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
        {revenue.by_method.map((m, i) => (
          <li key={m.method}>
            <Box
              component="span"
              aria-hidden
              sx={{
                display: 'inline-block',
                width: 12,
                height: 12,
                borderRadius: '2px',
                bgcolor: colour(i),
                me: 1,
                verticalAlign: 'middle',
              }}
            />
            {label(m.method)}: {formatMoney(m.amount)} (
            {pluralize(m.count, dashboardPlurals.operation)})
          </li>
        ))}
      </Box>
    </Box>
  );
}
