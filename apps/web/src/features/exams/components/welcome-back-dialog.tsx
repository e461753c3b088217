import { useId } from 'react';
import { alpha } from '@mui/material/styles';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { formatNumber } from '../../../lib/format';
import { t } from '../../../i18n/t';

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack
      sx={{
        flex: 1,
        alignItems: 'center',
        p: 1.5,
        borderRadius: 2,
        bgcolor: (theme) => alpha(theme.palette.primary.main, 0.06),
      }}
    >
      <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, color: 'primary.main' }}>
        {formatNumber(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Stack>
  );
}

/**
 * Back to a running exam after a reload or from the entry (spec §2, §4): how many questions
 * are answered and how many remain.
 */
export function WelcomeBackDialog({
  open,
  answered,
  total,
  onClose,
}: {
  open: boolean;
  answered: number;
  total: number;
  onClose: () => void;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t('examSession.welcomeBackTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={bodyId} sx={{ mb: 2 }}>
          {t('examSession.welcomeBackBody')}
        </DialogContentText>
        <Stack direction="row" spacing={1.5}>
          <Count label={t('examSession.answered')} value={answered} />
          <Count label={t('examSession.remaining')} value={total - answered} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('examSession.continue')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
