import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Box, Button, Skeleton, Stack } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import GradingOutlinedIcon from '@mui/icons-material/GradingOutlined';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { StatusScreen } from '../../../components/status-screen';
import { ApiError } from '../../../lib/api-client';
import { t } from '../../../i18n/t';
import { useExamSession } from '../hooks/use-exam-session';
import { sessionErrorMessage } from '../lib/exam-messages';
import { courseIdOf } from '../lib/exam-paths';
import { ActiveExam } from './active-exam';
import { AnswersReview } from './answers-review';
import type { SessionEntryState } from './exam-details-card';
import { ResultView } from './result-view';
import { NextAttemptLink } from './next-attempt-link';
import { BackButton, SubmittedView } from './submitted-view';

/**
 * `/exams/session?sessionToken=&course_id=&exam_code=` (spec §2): the running exam, or once
 * submitted the submitted screen, the result and the corrected answers; with the exam's code
 * (given by the entry), the way to its next attempt (ADR 047).
 */
export function ExamSessionPage() {
  const [query] = useSearchParams();
  const token = query.get('sessionToken') ?? '';
  const courseId = courseIdOf(query);
  const examCode = query.get('exam_code')?.trim() || null;
  if (!token)
    return <SessionProblem message={t('examSession.sessionNotFound')} courseId={courseId} />;
  return <ExamSession key={token} token={token} courseId={courseId} examCode={examCode} />;
}

function SessionProblem({
  message,
  courseId,
  onRetry,
}: {
  message: string;
  courseId: number | null;
  onRetry?: () => void;
}) {
  return (
    <StatusScreen
      role="alert"
      icon={<QuizOutlinedIcon />}
      title={message}
      actions={
        <>
          {onRetry && (
            <Button variant="contained" onClick={onRetry}>
              {t('app.retry')}
            </Button>
          )}
          <Button
            component={Link}
            to={courseId !== null ? `/courses/${courseId}` : '/exams'}
            variant="outlined"
            startIcon={<ArrowBackIcon sx={mirrorInRtl} />}
          >
            {t('exams.back')}
          </Button>
        </>
      }
    />
  );
}

type SubmittedScreen = 'submitted' | 'result' | 'review';

function ExamSession({
  token,
  courseId,
  examCode,
}: {
  token: string;
  courseId: number | null;
  examCode: string | null;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // What the entry said comes once: a reload of this page is a return, not a fresh start.
  const [entry] = useState<SessionEntryState>(() => (location.state ?? {}) as SessionEntryState);
  const [screen, setScreen] = useState<SubmittedScreen>(
    entry.view === 'result' ? 'result' : 'submitted',
  );
  const exam = useExamSession(token);
  const { query, data, phase } = exam;

  useEffect(() => {
    if (location.state) void navigate({ search: location.search }, { replace: true, state: null });
  }, [location.state, location.search, navigate]);

  useEffect(() => {
    // Back online while the first read failed: read again.
    const retry = () => {
      if (query.isError) void query.refetch();
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [query]);

  if (query.isPending) {
    return (
      <Stack
        role="status"
        aria-busy="true"
        aria-label={t('examSession.loading')}
        spacing={2}
        sx={{ p: { xs: 2, md: 3 }, maxWidth: 900, mx: 'auto' }}
      >
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={280} />
      </Stack>
    );
  }
  if (query.isError || !data) {
    const missing = query.error instanceof ApiError && query.error.code === 'SESSION_NOT_FOUND';
    return (
      <SessionProblem
        message={sessionErrorMessage(query.error)}
        courseId={courseId}
        onRetry={missing ? undefined : () => void query.refetch()}
      />
    );
  }
  if (phase === 'active')
    return <ActiveExam exam={exam} data={data} welcomeBack={!entry.startedNow} />;

  const detailed = data.exam.show_detailed_result;
  const reviewButton = detailed ? (
    <Button
      variant="outlined"
      startIcon={<GradingOutlinedIcon />}
      onClick={() => setScreen('review')}
    >
      {t('examResult.review')}
    </Button>
  ) : null;

  if (screen === 'review' && detailed) {
    return (
      <AnswersReview
        questions={data.questions}
        attempts={data.answer_attempts}
        actions={
          <>
            {data.result && (
              <Button variant="contained" onClick={() => setScreen('result')}>
                {t('examResult.backToResult')}
              </Button>
            )}
            <BackButton courseId={courseId} />
          </>
        }
      />
    );
  }
  if (screen === 'result' && data.result) {
    return (
      <ResultView
        examName={data.exam.name}
        result={data.result}
        actions={
          <>
            {reviewButton}
            <NextAttemptLink code={examCode} courseId={courseId} />
            <BackButton courseId={courseId} />
          </>
        }
      />
    );
  }
  return (
    <Box>
      <SubmittedView
        courseId={courseId}
        unconfirmed={exam.unconfirmed}
        timeUp={exam.timeUp}
        hasResult={data.result !== null}
        resultHidden={!data.exam.show_result}
        reviewAction={data.result === null && !exam.unconfirmed ? reviewButton : null}
        nextAttempt={
          exam.unconfirmed ? null : <NextAttemptLink code={examCode} courseId={courseId} />
        }
        onViewResult={() => setScreen('result')}
      />
    </Box>
  );
}
