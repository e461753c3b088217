import { useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatMoney, formatNumber } from '@dars/ui/format';
import { ChartCard } from './chart-card';

/** One row: a name, its sales and its amount (pounds). */
export interface ShareRow {
  key: string;
  name: string;
  count: number;
  amount: number;
}

const SHOWN = 8;

/**
 * Amounts by course or teacher as a table a phone can read, each name over a bar of its
 * share of the largest (a chart for the eye; the numbers are the text). The largest eight
 * first; the rest one button away.
 */
export function ShareTable({
  title,
  rows,
  nameHeader,
}: {
  /** The card's title and the table's name. */
  title: string;
  rows: ShareRow[];
  nameHeader: string;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);
  const [all, setAll] = useState(false);
  if (rows.length === 0)
    return (
      <ChartCard title={title}>
        <Typography>{t('no_paid_sales')}</Typography>
      </ChartCard>
    );
  const largest = Math.max(...rows.map((r) => r.amount), 0.01);
  const shown = all ? rows : rows.slice(0, SHOWN);
  return (
    <ChartCard title={title}>
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>{nameHeader}</TableCell>
            <TableCell align="center">{t('sales_count')}</TableCell>
            {/* `end`: a logical side, which the RTL styles leave alone (the row's left). */}
            <TableCell sx={{ textAlign: 'end' }}>{t('amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((r) => (
            <TableRow key={r.key}>
              <TableCell sx={{ width: '55%' }}>
                {r.name}
                <Box
                  aria-hidden
                  sx={{
                    mt: 0.5,
                    height: 6,
                    borderRadius: 3,
                    bgcolor: 'primary.main',
                    width: `${Math.max((r.amount / largest) * 100, 2)}%`,
                  }}
                />
              </TableCell>
              <TableCell align="center">{formatNumber(r.count)}</TableCell>
              <TableCell sx={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                {formatMoney(r.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {rows.length > SHOWN && (
        <Button size="small" onClick={() => setAll((a) => !a)} sx={{ mt: 1 }}>
          {all ? t('show_fewer') : t('show_all', { count: formatNumber(rows.length) })}
        </Button>
      )}
    </ChartCard>
  );
}
