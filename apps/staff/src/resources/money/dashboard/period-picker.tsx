import { useTranslate } from 'react-admin';
import { Button, Stack } from '@mui/material';
import { DayPicker } from './day-picker';
import { daysBefore, monthOf } from './dashboard-days';

export interface DayRange {
  from: string;
  to: string;
}

/** The years a period may start or end in: the platform's first year to this one. */
export function yearsUpTo(today: string, first = 2024): number[] {
  const last = Number(today.slice(0, 4));
  return Array.from({ length: Math.max(last - first + 1, 1) }, (_, i) => first + i);
}

/**
 * The dashboard's period: two days picked as day, month and year, or one of the usual periods
 * (the last 7, 30 or 90 days, this month, last month). The server refuses a period backwards
 * or over a year with its own Arabic message.
 */
export function PeriodPicker({
  today,
  value,
  onChange,
}: {
  today: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);
  const years = yearsUpTo(today);
  const presets: { key: string; label: string; range: DayRange }[] = [
    ...[7, 30, 90].map((days) => ({
      key: `d${days}`,
      label: t('last_days', { smart_count: days }),
      range: { from: daysBefore(today, days - 1), to: today },
    })),
    { key: 'month', label: t('this_month'), range: { ...monthOf(today), to: today } },
    { key: 'last-month', label: t('last_month'), range: monthOf(today, 1) },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        <DayPicker
          legend={t('from')}
          value={value.from}
          years={years}
          onChange={(from) => onChange({ ...value, from })}
        />
        <DayPicker
          legend={t('to')}
          value={value.to}
          years={years}
          onChange={(to) => onChange({ ...value, to })}
        />
      </Stack>
      <Stack
        direction="row"
        role="group"
        aria-label={t('presets')}
        sx={{ flexWrap: 'wrap', gap: 1 }}
      >
        {presets.map((p) => {
          const current = p.range.from === value.from && p.range.to === value.to;
          return (
            <Button
              key={p.key}
              size="small"
              variant={current ? 'contained' : 'outlined'}
              aria-pressed={current}
              onClick={() => onChange(p.range)}
            >
              {p.label}
            </Button>
          );
        })}
      </Stack>
    </Stack>
  );
}
