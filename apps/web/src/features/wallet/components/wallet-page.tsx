import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Box, CircularProgress, Container, Stack, Typography } from '@mui/material';
import { RetryAlert } from '../../../components/retry-alert';
import { useAppSettings } from '../../../lib/app-settings-context';
import { useSession } from '../../../lib/session-context';
import { tw } from '../../../i18n/ar-wallet';
import { useWallet, walletQueryOptions } from '../api/get-wallet';
import { paymentErrorParam, rechargeParam, WALLET_QUERY, withoutParams } from '../lib/wallet-query';
import { AddressCard } from './address-card';
import { BalanceCard } from './balance-card';
import { RechargeDialog } from './recharge-dialog';
import { TransactionsSection } from './transactions-section';
import { TransferDialog } from './transfer-dialog';
import {
  PaymentProblemBanner,
  PendingReviewNotice,
  TransferDoneNotice,
  type TransferDone,
} from './wallet-notices';

/**
 * The wallet `/wallet` (spec §2): the payment-problem banner of `?error=`, the balance with
 * recharge and (when transfers are enabled) transfer, the address and its QR code, the
 * pending-review and transfers-success notices, and the ledger with load more. `?recharge=N`
 * opens the recharge dialog with N typed; closing it drops the query.
 */
export function WalletPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enable_wallet_transfers: transfers } = useAppSettings();
  const { user, updateUser } = useSession();
  const wallet = useWallet();
  const [rechargeOpen, setRechargeOpen] = useState(false);
  const [transferOpen, setTransferOpen] = useState(false);
  const [lastTransfer, setLastTransfer] = useState<TransferDone | null>(null);

  const queryAmount = rechargeParam(location.search);
  const paymentError = paymentErrorParam(location.search);
  const first = wallet.data?.pages[0];
  const balance = first?.wallet.balance;

  useEffect(() => {
    // The session's user carries the balance the purchase dialogs read: keep it the server's.
    if (balance !== undefined && user && user.balance !== balance)
      updateUser((current) => ({ ...current, balance }));
  }, [balance, user, updateUser]);

  const dropQuery = (name: string) =>
    void navigate({ search: withoutParams(location.search, [name]) }, { replace: true });
  const closeRecharge = () => {
    setRechargeOpen(false);
    if (queryAmount !== null) dropQuery(WALLET_QUERY.recharge);
  };

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Stack spacing={{ xs: 2, md: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
          {tw('page.title')}
        </Typography>
        {paymentError && (
          <PaymentProblemBanner
            text={paymentError}
            onDismiss={() => dropQuery(WALLET_QUERY.error)}
          />
        )}
        {!wallet.data ? (
          wallet.isError ? (
            <RetryAlert onRetry={() => void wallet.refetch()}>{tw('page.loadFailed')}</RetryAlert>
          ) : (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress aria-label={tw('page.loading')} />
            </Box>
          )
        ) : (
          <>
            {lastTransfer && (
              <TransferDoneNotice transfer={lastTransfer} onDismiss={() => setLastTransfer(null)} />
            )}
            {first!.meta.pending_mobile_payments_count > 0 && (
              <PendingReviewNotice count={first!.meta.pending_mobile_payments_count} />
            )}
            <Box
              sx={{
                display: 'grid',
                gap: { xs: 2, md: 3 },
                gridTemplateColumns: { xs: '1fr', md: transfers ? '1fr 1fr' : '1fr' },
              }}
            >
              <BalanceCard
                balance={first!.wallet.balance}
                onRecharge={() => setRechargeOpen(true)}
                onTransfer={transfers ? () => setTransferOpen(true) : undefined}
              />
              {transfers && first!.wallet.address && (
                <AddressCard address={first!.wallet.address} />
              )}
            </Box>
            <TransactionsSection
              rows={wallet.data.pages.flatMap((page) => page.transactions.data)}
              hasMore={wallet.hasNextPage}
              loadingMore={wallet.isFetchingNextPage}
              loadMoreFailed={wallet.isFetchNextPageError}
              onLoadMore={() => void wallet.fetchNextPage()}
            />
          </>
        )}
      </Stack>
      <RechargeDialog
        open={rechargeOpen || queryAmount !== null}
        initialAmount={queryAmount ?? ''}
        onClose={closeRecharge}
        onDone={() => {
          closeRecharge();
          void queryClient.invalidateQueries({ queryKey: walletQueryOptions().queryKey });
        }}
      />
      {transfers && balance !== undefined && (
        <TransferDialog
          open={transferOpen}
          balance={balance}
          onClose={() => setTransferOpen(false)}
          onTransferred={(done) => {
            setTransferOpen(false);
            setLastTransfer(done);
          }}
        />
      )}
    </Container>
  );
}
