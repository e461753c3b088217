import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { StatusScreen } from '../../../components/status-screen';
import { t } from '../../../i18n/t';

/**
 * Where the student goes back to after an exam: the course it was opened from, or the exam
 * entry.
 */
export function BackButton({ courseId }: { courseId: number | null }) {
  return (
    <Button
      component={Link}
      to={courseId !== null ? `/courses/${courseId}` : '/exams'}
      variant="outlined"
      startIcon={<ArrowBackIcon sx={mirrorInRtl} />}
    >
      {courseId !== null ? t('examResult.backToCourse') : t('examResult.backToExams')}
    </Button>
  );
}

/**
 * The 'answers submitted' screen (spec §2): view the result and back to the course. When the
 * exam hides results it says so; when time ran out and the server could not be reached, it
 * says the saved answers are submitted by the server (spec §4).
 */
export function SubmittedView({
  courseId,
  unconfirmed,
  timeUp = false,
  hasResult,
  resultHidden,
  reviewAction,
  nextAttempt = null,
  onViewResult,
}: {
  courseId: number | null;
  unconfirmed: boolean;
  /** The time ran out and the screen submitted by itself: said above the spec's text. */
  timeUp?: boolean;
  hasResult: boolean;
  resultHidden: boolean;
  reviewAction: ReactNode;
  /** The way to the exam's next attempt, when it allows one (ADR 047). */
  nextAttempt?: ReactNode;
  onViewResult: () => void;
}) {
  return (
    <StatusScreen
      role="status"
      icon={unconfirmed ? <CloudOffOutlinedIcon /> : <CheckCircleRoundedIcon />}
      title={t('examResult.submitted')}
      body={
        unconfirmed
          ? t('examResult.submittedUnconfirmed')
          : timeUp
            ? `${t('examResult.timeUp')} ${t('examResult.submittedBody')}`
            : t('examResult.submittedBody')
      }
      actions={
        <>
          {hasResult && (
            <Button variant="contained" onClick={onViewResult}>
              {t('examResult.viewResult')}
            </Button>
          )}
          {reviewAction}
          {nextAttempt}
          <BackButton courseId={courseId} />
          {resultHidden && !unconfirmed && (
            <Alert severity="info" sx={{ width: '100%', mt: 1 }}>
              {t('examResult.resultHidden')}
            </Alert>
          )}
        </>
      }
    />
  );
}
