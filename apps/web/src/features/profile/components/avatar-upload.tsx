import type { ChangeEvent } from 'react';
import { Avatar, Box, Button, CircularProgress } from '@mui/material';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import type { User } from '@dars/contract';
import { useSnackbar } from '../../../components/snackbar-provider';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useUpdateAvatar } from '../api/update-avatar';
import { updateAvatarBodySchema } from '@dars/contract';

/**
 * The avatar and its upload (spec §2, §5): any image type; the result is told in a snackbar
 * (spec §8).
 */
export function AvatarUpload({ user }: { user: User }) {
  const { updateUser } = useSession();
  const showSnackbar = useSnackbar();
  const upload = useUpdateAvatar();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a failure.
    event.target.value = '';
    if (!file) return;
    const parsed = updateAvatarBodySchema.safeParse({ avatar: file });
    if (!parsed.success) {
      showSnackbar(fieldErrorsOf(parsed.error).avatar ?? t('common.requestFailed'), {
        severity: 'error',
      });
      return;
    }
    upload.mutate(parsed.data, {
      onSuccess: (updated) => {
        updateUser(updated);
        showSnackbar(t('profile.avatarChanged'));
      },
      onError: () => showSnackbar(t('common.requestFailed'), { severity: 'error' }),
    });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <Box sx={{ position: 'relative' }}>
        <Avatar
          src={user.avatar ?? undefined}
          alt={t('profile.avatarAlt', { name: user.name })}
          sx={{ width: 112, height: 112, fontSize: '2.5rem', bgcolor: 'primary.main' }}
        >
          {user.name.trim().charAt(0)}
        </Avatar>
        {upload.isPending && (
          <CircularProgress
            size={124}
            thickness={2}
            sx={{ position: 'absolute', top: -6, insetInlineStart: -6 }}
          />
        )}
      </Box>
      <Button
        component="label"
        variant="outlined"
        size="small"
        startIcon={<PhotoCameraOutlinedIcon />}
        disabled={upload.isPending}
      >
        {t('profile.changeAvatar')}
        <input type="file" accept="image/*" hidden onChange={choose} />
      </Button>
    </Box>
  );
}
