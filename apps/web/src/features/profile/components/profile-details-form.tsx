import { useState, type FormEvent } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { VALIDATION_MESSAGES, type User, updateProfileBodySchema } from '@dars/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useAppSettings } from '../../../lib/app-settings-context';
import { fieldErrorsOf, serverFieldErrors, type FormErrors } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useUpdateProfile } from '../api/update-profile';

type Field = 'name' | 'grade_id';

/**
 * The editable name and grade (spec §2). A 422 shows the server's first message (spec §5);
 * any other failure the save failure text (spec §8).
 */
export function ProfileDetailsForm({ user }: { user: User }) {
  const { grades } = useAppSettings();
  const { updateUser } = useSession();
  const showSnackbar = useSnackbar();
  const save = useUpdateProfile();
  const [name, setName] = useState(user.name);
  const [gradeId, setGradeId] = useState(user.grade ? String(user.grade.id) : '');
  const [errors, setErrors] = useState<FormErrors<Field>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateProfileBodySchema.safeParse({ name, grade_id: gradeId || undefined });
    const found = fieldErrorsOf(parsed.error) as FormErrors<Field>;
    // The grade is optional on the wire, but a profile without one is incomplete (spec §4).
    if (!gradeId) found.grade_id = VALIDATION_MESSAGES.grade;
    if (!parsed.success || found.grade_id) return setErrors(found);
    save.mutate(parsed.data, {
      onSuccess: (updated) => {
        updateUser(updated);
        showSnackbar(t('profile.saved'));
      },
      onError: (error) => {
        const fields = serverFieldErrors(error) as FormErrors<Field>;
        setErrors({ name: fields.name, grade_id: fields.grade_id });
        const text =
          error instanceof ApiError && error.status === 422
            ? (error.firstFieldError ?? error.message)
            : t('profile.saveFailed');
        showSnackbar(text, { severity: 'error' });
      },
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={2.25}>
      <TextField
        label={t('profile.name')}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((e) => ({ ...e, name: undefined }));
        }}
        error={Boolean(errors.name)}
        helperText={errors.name}
        autoComplete="name"
        fullWidth
      />
      <TextField
        select
        label={t('profile.grade')}
        value={gradeId}
        onChange={(event) => {
          setGradeId(event.target.value);
          setErrors((e) => ({ ...e, grade_id: undefined }));
        }}
        error={Boolean(errors.grade_id)}
        helperText={errors.grade_id}
        fullWidth
      >
        {grades.map((grade) => (
          <MenuItem key={grade.id} value={String(grade.id)}>
            {grade.name}
          </MenuItem>
        ))}
      </TextField>
      <Button
        type="submit"
        variant="contained"
        loading={save.isPending}
        sx={{ alignSelf: { sm: 'flex-start' } }}
      >
        {t('profile.save')}
      </Button>
    </Stack>
  );
}
