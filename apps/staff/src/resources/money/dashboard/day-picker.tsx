import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { Box, TextField, Typography } from '@mui/material';
import { formatNumber } from '@dars/ui/format';
import { daysInMonth, MONTH_NAMES } from './dashboard-days';

/**
 * One day picked as day, month and year, in that order (the school writes 5/3/2026, never
 * mm/dd/yyyy), month by its Arabic name, digits Western. Three plain selects: they read well
 * on a phone and from the keyboard; the group's legend names them for a screen reader.
 */
export function DayPicker({
  legend,
  value,
  years,
  onChange,
}: {
  legend: string;
  /** YYYY-MM-DD */
  value: string;
  /** The years offered, oldest first. */
  years: readonly number[];
  onChange: (day: string) => void;
}) {
  const translate = useTranslate();
  const legendId = useId();
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  // A day past the month's end moves to its last day (31 → 30 April, 29 February → 28).
  const set = (y: number, m: number, d: number) => {
    const last = daysInMonth(y, m);
    const pad = (n: number) => String(n).padStart(2, '0');
    onChange(`${y}-${pad(m)}-${pad(Math.min(d, last))}`);
  };
  const select = (
    label: string,
    current: number,
    options: { value: number; label: string }[],
    pick: (n: number) => void,
  ) => (
    <TextField
      select
      size="small"
      label={translate(`dars.money.dashboard.picker.${label}`)}
      value={current}
      onChange={(e) => pick(Number(e.target.value))}
      // The phone's own wheel or list, and plain keyboard use everywhere.
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: label === 'month' ? 112 : 80 }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </TextField>
  );
  return (
    <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0 }}>
      <Typography id={legendId} component="legend" variant="body2" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        {select(
          'day',
          day,
          Array.from({ length: daysInMonth(year, month) }, (_, i) => ({
            value: i + 1,
            label: formatNumber(i + 1),
          })),
          (d) => set(year, month, d),
        )}
        {select(
          'month',
          month,
          MONTH_NAMES.map((name, i) => ({ value: i + 1, label: name })),
          (m) => set(year, m, day),
        )}
        {select(
          'year',
          year,
          years.map((y) => ({ value: y, label: String(y) })),
          (y) => set(y, month, day),
        )}
      </Box>
    </Box>
  );
}
