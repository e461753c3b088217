import { Link } from 'react-router';
import { Button, Typography } from '@mui/material';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { t } from '../../../i18n/t';
import { useExamDetails } from '../api/get-exam-details';
import { attemptNotice } from '../lib/entry-action';
import { entryPath } from '../lib/exam-paths';

/**
 * On the result screens, the way to the next attempt (ADR 047): the exam's details are asked
 * again (a submit refreshes them), and when a new attempt may start now a link opens the exam's
 * page, where the student starts it; while the student must wait, when it opens. Nothing
 * without the exam's code (a session opened by an older link), or for one attempt.
 */
export function NextAttemptLink({
  code,
  courseId,
}: {
  code: string | null;
  courseId: number | null;
}) {
  const { data: exam } = useExamDetails(code ?? '', { enabled: code !== null });
  if (!code || !exam?.attempts || exam.active_session) return null;
  const attempts = exam.attempts;
  const next = formatNumber(attempts.current + 1);
  if (attempts.can_start && exam.has_session) {
    return (
      <Button
        component={Link}
        to={entryPath(code, courseId)}
        variant="outlined"
        startIcon={<ReplayRoundedIcon />}
      >
        {t('examResult.toNextAttempt', { n: next })}
      </Button>
    );
  }
  const notice = attemptNotice(exam);
  if (notice?.kind !== 'waiting') return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ width: '100%', textAlign: 'center' }}>
      {t('exams.nextAttemptAt', { n: next, time: formatDateTime(notice.at) })}
    </Typography>
  );
}
