import { useId } from 'react';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import type { Transaction } from '@dars/contract';
import { RELATIVE_TIME_REFRESH_MS } from '@dars/contract/plain';
import { EmptyState } from '../../../components/empty-state';
import { formatMoney, formatRelativeTime } from '../../../lib/format';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { useNow } from '../../../lib/use-now';
import { tw } from '../../../i18n/ar-wallet';
import {
  formatSignedMoney,
  transactionName,
  truncateName,
  valueTone,
} from '../lib/transaction-view';

const TONE_COLOR = { credit: 'success.dark', debit: 'error.main', none: 'text.primary' } as const;

/**
 * The ledger (spec §2): type, name (cut at 25 characters), value with its sign and colour,
 * balance after, relative date (renewed every 20 s) and comment, newest first, with a
 * load-more button. A table from the desktop breakpoint; on phones one block per row, so the
 * page never scrolls sideways.
 */
export function TransactionsSection({
  rows,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
}: {
  rows: Transaction[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
}) {
  const headingId = useId();
  const isDesktop = useIsDesktop();
  const now = useNow(RELATIVE_TIME_REFRESH_MS);
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {tw('transactions.title')}
      </Typography>
      {rows.length === 0 ? (
        <Paper variant="outlined" sx={{ borderRadius: 3 }}>
          <EmptyState icon={<SwapHorizRoundedIcon />} text={tw('transactions.empty')} />
        </Paper>
      ) : isDesktop ? (
        <TransactionTable rows={rows} now={now} labelledBy={headingId} />
      ) : (
        <TransactionList rows={rows} now={now} labelledBy={headingId} />
      )}
      {loadMoreFailed && <Alert severity="error">{tw('transactions.loadMoreFailed')}</Alert>}
      {hasMore && (
        <Button
          variant="outlined"
          onClick={onLoadMore}
          loading={loadingMore}
          sx={{ alignSelf: 'center', minWidth: 160 }}
        >
          {tw('transactions.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

/** A row's name cut at 25 characters; the whole name is its title when cut. */
function RowName({ row }: { row: Transaction }) {
  const name = transactionName(row);
  if (name === null) return <span>{tw('transactions.none')}</span>;
  const shown = truncateName(name);
  return <span title={shown === name ? undefined : name}>{shown}</span>;
}

function RowValue({ value }: { value: number }) {
  return (
    <Box component="span" sx={{ color: TONE_COLOR[valueTone(value)], fontWeight: 700 }}>
      {formatSignedMoney(value)}
    </Box>
  );
}

function RowDate({ timestamp, now }: { timestamp: string; now: number }) {
  return <time dateTime={timestamp}>{formatRelativeTime(timestamp, now)}</time>;
}

const cell = {
  px: 2,
  py: 1.5,
  textAlign: 'start',
  borderBottom: 1,
  borderColor: 'divider',
  verticalAlign: 'top',
} as const;

/** The rows to show, the time their dates are counted from, and the heading that names them. */
interface RowsProps {
  rows: Transaction[];
  now: number;
  labelledBy: string;
}

function TransactionTable({ rows, now, labelledBy }: RowsProps) {
  const headers = [
    tw('transactions.type'),
    tw('transactions.name'),
    tw('transactions.value'),
    tw('transactions.balanceAfter'),
    tw('transactions.date'),
    tw('transactions.comment'),
  ];
  return (
    <Paper variant="outlined" sx={{ borderRadius: 3, overflowX: 'auto' }}>
      <Box
        component="table"
        aria-labelledby={labelledBy}
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          '& th': { ...cell, fontWeight: 700, bgcolor: 'grey.50', whiteSpace: 'nowrap' },
          '& td': cell,
          '& tbody tr:last-of-type td': { borderBottom: 0 },
        }}
      >
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.serial}>
              <td>{tw(`transactions.types.${row.type}`)}</td>
              <td>
                <RowName row={row} />
              </td>
              <Box component="td" sx={{ whiteSpace: 'nowrap' }}>
                <RowValue value={row.value} />
              </Box>
              <Box component="td" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.balance_after)}
              </Box>
              <Box component="td" sx={{ whiteSpace: 'nowrap' }}>
                <RowDate timestamp={row.timestamp} now={now} />
              </Box>
              <Box component="td" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                {row.comment ?? tw('transactions.none')}
              </Box>
            </tr>
          ))}
        </tbody>
      </Box>
    </Paper>
  );
}

function TransactionList({ rows, now, labelledBy }: RowsProps) {
  return (
    <Paper
      variant="outlined"
      component="ul"
      aria-labelledby={labelledBy}
      sx={{ borderRadius: 3, listStyle: 'none', m: 0, p: 0 }}
    >
      {rows.map((row, index) => (
        <Box
          component="li"
          key={row.serial}
          sx={{ px: 2, py: 1.5, borderTop: index === 0 ? 0 : 1, borderColor: 'divider' }}
        >
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
            <Typography sx={{ fontWeight: 700 }}>{tw(`transactions.types.${row.type}`)}</Typography>
            <Typography component="span" sx={{ whiteSpace: 'nowrap' }}>
              <RowValue value={row.value} />
            </Typography>
          </Stack>
          {transactionName(row) !== null && (
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              <RowName row={row} />
            </Typography>
          )}
          <Stack
            direction="row"
            spacing={1}
            sx={{ justifyContent: 'space-between', color: 'text.secondary', mt: 0.5 }}
          >
            <Typography variant="body2" component="span">
              {tw('transactions.balanceAfterLine', { balance: formatMoney(row.balance_after) })}
            </Typography>
            <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
              <RowDate timestamp={row.timestamp} now={now} />
            </Typography>
          </Stack>
          {row.comment && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mt: 0.5, overflowWrap: 'anywhere' }}
            >
              {row.comment}
            </Typography>
          )}
        </Box>
      ))}
    </Paper>
  );
}
