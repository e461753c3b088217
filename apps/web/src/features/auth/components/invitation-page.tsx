import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { STUDENT_INVITATION_INVALID, studentInvitationAcceptBodySchema } from '@dars/contract';
import { MessageBar, type Message } from '../../../components/message-bar';
import { ApiError } from '../../../lib/api-client';
import {
  fieldErrorsOf,
  serverFieldErrors,
  serverMessage,
  type FormErrors,
} from '../../../lib/form-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { isolate } from '../../../lib/isolate';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { ti } from '../../../i18n/ar-invitation';
import { useAcceptInvitation, useCheckInvitation } from '../api/student-invitation';
import { AuthCard } from './auth-card';

type Field = 'password' | 'password_confirmation';

/** The token after `#` in the address (`/welcome#k3Yh…`): it never leaves in a URL. */
export function tokenOfHash(hash: string): string {
  const raw = hash.replace(/^#/, '').trim();
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A link that does not work (used, replaced, expired): the server's words, and ways on. */
function InvalidLink({ message }: { message: string }) {
  return (
    <AuthCard title={ti('invalidTitle')} onSubmit={() => undefined}>
      <Alert severity="error" role="alert">
        {message}
      </Alert>
      <Typography sx={{ lineHeight: 1.8 }}>{ti('contact')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button component={RouterLink} to="/help" variant="outlined" size="large">
          {ti('support')}
        </Button>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {ti('login')}
        </Button>
      </Stack>
    </AuthCard>
  );
}

/**
 * A student the school added or imported (issue 28, ADR 052) opens the set-password link:
 * greeted by name, they choose a password (twice, with the sign-up's rules and messages) and
 * are signed in as a login does; the guest-only guard then takes them home. A used, replaced
 * or expired link shows the server's message, with the support page and the login.
 */
export function InvitationPage() {
  const location = useLocation();
  const { signIn } = useSession();
  const [token] = useState(() => tokenOfHash(location.hash));
  const check = useCheckInvitation(token);
  const accept = useAcceptInvitation();
  const [values, setValues] = useState<Record<Field, string>>({
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [refused, setRefused] = useState<string | null>(null);

  if (!token) return <InvalidLink message={STUDENT_INVITATION_INVALID} />;
  if (refused) return <InvalidLink message={refused} />;
  if (check.isPending) {
    return (
      <Box
        role="status"
        aria-label={ti('checking')}
        sx={{ display: 'flex', justifyContent: 'center', py: 10 }}
      >
        <CircularProgress aria-hidden />
      </Box>
    );
  }
  if (check.isError) {
    const error = check.error;
    // The server explained (a used or expired link); otherwise the network failed: try again.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500)
      return <InvalidLink message={serverMessage(error, STUDENT_INVITATION_INVALID)} />;
    return (
      <AuthCard title={ti('title')} onSubmit={() => void check.refetch()}>
        <Alert severity="error" role="alert">
          {t('common.networkFailed')}
        </Alert>
        <Button type="submit" variant="contained" size="large">
          {t('app.retry')}
        </Button>
      </AuthCard>
    );
  }
  const invited = check.data.data;

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () => {
    const parsed = studentInvitationAcceptBodySchema.safeParse({ token, ...values });
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error) as FormErrors<Field>);
      focusFirstInvalid();
      return;
    }
    setMessage(null);
    accept.mutate(parsed.data, {
      onSuccess: ({ token: session, user }) => signIn(session, user),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields.token) return setRefused(fields.token);
        const shown: FormErrors<Field> = {
          password: fields.password,
          password_confirmation: fields.password_confirmation,
        };
        if (shown.password || shown.password_confirmation) {
          setErrors(shown);
          focusFirstInvalid();
          return;
        }
        setMessage({ text: serverMessage(error, ti('failed')), severity: 'error' });
      },
    });
  };

  const field = (name: Field) => ({
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
    type: 'password',
    autoComplete: 'new-password',
  });

  return (
    <AuthCard
      title={ti('greeting', { name: invited.name })}
      lead={ti('lead', { phone: isolate(invited.phone) })}
      onSubmit={submit}
      footer={
        <Button component={RouterLink} to="/login" size="small">
          {t('auth.goToLogin')}
        </Button>
      }
    >
      <MessageBar message={message} />
      {/* For the browser's password manager: the account the password is for. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={invited.phone}
        readOnly
        hidden
      />
      <TextField
        label={t('auth.newPassword')}
        autoFocus
        {...field('password')}
        helperText={errors.password ?? t('auth.passwordHint')}
      />
      <TextField label={t('auth.passwordConfirmation')} {...field('password_confirmation')} />
      <Button type="submit" variant="contained" size="large" loading={accept.isPending}>
        {ti('submit')}
      </Button>
    </AuthCard>
  );
}
