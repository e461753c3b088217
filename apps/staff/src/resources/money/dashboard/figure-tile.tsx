import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { formatNumber } from '@dars/ui/format';
import { compare } from './dashboard-days';

/**
 * How a figure compares with the period before, in words (for a screen reader as much as the
 * eye) after an arrow: «زيادة 20٪ عن الفترة السابقة (10)». `show` writes the previous figure
 * the way the tile writes the current one (a count, an amount).
 */
export function ChangeLine({
  current,
  previous,
  show,
  label,
}: {
  current: number;
  previous: number;
  show: (value: number) => string;
  /** What changed, when the line stands apart from its figure: «قيمة المبيعات». */
  label?: string;
}) {
  const translate = useTranslate();
  const change = compare(current, previous);
  const key =
    change.direction === 'same'
      ? 'same'
      : change.percent === null
        ? 'from_nothing'
        : change.direction;
  const color =
    change.direction === 'up'
      ? 'success.dark'
      : change.direction === 'down'
        ? 'error.main'
        : 'text.secondary';
  return (
    <Typography variant="body2" sx={{ color }}>
      <Box component="span" aria-hidden sx={{ me: 0.5 }}>
        {{ up: '▲', down: '▼', same: '■' }[change.direction]}
      </Box>
      {label && `${label}: `}
      {translate(`dars.money.dashboard.change.${key}`, {
        percent: formatNumber(change.percent ?? 0),
        previous: show(previous),
      })}
    </Typography>
  );
}

/** One of the dashboard's figures: its name, its value, then what else it needs to say. */
export function FigureTile({
  label,
  value,
  children,
}: {
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography component="h3" variant="body1" color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography component="p" variant="h5" sx={{ mb: 0.5 }}>
          {value}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
