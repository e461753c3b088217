import { useState } from 'react';
import { Button, TextField, Typography } from '@mui/material';
import { MessageBar, type Message } from '../../../components/message-bar';
import { useSnackbar } from '../../../components/snackbar-provider';
import { fieldErrorsOf, serverMessage } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useSendVerification } from '../api/send-verification';
import { useVerifyEmail } from '../api/verify-email';
import { useCooldown } from '../hooks/use-cooldown';
import { isolate } from '../../../lib/isolate';
import { AuthCard } from './auth-card';
import { verifyEmailBodySchema } from '@dars/contract';

/** How long the resend button rests after a code was sent. */
export const RESEND_COOLDOWN_SECONDS = 60;

/**
 * E-mail confirmation (spec §4): the mailed code, and a resend button that rests for a
 * minute after each send. Once confirmed the user is updated, and the guards take them
 * home (or on to /profile when the profile is incomplete).
 */
export function ConfirmPage() {
  const { user, updateUser } = useSession();
  const showSnackbar = useSnackbar();
  const verify = useVerifyEmail();
  const resend = useSendVerification();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<Message | null>(null);

  const submit = () => {
    const parsed = verifyEmailBodySchema.safeParse({ code });
    if (!parsed.success) return setError(fieldErrorsOf(parsed.error).code);
    setMessage(null);
    verify.mutate(parsed.data, {
      onSuccess: (verified) => {
        showSnackbar(t('auth.confirmDone'));
        updateUser(verified);
      },
      onError: (e) =>
        setMessage({ text: serverMessage(e, t('auth.confirmFailed')), severity: 'error' }),
    });
  };

  const sendAgain = () => {
    setMessage(null);
    resend.mutate(undefined, {
      onSuccess: ({ message: text }) => {
        cooldown.start();
        setMessage({ text, severity: 'success' });
      },
      onError: (e) =>
        setMessage({ text: serverMessage(e, t('auth.resendFailed')), severity: 'error' }),
    });
  };

  return (
    <AuthCard
      title={t('auth.confirmTitle')}
      lead={t('auth.confirmLead', { email: isolate(user?.email ?? '') })}
      onSubmit={submit}
    >
      <MessageBar message={message} />
      <TextField
        label={t('auth.confirmCode')}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error}
        fullWidth
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 12 } }}
      />
      <Button type="submit" variant="contained" size="large" loading={verify.isPending}>
        {t('auth.confirmSubmit')}
      </Button>
      <Button
        onClick={sendAgain}
        disabled={cooldown.remaining > 0}
        loading={resend.isPending}
        variant="outlined"
      >
        {t('auth.confirmResend')}
      </Button>
      {cooldown.remaining > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t('auth.confirmResendIn', { seconds: cooldown.remaining })}
        </Typography>
      )}
    </AuthCard>
  );
}
