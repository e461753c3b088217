import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Box, Button, Dialog, DialogTitle, TextField, Typography } from '@mui/material';
import type { LookupTransferRecipientResponse, TransferBalanceBody } from '@dars/contract';
import type { Message } from '../../../components/message-bar';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useAppSettings } from '../../../lib/app-settings-context';
import { formatMoney } from '../../../lib/format';
import { t } from '../../../i18n/t';
import { tw } from '../../../i18n/ar-wallet';
import { useLookupTransferRecipient } from '../api/lookup-transfer-recipient';
import { useTransferBalance } from '../api/transfer-balance';
import { checkTransfer } from '../lib/transfer-form';
import { lookupErrorMessage, transferErrorMessage } from '../lib/wallet-messages';
import { DialogForm } from './dialog-form';
import type { TransferDone } from './wallet-notices';
import {
  fromPiasters,
  normalizeWalletAddress,
  toPiasters,
  TRANSFER_INPUT_MIN,
  TRANSFER_SUCCESS_SNACKBAR_MS,
} from '@dars/contract/plain';

/**
 * The transfer dialog (spec §5, §8), in two steps (ADR 038). First the receiving wallet's
 * address and an amount of at least 0.5 pounds that the balance covers (the field offers 1 to
 * the balance), with the fee of `transfer_fees` and what leaves the balance; «التالي» stays
 * disabled until the form holds and looks the address up. Then who receives (name and masked
 * phone), the amount, the fee and the total, with «تأكيد التحويل» and a way back to edit; a
 * refused lookup is said under the address instead. Success shows the 2000 ms snackbar.
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

/** What the confirmation step shows and sends: the body as looked up, and who it reaches. */
interface Looked {
  body: TransferBalanceBody;
  recipient: LookupTransferRecipientResponse;
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
  const lookup = useLookupTransferRecipient();
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const [looked, setLooked] = useState<Looked | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const addressRef = useRef<HTMLInputElement>(null);
  const check = checkTransfer({ address: normalizeWalletAddress(address), amount }, balance);
  const busy = transfer.isPending || lookup.isPending;

  // A refused lookup sends the focus to the address it is said under, once the field is
  // enabled again (the mutation's state may reach the form after the refusal).
  useEffect(() => {
    if (addressError !== null && !busy) addressRef.current?.focus();
  }, [addressError, busy]);

  const next = async () => {
    if (!check.body || busy) return;
    const body = check.body;
    setMessage(null);
    try {
      const recipient = await lookup.mutateAsync({ wallet_address: body.wallet_address });
      setAddressError(null);
      setLooked({ body, recipient });
    } catch (error) {
      setAddressError(lookupErrorMessage(error));
    }
  };

  const edit = () => {
    setLooked(null);
    setMessage(null);
    // Back where the student most likely wants to change something.
    window.requestAnimationFrame(() => addressRef.current?.focus());
  };

  const send = async () => {
    if (!looked || busy) return;
    try {
      const done = await transfer.mutateAsync(looked.body);
      showSnackbar(tw('transfer.done'), { duration: TRANSFER_SUCCESS_SNACKBAR_MS });
      onTransferred({
        amount: done.amount,
        address: looked.body.wallet_address,
        balance: done.balance,
      });
    } catch (error) {
      setMessage({ severity: 'error', text: transferErrorMessage(error) });
    }
  };

  if (looked) {
    return (
      <DialogForm
        onSubmit={send}
        message={message}
        actions={
          <>
            <Button onClick={edit} disabled={busy} color="inherit">
              {tw('transfer.edit')}
            </Button>
            <Button type="submit" variant="contained" loading={transfer.isPending}>
              {tw('transfer.confirm')}
            </Button>
          </>
        }
      >
        <RecipientCard looked={looked} fee={fee} />
      </DialogForm>
    );
  }

  return (
    <DialogForm
      onSubmit={next}
      message={message}
      actions={
        <>
          <Button onClick={onClose} disabled={busy} color="inherit">
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={lookup.isPending}
            disabled={check.body === null}
          >
            {tw('transfer.next')}
          </Button>
        </>
      }
    >
      <TextField
        label={tw('transfer.address')}
        value={address}
        onChange={(event) => {
          setAddress(event.target.value);
          setAddressError(null);
        }}
        inputRef={addressRef}
        error={addressError !== null}
        helperText={addressError}
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
            {tw('transfer.total', { total: formatMoney(totalOf(check.body.amount, fee)) })}
          </Typography>
        )}
      </Box>
    </DialogForm>
  );
}

/** The amount and the fee, in pounds, added in piasters so no float creeps in. */
function totalOf(amount: number, fee: number): number {
  return fromPiasters(toPiasters(amount) + toPiasters(fee));
}

/**
 * Who receives and what it costs, before «تأكيد التحويل». The focus moves to its heading when
 * it appears, and the heading is described by the card's details, so a screen reader says
 * who receives at once. The address and the phone are isolated left to right.
 */
function RecipientCard({ looked, fee }: { looked: Looked; fee: number }) {
  const headingId = useId();
  const detailsId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { body, recipient } = looked;
  const rows: [label: string, value: ReactNode][] = [
    [tw('transfer.recipientName'), <bdi>{recipient.name}</bdi>],
    [tw('transfer.recipientPhone'), <bdi dir="ltr">{recipient.phone_masked}</bdi>],
    [tw('transfer.recipientAddress'), <bdi dir="ltr">{body.wallet_address}</bdi>],
    [tw('transfer.sentAmount'), formatMoney(body.amount)],
    [tw('transfer.feeAmount'), formatMoney(fee)],
    [tw('transfer.totalAmount'), formatMoney(totalOf(body.amount, fee))],
  ];
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, px: 2, py: 1.5 }}
    >
      <Typography
        id={headingId}
        ref={heading}
        component="h3"
        variant="subtitle1"
        tabIndex={-1}
        aria-describedby={detailsId}
        sx={{ fontWeight: 700, '&:focus-visible': { outline: 2, outlineOffset: 2 } }}
      >
        {tw('transfer.confirmTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
        {tw('transfer.confirmLead')}
      </Typography>
      <Box component="dl" id={detailsId} sx={{ m: 0 }}>
        {rows.map(([label, value], index) => (
          <Box
            key={label}
            sx={{
              display: 'flex',
              justifyContent: 'space-between',
              gap: 2,
              py: 0.75,
              borderTop: index === 0 ? 0 : 1,
              borderColor: 'divider',
              ...(index === 0 || index === rows.length - 1 ? { fontWeight: 700 } : {}),
            }}
          >
            <Box component="dt" sx={{ color: 'text.secondary', fontWeight: 'inherit' }}>
              {label}
            </Box>
            <Box
              component="dd"
              sx={{ m: 0, fontWeight: 'inherit', textAlign: 'end', overflowWrap: 'anywhere' }}
            >
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
