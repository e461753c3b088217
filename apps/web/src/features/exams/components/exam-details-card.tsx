import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Box, Button, Paper, Skeleton, Stack, Typography } from '@mui/material';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import type { ExamDetails } from '@dars/contract';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { t, type MessageKey } from '../../../i18n/t';
import { useExamDetails } from '../api/get-exam-details';
import { useStartExamSession } from '../api/start-exam-session';
import { entryAction, type EntryAction } from '../lib/entry-action';
import { examDuration } from '../lib/exam-format';
import { detailsErrorMessage, startErrorMessage } from '../lib/exam-messages';
import { sessionPath } from '../lib/exam-paths';

const ACTION_LABELS = {
  continue: 'exams.continue',
  viewResult: 'exams.viewResult',
  viewSession: 'exams.viewSession',
  start: 'exams.start',
} as const satisfies Record<EntryAction, MessageKey>;

/** What the session screen is told by the entry (history state, gone after a reload). */
export interface SessionEntryState {
  /** The session was created by this click: no welcome-back dialog. */
  startedNow?: boolean;
  /** Open on the result rather than the submitted screen. */
  view?: 'result';
}

/**
 * An exam's details on the entry (spec §2): name, description, duration ('N minutes' or
 * open), question count, a notice when a session exists, and the one button. Every button
 * asks the server for the session's token (the same call, idempotent) and opens the session.
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
  return <ExamDetailsView exam={exam} courseId={courseId} />;
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

function ExamDetailsView({ exam, courseId }: { exam: ExamDetails; courseId: number | null }) {
  const titleId = useId();
  const navigate = useNavigate();
  const start = useStartExamSession();
  const action = entryAction(exam);

  const open = async () => {
    const token = await start.mutateAsync(exam.id);
    const state: SessionEntryState = {
      startedNow: action === 'start',
      view: action === 'viewResult' ? 'result' : undefined,
    };
    void navigate(sessionPath(token, courseId), { state });
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
        {!(exam.has_session && !exam.active_session) && (
          <Typography variant="body2" color="text.secondary">
            {t('exams.recordedNotice')}
          </Typography>
        )}
        {exam.has_session && (
          <Alert severity="info">
            {exam.active_session ? t('exams.startedNotice') : t('exams.submittedNotice')}
          </Alert>
        )}
        {start.error && <Alert severity="error">{startErrorMessage(start.error)}</Alert>}
        <Box>
          <Button
            variant="contained"
            size="large"
            onClick={() => void open().catch(() => undefined)}
            disabled={start.isPending}
            aria-describedby={titleId}
          >
            {t(ACTION_LABELS[action])}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
