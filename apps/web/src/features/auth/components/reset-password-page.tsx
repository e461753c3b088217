import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Button, Link, Step, StepLabel, Stepper, TextField } from '@mui/material';
import {
  VALIDATION_MESSAGES,
  newPasswordSchema,
  requestPasswordResetBodySchema,
  validatePasswordResetBodySchema,
} from '@dars/contract';
import { MessageBar, type Message } from '../../../components/message-bar';
import { fieldErrorsOf, serverMessage } from '../../../lib/form-errors';
import { t } from '../../../i18n/t';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useResetPassword } from '../api/reset-password';
import { useValidatePasswordReset } from '../api/validate-password-reset';
import type { FlashState } from '../lib/flash-message';
import { isolate } from '../../../lib/isolate';
import { AuthCard } from './auth-card';

/** Where the three steps stand: what each later step needs from the one before. */
type Stage = { step: 0 } | { step: 1; email: string } | { step: 2; url: string };

const STEP_LABELS = [
  t('auth.resetStepEmail'),
  t('auth.resetStepCode'),
  t('auth.resetStepPassword'),
] as const;

/**
 * Password reset in three steps (ADR 000: Password reset): the e-mail, then the 6-digit
 * code mailed to it, then the new password with its confirmation. Done, it returns to login with a
 * success message.
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const requestCode = useRequestPasswordReset();
  const validateCode = useValidatePasswordReset();
  const resetPassword = useResetPassword();
  const [stage, setStage] = useState<Stage>({ step: 0 });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [message, setMessage] = useState<Message | null>(null);

  const fail = (error: unknown) =>
    setMessage({ text: serverMessage(error, t('auth.resetFailed')), severity: 'error' });

  const sendCode = () => {
    const parsed = requestPasswordResetBodySchema.safeParse({ email });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setMessage(null);
    requestCode.mutate(parsed.data, {
      onSuccess: ({ message: text }) => {
        setCode('');
        setStage({ step: 1, email: parsed.data.email });
        setMessage({ text, severity: 'info' });
      },
      onError: fail,
    });
  };

  const checkCode = (sentTo: string) => {
    const parsed = validatePasswordResetBodySchema.safeParse({ email: sentTo, code });
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error));
    setMessage(null);
    validateCode.mutate(parsed.data, {
      onSuccess: ({ url }) => setStage({ step: 2, url }),
      onError: fail,
    });
  };

  const savePassword = (url: string) => {
    const parsed = newPasswordSchema.safeParse(password);
    if (!parsed.success) return setErrors({ password: parsed.error.issues[0]?.message });
    if (confirmation !== password)
      return setErrors({ password_confirmation: VALIDATION_MESSAGES.passwordConfirmation });
    setMessage(null);
    resetPassword.mutate(
      { url, password },
      {
        onSuccess: () => {
          const state: FlashState = { flash: t('auth.resetDone') };
          navigate('/login', { replace: true, state });
        },
        onError: fail,
      },
    );
  };

  const submit = () => {
    if (stage.step === 0) sendCode();
    else if (stage.step === 1) checkCode(stage.email);
    else savePassword(stage.url);
  };

  const clearing =
    (name: string, set: (value: string) => void) => (event: { target: { value: string } }) => {
      set(event.target.value);
      setErrors((e) => ({ ...e, [name]: undefined }));
    };

  return (
    <AuthCard
      title={t('auth.resetTitle')}
      lead={
        stage.step === 0
          ? t('auth.resetEmailLead')
          : stage.step === 1
            ? t('auth.resetCodeLead', { email: isolate(stage.email) })
            : t('auth.resetPasswordLead')
      }
      onSubmit={submit}
      footer={
        <Link component={RouterLink} to="/login" variant="body2">
          {t('auth.backToLogin')}
        </Link>
      }
    >
      <Stepper activeStep={stage.step} alternativeLabel sx={{ pb: 1 }}>
        {STEP_LABELS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <MessageBar message={message} />
      {stage.step === 0 && (
        <>
          <TextField
            label={t('auth.email')}
            type="email"
            autoComplete="email"
            autoFocus
            value={email}
            onChange={clearing('email', setEmail)}
            error={Boolean(errors.email)}
            helperText={errors.email}
            fullWidth
            slotProps={{ htmlInput: { dir: 'ltr' } }}
          />
          <Button type="submit" variant="contained" size="large" loading={requestCode.isPending}>
            {t('auth.resetSendCode')}
          </Button>
        </>
      )}
      {stage.step === 1 && (
        <>
          <TextField
            label={t('auth.resetCode')}
            autoComplete="one-time-code"
            autoFocus
            value={code}
            onChange={clearing('code', setCode)}
            error={Boolean(errors.code)}
            helperText={errors.code}
            fullWidth
            slotProps={{
              htmlInput: { dir: 'ltr', inputMode: 'numeric', maxLength: 12 },
            }}
          />
          <Button type="submit" variant="contained" size="large" loading={validateCode.isPending}>
            {t('auth.resetCheckCode')}
          </Button>
          <Button
            onClick={() => {
              setMessage(null);
              setStage({ step: 0 });
            }}
          >
            {t('auth.resetChangeEmail')}
          </Button>
        </>
      )}
      {stage.step === 2 && (
        <>
          <TextField
            label={t('auth.newPassword')}
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={clearing('password', setPassword)}
            error={Boolean(errors.password)}
            helperText={errors.password ?? t('auth.passwordHint')}
            fullWidth
          />
          <TextField
            label={t('auth.passwordConfirmation')}
            type="password"
            autoComplete="new-password"
            value={confirmation}
            onChange={clearing('password_confirmation', setConfirmation)}
            error={Boolean(errors.password_confirmation)}
            helperText={errors.password_confirmation}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" loading={resetPassword.isPending}>
            {t('auth.resetSave')}
          </Button>
        </>
      )}
    </AuthCard>
  );
}
