import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from '../../../components/snackbar-provider';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, type FormErrors } from '../../../lib/form-errors';
import { t } from '../../../i18n/t';
import { useChangePassword } from '../api/change-password';
import { changePasswordBodySchema } from '@dars/contract';

type Field = 'current_password' | 'password';

/**
 * Password change (spec §5, §8): both fields required ('لا تترك الحقول فارغة'); a wrong
 * current password is said under its field; a 422 shows the server's first message; any
 * other failure a general one.
 */
export function ChangePasswordForm() {
  const showSnackbar = useSnackbar();
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({
    current_password: '',
    password: '',
  });
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = changePasswordBodySchema.safeParse(values);
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error) as FormErrors<Field>);
    change.mutate(parsed.data, {
      onSuccess: () => {
        setValues({ current_password: '', password: '' });
        showSnackbar(t('profile.passwordChanged'));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'WRONG_OLD_PASSWORD') {
          setErrors({ current_password: t('profile.wrongOldPassword') });
          return;
        }
        const text =
          error instanceof ApiError && error.status === 422
            ? (error.firstFieldError ?? error.message)
            : t('profile.passwordFailed');
        showSnackbar(text, { severity: 'error' });
      },
    });
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => {
        setValues((v) => ({ ...v, [name]: event.target.value }));
        setErrors((e) => ({ ...e, [name]: undefined }));
      }}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      fullWidth
    />
  );

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.25}>
      {field('current_password', t('profile.currentPassword'), 'current-password')}
      {field('password', t('profile.newPassword'), 'new-password')}
      <Button
        type="submit"
        variant="contained"
        loading={change.isPending}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        {t('profile.changePassword')}
      </Button>
    </Stack>
  );
}
