import { CircularProgress, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import { t } from '../../../i18n/t';
import type { AnswerStatus } from '../hooks/use-exam-session';

/**
 * Whether a question's answer is saved, on its way (spec §4: a loading state while it is
 * sent) or waiting on the device for the network (ADR 017). Announced politely.
 */
export function AnswerStatusLine({ status }: { status: AnswerStatus }) {
  return (
    <Stack
      role="status"
      direction="row"
      spacing={0.75}
      sx={{ alignItems: 'center', minHeight: 24, color: 'text.secondary' }}
    >
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
