import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { Button, Link, TextField, Typography } from '@mui/material';
import { MessageBar, type Message } from '../../../components/message-bar';
import { fieldErrorsOf, serverMessage, type FormErrors } from '../../../lib/form-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useLogin } from '../api/login';
import { readFlash } from '../lib/flash-message';
import { AuthCard } from './auth-card';
import { loginBodySchema } from '@dars/contract';

type Field = 'login' | 'password';

/**
 * Login (spec §2): one field for the e-mail or the phone, and the password. On success the
 * session starts and the guest-only guard takes the user home, or to the course of
 * `?course=` when they came to join one.
 */
export function LoginPage() {
  const { signIn } = useSession();
  const location = useLocation();
  const login = useLogin();
  const [values, setValues] = useState<Record<Field, string>>({ login: '', password: '' });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [message, setMessage] = useState<Message | null>(() => {
    const flash = readFlash(location.state);
    return flash ? { text: flash, severity: 'success' } : null;
  });
  const joiningCourse = new URLSearchParams(location.search).has('course');

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = () => {
    const parsed = loginBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      focusFirstInvalid();
      return;
    }
    setMessage(null);
    login.mutate(parsed.data, {
      onSuccess: ({ token, user }) => signIn(token, user),
      onError: (error) =>
        setMessage({ text: serverMessage(error, t('auth.loginFailed')), severity: 'error' }),
    });
  };

  return (
    <AuthCard
      title={t('auth.loginTitle')}
      lead={joiningCourse ? t('auth.courseLoginHint') : t('auth.loginLead')}
      onSubmit={submit}
      footer={
        <Typography variant="body2">
          {t('auth.noAccount')}{' '}
          <Link component={RouterLink} to={{ pathname: '/register', search: location.search }}>
            {t('auth.createAccount')}
          </Link>
        </Typography>
      }
    >
      <MessageBar message={message} />
      <TextField
        label={t('auth.loginField')}
        value={values.login}
        onChange={change('login')}
        error={Boolean(errors.login)}
        helperText={errors.login}
        autoComplete="username"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { dir: 'auto' } }}
      />
      <TextField
        label={t('auth.password')}
        type="password"
        value={values.password}
        onChange={change('password')}
        error={Boolean(errors.password)}
        helperText={errors.password}
        autoComplete="current-password"
        fullWidth
      />
      <Link
        component={RouterLink}
        to="/reset-password"
        variant="body2"
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('auth.forgotPassword')}
      </Link>
      <Button type="submit" variant="contained" size="large" loading={login.isPending}>
        {t('auth.loginSubmit')}
      </Button>
    </AuthCard>
  );
}
