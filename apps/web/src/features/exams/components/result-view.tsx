import type { ReactNode } from 'react';
import { Box, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import type { ExamResult } from '@dars/contract';
import { formatNumber } from '../../../lib/format';
import { t } from '../../../i18n/t';
import { formatMark, timeTaken } from '../lib/exam-format';

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, borderRadius: 2, textAlign: 'center' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, mt: 0.5, fontSize: '1.35rem', fontWeight: 700 }}>
        {value}
      </Typography>
    </Paper>
  );
}

/**
 * The result screen (spec §2): pass or fail, percentage, mark and total, correct and wrong
 * counts and the time taken, with the review and back buttons given by the page.
 */
export function ResultView({
  examName,
  result,
  actions,
}: {
  examName: string;
  result: ExamResult;
  actions: ReactNode;
}) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Typography component="h1" variant="h5">
          {t('examResult.title')}
        </Typography>
        <Typography color="text.secondary">{examName}</Typography>
        {/* While an essay waits for marks, pass or fail is not known yet (ADR 016). */}
        {result.corrected === false ? (
          <Chip
            label={t('examResult.notCorrected')}
            sx={{ fontSize: '1.1rem', fontWeight: 700, px: 1.5, py: 2.5 }}
          />
        ) : (
          <Chip
            icon={result.succeeded ? <CheckCircleRoundedIcon /> : <ErrorOutlinedIcon />}
            color={result.succeeded ? 'success' : 'error'}
            label={result.succeeded ? t('examResult.passed') : t('examResult.failed')}
            sx={{ fontSize: '1.1rem', fontWeight: 700, px: 1.5, py: 2.5 }}
          />
        )}
        <Box
          component="dl"
          sx={{
            m: 0,
            width: '100%',
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' },
            gap: 1.5,
          }}
        >
          <Figure
            label={t('examResult.percentage')}
            value={`${formatNumber(result.correction_percentage)}%`}
          />
          <Figure
            label={t('examResult.mark')}
            value={t('examResult.markOf', {
              mark: formatMark(result.correction_mark),
              total: formatMark(result.total_mark),
            })}
          />
          <Figure
            label={t('examResult.correctCount')}
            value={formatNumber(result.correct_answer_attempts)}
          />
          <Figure
            label={t('examResult.wrongCount')}
            value={formatNumber(result.wrong_answer_attempts)}
          />
          <Figure label={t('examResult.timeTaken')} value={timeTaken(result.time_taken)} />
        </Box>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
          {actions}
        </Stack>
      </Stack>
    </Container>
  );
}
