import { Button, Stack, Typography } from '@mui/material';
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import { formatMoney } from '../../../lib/format';
import { tw } from '../../../i18n/ar-wallet';
import { WalletCard } from './wallet-card';

/**
 * The balance with the recharge button, and the transfer button when transfers are enabled
 * (spec §2).
 */
export function BalanceCard({
  balance,
  onRecharge,
  onTransfer,
}: {
  balance: number;
  onRecharge: () => void;
  /** Absent when `enable_wallet_transfers` is off. */
  onTransfer?: () => void;
}) {
  return (
    <WalletCard title={tw('page.balance')}>
      <Typography
        component="p"
        sx={{ fontSize: { xs: '2rem', md: '2.4rem' }, fontWeight: 800, my: 1 }}
      >
        {formatMoney(balance)}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5 }}>
        <Button
          variant="contained"
          startIcon={<AccountBalanceWalletOutlinedIcon />}
          onClick={onRecharge}
        >
          {tw('page.recharge')}
        </Button>
        {onTransfer && (
          <Button variant="outlined" startIcon={<SwapHorizRoundedIcon />} onClick={onTransfer}>
            {tw('page.transfer')}
          </Button>
        )}
      </Stack>
    </WalletCard>
  );
}
