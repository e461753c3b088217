import { useState } from 'react';
import { Button, TextField } from '@mui/material';
import { normalizeCode } from '@dars/contract/plain';
import type { Message } from '../../../components/message-bar';
import { tw } from '../../../i18n/ar-wallet';
import { useRechargeCard } from '../api/recharge-card';
import { rechargeCardErrorMessage } from '../lib/wallet-messages';
import { BackButton, DialogForm } from './dialog-form';
import type { RechargeDone } from './recharge-dialog';

/**
 * The recharge card's checkout (spec §5, §8): its code, required (spaces stripped); the card's
 * value is added at once. The code is cleared after a refusal.
 */
export function CardCheckout({ onBack, onDone }: { onBack: () => void; onDone: RechargeDone }) {
  const recharge = useRechargeCard();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);

  const submit = async () => {
    if (recharge.isPending) return;
    const stripped = normalizeCode(code);
    if (!stripped) {
      setCodeError(tw('recharge.fieldRequired'));
      setMessage({ severity: 'warning', text: tw('recharge.formInvalid') });
      return;
    }
    try {
      await recharge.mutateAsync(stripped);
      onDone(tw('card.done'));
    } catch (error) {
      setCode('');
      setMessage({ severity: 'error', text: rechargeCardErrorMessage(error) });
    }
  };

  return (
    <DialogForm
      onSubmit={submit}
      message={message}
      actions={
        <>
          <BackButton onBack={onBack} busy={recharge.isPending} />
          <Button type="submit" variant="contained" loading={recharge.isPending}>
            {tw('card.submit')}
          </Button>
        </>
      }
    >
      <TextField
        label={tw('card.code')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setCodeError(null);
        }}
        error={codeError !== null}
        helperText={codeError ?? tw('card.codeHint')}
        disabled={recharge.isPending}
        required
        autoFocus
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr', spellCheck: false } }}
      />
    </DialogForm>
  );
}
