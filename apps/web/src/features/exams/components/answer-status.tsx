import { CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { t } from '../../../i18n/t';
import type { AnswerStatus } from '../hooks/use-exam-session';

/**
 * Whether a question's answer is saved, typed but not yet sent (an essay from its first key),
 * on its way (spec §4: a loading state while it is sent) or waiting on the device for the
 * network (ADR 017). Announced politely; always there, one line high, so nothing moves when
 * it changes.
 */
export function AnswerStatusLine({ status }: { status: AnswerStatus }) {
  return (
    <Stack
      role="status"
      aria-live="polite"
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', minHeight: 24, color: 'text.secondary' }}
    >
      {status === 'unsaved' && (
        <>
          <EditOutlinedIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{t('examSession.notSaved')}</Typography>
        </>
      )}
      {status === 'sending' && (
        <>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">{t('examSession.saving')}</Typography>
        </>
      )}
      {status === 'waiting' && (
        <>
          <CloudOffOutlinedIcon fontSize="small" color="warning" aria-hidden />
          <Typography variant="body2">{t('examSession.waiting')}</Typography>
        </>
      )}
      {status === 'saved' && (
        <>
          <CheckCircleRoundedIcon fontSize="small" color="success" aria-hidden />
          <Typography variant="body2">{t('examSession.saved')}</Typography>
        </>
      )}
    </Stack>
  );
}
