import { useId, useRef, useState } from 'react';
import { Alert, Box, Button, FormHelperText, Stack, TextField, Typography } from '@mui/material';
import AttachFileRoundedIcon from '@mui/icons-material/AttachFileRounded';
import type { Message } from '../../../components/message-bar';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { fieldErrorsOf, serverFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { formatMoney } from '../../../lib/format';
import { tw } from '../../../i18n/ar-wallet';
import {
  rechargeMobileWalletBodySchema,
  useRechargeMobileWallet,
} from '../api/recharge-mobile-wallet';
import { mobileWalletErrorMessage } from '../lib/wallet-messages';
import { BackButton, DialogForm } from './dialog-form';
import type { RechargeDone } from './recharge-dialog';

type Field = 'payer_number' | 'attachment' | 'message';

/**
 * The mobile-wallet checkout (spec §5, §8): the number to send the money to, then the payer's
 * number and the receipt's image (both required: 'لا يمكنك ترك الحقل فارغاً', with 'من فضلك املأ
 * الحقول المطلوبة' above an invalid form) and an optional message. The request waits for staff
 * review; the wallet's pending-review notice says so once it is sent.
 */
export function MobileWalletCheckout({
  amount,
  walletNumber,
  onBack,
  onDone,
}: {
  amount: number;
  walletNumber: string | null;
  onBack: () => void;
  onDone: RechargeDone;
}) {
  const send = useRechargeMobileWallet();
  const fileInput = useRef<HTMLInputElement>(null);
  const receiptErrorId = useId();
  const [payer, setPayer] = useState('');
  const [receipt, setReceipt] = useState<File | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [message, setMessage] = useState<Message | null>(null);

  const invalid = (found: FormErrors<Field>) => {
    setErrors(found);
    setMessage({ severity: 'warning', text: tw('recharge.formInvalid') });
    focusFirstInvalid();
  };

  const submit = async () => {
    if (send.isPending) return;
    const parsed = rechargeMobileWalletBodySchema.safeParse({
      amount,
      payer_number: payer,
      attachment: receipt ?? undefined,
      message: note,
    });
    const found = fieldErrorsOf(parsed.error) as FormErrors<Field>;
    if (!receipt) found.attachment = tw('recharge.fieldRequired');
    if (!parsed.success || !receipt) return invalid(found);
    try {
      await send.mutateAsync({
        amount,
        payer_number: parsed.data.payer_number,
        attachment: receipt,
        message: parsed.data.message || undefined,
      });
      onDone(tw('mobileWallet.done'));
    } catch (error) {
      setErrors(serverFieldErrors(error) as FormErrors<Field>);
      setMessage({ severity: 'error', text: mobileWalletErrorMessage(error) });
    }
  };

  const busy = send.isPending;
  return (
    <DialogForm
      onSubmit={submit}
      message={message}
      actions={
        <>
          <BackButton onBack={onBack} busy={busy} />
          <Button type="submit" variant="contained" loading={busy}>
            {tw('mobileWallet.submit')}
          </Button>
        </>
      }
    >
      <Alert severity="info" icon={false}>
        {walletNumber ? (
          <>
            {tw('mobileWallet.sendTo', { amount: formatMoney(amount) })}
            <Box
              component="strong"
              dir="ltr"
              sx={{
                display: 'block',
                fontSize: '1.3rem',
                letterSpacing: '0.05em',
                mt: 0.5,
                textAlign: 'end',
              }}
            >
              {walletNumber}
            </Box>
          </>
        ) : (
          tw('mobileWallet.sendToAny', { amount: formatMoney(amount) })
        )}
      </Alert>
      <TextField
        label={tw('mobileWallet.payerNumber')}
        value={payer}
        onChange={(event) => {
          setPayer(event.target.value);
          setErrors((current) => ({ ...current, payer_number: undefined }));
        }}
        error={errors.payer_number !== undefined}
        helperText={errors.payer_number}
        disabled={busy}
        required
        fullWidth
        type="tel"
        autoComplete="tel"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
      />
      <Stack spacing={0.75} sx={{ alignItems: 'flex-start' }}>
        <Button
          variant="outlined"
          startIcon={<AttachFileRoundedIcon />}
          onClick={() => fileInput.current?.click()}
          disabled={busy}
          aria-invalid={errors.attachment !== undefined}
          aria-describedby={errors.attachment ? receiptErrorId : undefined}
        >
          {receipt ? tw('mobileWallet.changeReceipt') : tw('mobileWallet.chooseReceipt')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          hidden
          aria-label={tw('mobileWallet.receipt')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) setReceipt(file);
            setErrors((current) => ({ ...current, attachment: undefined }));
            event.target.value = '';
          }}
        />
        {receipt && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {tw('mobileWallet.receipt')}: <bdi>{receipt.name}</bdi>
          </Typography>
        )}
        {errors.attachment && (
          <FormHelperText error id={receiptErrorId}>
            {errors.attachment}
          </FormHelperText>
        )}
      </Stack>
      <TextField
        label={tw('mobileWallet.message')}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        error={errors.message !== undefined}
        helperText={errors.message}
        disabled={busy}
        multiline
        minRows={2}
        fullWidth
      />
    </DialogForm>
  );
}
