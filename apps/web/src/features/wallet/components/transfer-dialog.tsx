import { useId, useState } from 'react';
import { Box, Button, Dialog, DialogTitle, TextField, Typography } from '@mui/material';
import {
  fromPiasters,
  normalizeCode,
  toPiasters,
  TRANSFER_INPUT_MIN,
  TRANSFER_SUCCESS_SNACKBAR_MS,
} from '@dars/contract';
import type { Message } from '../../../components/message-bar';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useAppSettings } from '../../../lib/app-settings-context';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../i18n/t';
import { tw } from '../../../i18n/ar-wallet';
import { useTransferBalance } from '../api/transfer-balance';
import { checkTransfer } from '../lib/transfer-form';
import { transferErrorMessage } from '../lib/wallet-messages';
import { DialogForm } from './dialog-form';
import type { TransferDone } from './wallet-notices';

/**
 * The transfer dialog (spec §5, §8): the receiving wallet's address and an amount of at least
 * 0.5 pounds that the balance covers (the field offers 1 to the balance); the fee of
 * `transfer_fees` and what leaves the balance are shown before confirming, and the confirm
 * button is disabled until the form holds. Success shows the 2000 ms snackbar.
 */
export function TransferDialog({
  open,
  balance,
  onClose,
  onTransferred,
}: {
  open: boolean;
  balance: number;
  onClose: () => void;
  onTransferred: (transfer: TransferDone) => void;
}) {
  const titleId = useId();
  const transfer = useTransferBalance();
  return (
    <Dialog
      open={open}
      onClose={transfer.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{tw('transfer.title')}</DialogTitle>
      {/* Mounted only while open, so every opening starts with an empty form. */}
      <TransferForm
        balance={balance}
        transfer={transfer}
        onClose={onClose}
        onTransferred={onTransferred}
      />
    </Dialog>
  );
}

function TransferForm({
  balance,
  transfer,
  onClose,
  onTransferred,
}: {
  balance: number;
  transfer: ReturnType<typeof useTransferBalance>;
  onClose: () => void;
  onTransferred: (transfer: TransferDone) => void;
}) {
  const { transfer_fees: fee } = useAppSettings();
  const showSnackbar = useSnackbar();
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const check = checkTransfer({ address: normalizeCode(address), amount }, balance);
  const busy = transfer.isPending;

  const submit = async () => {
    if (!check.body || busy) return;
    try {
      const done = await transfer.mutateAsync(check.body);
      showSnackbar(tw('transfer.done'), { duration: TRANSFER_SUCCESS_SNACKBAR_MS });
      onTransferred({
        amount: done.amount,
        address: check.body.wallet_address,
        balance: done.balance,
      });
    } catch (error) {
      setMessage({ severity: 'error', text: transferErrorMessage(error) });
    }
  };

  return (
    <DialogForm
      onSubmit={submit}
      message={message}
      actions={
        <>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy} disabled={check.body === null}>
            {tw('transfer.confirm')}
          </Button>
        </>
      }
    >
      <TextField
        label={tw('transfer.address')}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        disabled={busy}
        required
        autoFocus
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
      />
      <TextField
        label={tw('transfer.amount')}
        type="number"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        error={check.amountError !== null}
        helperText={
          check.amountError ?? tw('transfer.amountHint', { balance: formatMoney(balance) })
        }
        disabled={busy}
        required
        fullWidth
        slotProps={{
          htmlInput: {
            min: TRANSFER_INPUT_MIN,
            max: balance,
            step: 'any',
            inputMode: 'decimal',
          },
        }}
      />
      <Box
        role="status"
        sx={{
          bgcolor: 'grey.50',
          borderRadius: 2,
          px: 2,
          py: 1.5,
          border: 1,
          borderColor: 'divider',
        }}
      >
        <Typography>{tw('transfer.fee', { fee: formatMoney(fee) })}</Typography>
        {check.body && (
          <Typography sx={{ fontWeight: 700 }}>
            {tw('transfer.total', {
              total: formatMoney(fromPiasters(toPiasters(check.body.amount) + toPiasters(fee))),
            })}
          </Typography>
        )}
      </Box>
    </DialogForm>
  );
}
