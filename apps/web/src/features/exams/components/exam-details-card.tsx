import { useId, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import ReplayRoundedIcon from '@mui/icons-material/ReplayRounded';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { useQuery } from '@tanstack/react-query';
import type { AttemptRule, ExamAttempts, ExamDetails } from '@dars/contract';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { t, tPlural, type MessageKey } from '../../../i18n/t';
import { useExamDetails } from '../api/get-exam-details';
import { examResultsQueryOptions } from '../api/get-exam-results';
import { useStartExamSession } from '../api/start-exam-session';
import { attemptNotice, entryAction, type EntryAction } from '../lib/entry-action';
import { examDuration } from '../lib/exam-format';
import { detailsErrorMessage, startErrorMessage } from '../lib/exam-messages';
import { sessionPath } from '../lib/exam-paths';

const ACTION_LABELS = {
  continue: 'exams.continue',
  viewResult: 'exams.viewResult',
  viewSession: 'exams.viewSession',
  start: 'exams.start',
} as const satisfies Record<Exclude<EntryAction, 'startNext'>, MessageKey>;

const RULE_LABELS = {
  best: 'exams.ruleBest',
  last: 'exams.ruleLast',
  average: 'exams.ruleAverage',
} as const satisfies Record<AttemptRule, MessageKey>;

function actionLabel(action: EntryAction, attempts: ExamAttempts | undefined): string {
  if (action === 'startNext') return t('exams.startAttempt', { n: (attempts?.current ?? 0) + 1 });
  return t(ACTION_LABELS[action]);
}

/** What the session screen is told by the entry (history state, gone after a reload). */
export interface SessionEntryState {
  /** The session was created by this click: no welcome-back dialog. */
  startedNow?: boolean;
  /** Open on the result rather than the submitted screen. */
  view?: 'result';
}

/**
 * An exam's details on the entry (spec §2): name, description, duration ('N minutes' or
 * open), question count, the attempts of an exam that allows several (ADR 047), a notice when a
 * session exists, and the main button. Every main button asks the server for the session's
 * token (the same call, idempotent per attempt) and opens the session; beside the next
 * attempt's, a link to the earlier results.
 */
export function ExamDetailsCard({
  code,
  courseId,
  fromLecture,
}: {
  code: string;
  courseId: number | null;
  fromLecture: boolean;
}) {
  const { data: exam, error, isPending, refetch } = useExamDetails(code);

  if (isPending) {
    return (
      <Stack role="status" aria-busy="true" aria-label={t('exams.loading')} spacing={1.5}>
        <Skeleton variant="text" sx={{ fontSize: '1.75rem', width: '60%' }} />
        <Skeleton variant="rounded" height={96} />
        <Skeleton variant="rounded" height={44} width={180} />
      </Stack>
    );
  }
  if (error) {
    const known = error instanceof ApiError && error.status >= 400 && error.status < 500;
    const message = detailsErrorMessage(error, { fromLecture });
    return known ? (
      <Alert severity="warning">{message}</Alert>
    ) : (
      <RetryAlert onRetry={() => void refetch()}>{message}</RetryAlert>
    );
  }
  return <ExamDetailsView exam={exam} code={code} courseId={courseId} />;
}

function Fact({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box aria-hidden sx={{ color: 'primary.main', display: 'flex' }}>
        {icon}
      </Box>
      <Typography component="dt" color="text.secondary">
        {label}:
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
        {value}
      </Typography>
    </Stack>
  );
}

/**
 * An exam of several attempts (ADR 047): which one the student is at (or how many the exam
 * allows before the first) and which one counts.
 */
function AttemptsLine({ attempts }: { attempts: ExamAttempts }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: 'primary.main', display: 'flex', pt: 0.25 }}>
        <ReplayRoundedIcon />
      </Box>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>
          {attempts.current === 0
            ? t('exams.attemptsAllowed', { count: tPlural('attempt', attempts.allowed) })
            : t('exams.attemptOf', {
                current: formatNumber(attempts.current),
                allowed: formatNumber(attempts.allowed),
              })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(RULE_LABELS[attempts.rule])}
        </Typography>
      </Box>
    </Stack>
  );
}

/**
 * Beside the next attempt's button, the way to the earlier attempts' results: the results list
 * the exam is in (the start call would now open the new attempt, not the last one's result).
 */
function PreviousResultsLink({ code, describedBy }: { code: string; describedBy: string }) {
  const { data } = useQuery(examResultsQueryOptions());
  const inExams = data?.some((row) => row.exam.exam_code === code) ?? true;
  return (
    <Button
      component={Link}
      to={inExams ? '/my-exams/exams' : '/my-exams/homeworks'}
      variant="outlined"
      size="large"
      aria-describedby={describedBy}
    >
      {t('exams.previousResults')}
    </Button>
  );
}

function ExamDetailsView({
  exam,
  code,
  courseId,
}: {
  exam: ExamDetails;
  code: string;
  courseId: number | null;
}) {
  const titleId = useId();
  const navigate = useNavigate();
  const start = useStartExamSession();
  const action = entryAction(exam);
  const attempts = exam.attempts && exam.attempts.allowed > 1 ? exam.attempts : undefined;
  const notice = attemptNotice(exam);
  // Finished, with nothing new to start: the last attempt's session or result.
  const finished = exam.has_session && !exam.active_session && action !== 'startNext';

  const open = async () => {
    const token = await start.mutateAsync(exam.id);
    const state: SessionEntryState = {
      startedNow: action === 'start' || action === 'startNext',
      view: action === 'viewResult' ? 'result' : undefined,
    };
    void navigate(sessionPath(token, courseId, code), { state });
  };

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
    >
      <Stack spacing={2}>
        <Typography id={titleId} component="h2" variant="h5">
          {exam.name}
        </Typography>
        {exam.description && (
          <Typography color="text.secondary" sx={{ whiteSpace: 'pre-line', lineHeight: 1.9 }}>
            {exam.description}
          </Typography>
        )}
        <Stack component="dl" spacing={1} sx={{ m: 0 }}>
          <Fact
            icon={<TimerOutlinedIcon />}
            label={t('exams.duration')}
            value={examDuration(exam.duration)}
          />
          <Fact
            icon={<HelpOutlineRoundedIcon />}
            label={t('exams.questions')}
            value={formatNumber(exam.questions_count)}
          />
        </Stack>
        {attempts && <AttemptsLine attempts={attempts} />}
        {!finished && (
          <Typography variant="body2" color="text.secondary">
            {t('exams.recordedNotice')}
          </Typography>
        )}
        {exam.active_session && <Alert severity="info">{t('exams.startedNotice')}</Alert>}
        {finished && (
          <Alert severity="info">
            {notice?.kind === 'used'
              ? t('exams.attemptsUsed')
              : notice?.kind === 'waiting'
                ? t('exams.nextAttemptAt', {
                    n: formatNumber(notice.next),
                    time: formatDateTime(notice.at),
                  })
                : t('exams.submittedNotice')}
          </Alert>
        )}
        {start.error && <Alert severity="error">{startErrorMessage(start.error)}</Alert>}
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            size="large"
            onClick={() => void open().catch(() => undefined)}
            disabled={start.isPending}
            aria-describedby={titleId}
          >
            {actionLabel(action, exam.attempts)}
          </Button>
          {action === 'startNext' && <PreviousResultsLink code={code} describedBy={titleId} />}
        </Stack>
      </Stack>
    </Paper>
  );
}
