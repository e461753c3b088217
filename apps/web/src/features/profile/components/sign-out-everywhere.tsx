import { useState } from 'react';
import { Alert, Button, Stack, Typography } from '@mui/material';
import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { isUnauthorized } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-context';
import { t } from '../../../i18n/t';
import { useLogoutAll } from '../api/logout-all';

/**
 * Signs the student out on every device (a lost phone, a shared computer), behind a confirm
 * dialog. This device is signed out too, so the session ends here once the server agrees.
 */
export function SignOutEverywhere() {
  const { signOut } = useSession();
  const logoutAll = useLogoutAll();
  const [confirming, setConfirming] = useState(false);
  const failed = logoutAll.isError && !isUnauthorized(logoutAll.error);

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Typography color="text.secondary">{t('profile.sessionsLead')}</Typography>
      {failed && (
        <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
          {t('profile.logoutAllFailed')}
        </Alert>
      )}
      <Button
        variant="outlined"
        color="error"
        startIcon={<DevicesOutlinedIcon />}
        onClick={() => setConfirming(true)}
      >
        {t('profile.logoutAll')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('profile.logoutAllTitle')}
        body={t('profile.logoutAllBody')}
        confirmLabel={t('profile.logoutAll')}
        cancelLabel={t('common.cancel')}
        confirmColor="error"
        busy={logoutAll.isPending}
        onConfirm={() =>
          logoutAll.mutate(undefined, {
            onSuccess: signOut,
            onError: (error) => (isUnauthorized(error) ? signOut() : setConfirming(false)),
          })
        }
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
