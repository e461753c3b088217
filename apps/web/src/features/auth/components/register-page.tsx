import { useState, type ChangeEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { Button, Link, MenuItem, TextField, Typography } from '@mui/material';
import { MessageBar, type Message } from '../../../components/message-bar';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useAppSettings } from '../../../lib/app-settings-context';
import {
  fieldErrorsOf,
  serverFieldErrors,
  serverMessage,
  type FormErrors,
} from '../../../lib/form-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useRegister } from '../api/register';
import type { FlashState } from '../lib/flash-message';
import { AuthCard } from './auth-card';
import { registerBodySchema } from '@dars/contract';

const FIELDS = ['name', 'email', 'phone', 'grade_id', 'password', 'password_confirmation'] as const;
type Field = (typeof FIELDS)[number];

const isField = (key: string): key is Field => (FIELDS as readonly string[]).includes(key);

/**
 * Register (spec §2, §4): name, e-mail, phone, grade, password and its confirmation, each
 * with its own error, whether the form or the server found it. On success the session
 * starts and the guards lead on: to /confirm while the e-mail awaits its code (verification
 * 'SENT'), otherwise home. An answer without a token sends the user to log in.
 */
export function RegisterPage() {
  const { grades } = useAppSettings();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const showSnackbar = useSnackbar();
  const register = useRegister();
  const [values, setValues] = useState<Record<Field, string>>({
    name: '',
    email: '',
    phone: '',
    grade_id: '',
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [message, setMessage] = useState<Message | null>(null);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onServerError = (error: unknown) => {
    const fieldErrors = serverFieldErrors(error);
    const shown = Object.fromEntries(
      Object.entries(fieldErrors).filter(([key]) => isField(key)),
    ) as FormErrors<Field>;
    setErrors(shown);
    focusFirstInvalid();
    // A field the form does not have (or no field at all): say it above the form.
    if (Object.keys(shown).length === 0)
      setMessage({ text: serverMessage(error, t('auth.registerFailed')), severity: 'error' });
  };

  const submit = () => {
    const parsed = registerBodySchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error) as FormErrors<Field>);
      focusFirstInvalid();
      return;
    }
    setMessage(null);
    register.mutate(parsed.data, {
      onSuccess: ({ token, user, message: text }) => {
        if (!token) {
          const state: FlashState = { flash: text };
          navigate({ pathname: '/login', search: location.search }, { replace: true, state });
          return;
        }
        showSnackbar(text);
        signIn(token, user);
      },
      onError: onServerError,
    });
  };

  const field = (name: Field) => ({
    value: values[name],
    onChange: change(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  return (
    <AuthCard
      title={t('auth.registerTitle')}
      lead={t('auth.registerLead')}
      onSubmit={submit}
      footer={
        <Typography variant="body2">
          {t('auth.haveAccount')}{' '}
          <Link component={RouterLink} to={{ pathname: '/login', search: location.search }}>
            {t('auth.goToLogin')}
          </Link>
        </Typography>
      }
    >
      <MessageBar message={message} />
      <TextField label={t('auth.name')} autoComplete="name" autoFocus {...field('name')} />
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        slotProps={{ htmlInput: { dir: 'ltr' } }}
        {...field('email')}
      />
      <TextField
        label={t('auth.phone')}
        type="tel"
        autoComplete="tel"
        slotProps={{ htmlInput: { dir: 'ltr', inputMode: 'tel' } }}
        {...field('phone')}
      />
      <TextField select label={t('auth.grade')} {...field('grade_id')}>
        {grades.map((grade) => (
          <MenuItem key={grade.id} value={String(grade.id)}>
            {grade.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        {...field('password')}
        helperText={errors.password ?? t('auth.passwordHint')}
      />
      <TextField
        label={t('auth.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
        {...field('password_confirmation')}
      />
      <Button type="submit" variant="contained" size="large" loading={register.isPending}>
        {t('auth.registerSubmit')}
      </Button>
    </AuthCard>
  );
}
