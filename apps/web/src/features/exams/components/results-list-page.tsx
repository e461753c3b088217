import { Link } from 'react-router';
import { Button, Chip, Container, Paper, Skeleton, Stack, Typography } from '@mui/material';
import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import StarRoundedIcon from '@mui/icons-material/StarRounded';
import type { ExamResultSession } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { RetryAlert } from '../../../components/retry-alert';
import { t } from '../../../i18n/t';
import { useQuery } from '@tanstack/react-query';
import { examResultsQueryOptions } from '../api/get-exam-results';
import { homeworkResultsQueryOptions } from '../api/get-homework-results';
import { formatNumber } from '../../../lib/format';
import { examDate, formatMark } from '../lib/exam-format';
import { entryPath, sessionPath } from '../lib/exam-paths';

/**
 * The chip of a results row (spec §2, §4): 'not submitted yet' while the session runs, 'result
 * not shown' when the exam hides results, 'not corrected' while an essay waits for marks, else
 * pass or fail. Nothing the row does not carry.
 */
function StateChip({ session }: { session: ExamResultSession }) {
  if (session.active)
    return <Chip size="small" variant="outlined" color="primary" label={t('results.running')} />;
  if (!session.exam.show_result)
    return <Chip size="small" variant="outlined" label={t('results.resultNotShown')} />;
  if (!session.corrected)
    return <Chip size="small" variant="outlined" label={t('results.notCorrected')} />;
  if (session.succeeded === null) return null;
  return session.succeeded ? (
    <Chip size="small" color="success" label={t('results.passed')} />
  ) : (
    <Chip size="small" color="error" label={t('results.failed')} />
  );
}

/**
 * The codes of the exams the list holds more than one attempt of, or a later attempt of
 * (ADR 047): their rows say which attempt each is and which one counts.
 */
function severalAttempts(sessions: readonly ExamResultSession[]): Set<string> {
  return new Set(
    sessions
      .filter((s) => (s.attempt ?? 1) > 1 || (s.attempts_allowed ?? 1) > 1)
      .map((s) => s.exam.exam_code),
  );
}

/** «المحاولة n», and «المحتسبة» on the attempt whose result counts (absent → it counts). */
function AttemptMarks({ session }: { session: ExamResultSession }) {
  const counts = !session.active && session.counts !== false;
  return (
    <>
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        {t('results.attempt', { n: formatNumber(session.attempt ?? 1) })}
      </Typography>
      {counts && (
        <Chip
          size="small"
          color="primary"
          variant="outlined"
          icon={<StarRoundedIcon aria-hidden />}
          label={t('results.counts')}
        />
      )}
    </>
  );
}

function ResultRow({
  session,
  attempts,
}: {
  session: ExamResultSession;
  /** The exam was taken more than once: name the attempt and mark the counting one. */
  attempts: boolean;
}) {
  const nameId = `result-${session.id}`;
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1.5, md: 2 },
        borderRadius: 2,
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        gap: 1.5,
        alignItems: { sm: 'center' },
      }}
    >
      <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
        <Typography id={nameId} component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
          {session.exam.name}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2" color="text.secondary" component="span">
            <time dateTime={session.start_time}>{examDate(session.start_time)}</time>
          </Typography>
          {attempts && <AttemptMarks session={session} />}
          <StateChip session={session} />
          {session.correction_mark !== null && (
            <Typography variant="body2" sx={{ fontWeight: 600 }} component="span">
              {t('results.marks', {
                mark: formatMark(session.correction_mark),
                total: formatMark(session.total_mark),
              })}
            </Typography>
          )}
        </Stack>
      </Stack>
      <Button
        component={Link}
        to={
          // An attempt of an exam sat more than once opens its own result: the exam's page may
          // be offering the next attempt by then (ADR 047).
          attempts && !session.active && session.session_token
            ? sessionPath(session.session_token, null, session.exam.exam_code)
            : entryPath(session.exam.exam_code)
        }
        variant="outlined"
        aria-describedby={nameId}
        sx={{ flexShrink: 0 }}
      >
        {session.active ? t('results.continue') : t('results.details')}
      </Button>
    </Paper>
  );
}

function ResultRows({ sessions }: { sessions: ExamResultSession[] }) {
  const several = severalAttempts(sessions);
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sessions.map((session) => (
        <li key={session.id}>
          <ResultRow session={session} attempts={several.has(session.exam.exam_code)} />
        </li>
      ))}
    </Stack>
  );
}

/**
 * A results list (spec §2): the student's exam or homework sessions, newest first, each with
 * its name, date, chip, marks and a details button to the exam's entry; an exam taken more than
 * once names each attempt and marks the one that counts (ADR 047).
 */
export function ResultsListPage({ kind }: { kind: 'exams' | 'homeworks' }) {
  const { data, isPending, isError, refetch } = useQuery(
    kind === 'exams' ? examResultsQueryOptions() : homeworkResultsQueryOptions(),
  );
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Typography
        component="h1"
        variant="h4"
        sx={{ mb: { xs: 2, md: 3 }, fontSize: { xs: '1.6rem', md: '2rem' } }}
      >
        {kind === 'exams' ? t('routes.examResults') : t('routes.homeworkResults')}
      </Typography>
      {isPending ? (
        <Stack role="status" aria-busy="true" aria-label={t('results.loading')} spacing={1.5}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={88} />
          ))}
        </Stack>
      ) : isError ? (
        <RetryAlert onRetry={() => void refetch()}>{t('results.loadFailed')}</RetryAlert>
      ) : data.length === 0 ? (
        <EmptyState
          icon={<AssignmentTurnedInOutlinedIcon />}
          text={kind === 'exams' ? t('results.emptyExams') : t('results.emptyHomeworks')}
        />
      ) : (
        <ResultRows sessions={data} />
      )}
    </Container>
  );
}
