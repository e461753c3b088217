import { useTranslate } from 'react-admin';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableRow } from '@mui/material';
import type { StaffStats } from '@dars/contract';
import { formatMoney, formatNumber } from '@dars/ui/format';
import { ChangeLine } from './figure-tile';

/**
 * Sales by how they were paid: a count for every method; what they took only for an admin
 * (`revenue` is null for a leader). A sale is a lecture or a whole course got (ADR 033).
 */
export function SalesTable({ stats }: { stats: StaffStats }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`dars.money.dashboard.${key}`, options);
  const money = stats.revenue?.sales;
  const amountOf = (method: string) =>
    money?.by_method.find((m) => m.method === method)?.amount ?? 0;
  const end = { textAlign: 'end', whiteSpace: 'nowrap' } as const;
  return (
    <>
      <Table size="small" aria-label={t('sales_chart')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('sale_method')}</TableCell>
            <TableCell align="center">{t('sales_count')}</TableCell>
            {money && <TableCell sx={end}>{t('amount')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {stats.sales.by_method.map((m) => (
            <TableRow key={m.method}>
              <TableCell>{t(`sale_by.${m.method}`)}</TableCell>
              <TableCell align="center">{formatNumber(m.count)}</TableCell>
              {money && <TableCell sx={end}>{formatMoney(amountOf(m.method))}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
        {/* A footer's cells are small and grey by default; the total is the figure that counts. */}
        <TableFooter
          sx={{ '& th, & td': { fontWeight: 700, color: 'text.primary', fontSize: 'inherit' } }}
        >
          <TableRow>
            <TableCell component="th" scope="row">
              {t('total')}
            </TableCell>
            <TableCell align="center">{formatNumber(stats.sales.total)}</TableCell>
            {money && <TableCell sx={end}>{formatMoney(money.total)}</TableCell>}
          </TableRow>
        </TableFooter>
      </Table>
      <ChangeLine
        label={t('sales_count')}
        current={stats.sales.total}
        previous={stats.sales.previous_total}
        show={formatNumber}
      />
      {money && (
        <ChangeLine
          label={t('sales_amount')}
          current={money.total}
          previous={money.previous_total}
          show={formatMoney}
        />
      )}
    </>
  );
}
