import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import {
  Box,
  Button,
  CardActionArea,
  Chip,
  Container,
  LinearProgress,
  Paper,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AssignmentOutlinedIcon from '@mui/icons-material/AssignmentOutlined';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import EmojiEventsOutlinedIcon from '@mui/icons-material/EmojiEventsOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PlayCircleOutlineRoundedIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import PlayLessonOutlinedIcon from '@mui/icons-material/PlayLessonOutlined';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import type { CourseProgress, LectureProgress } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { tp } from '../../../i18n/ar-progress';
import { t } from '../../../i18n/t';
import { useCourseProgress } from '../api/get-course-progress';
import {
  formatPercent,
  lectureCount,
  lectureLink,
  leftItems,
  progressState,
  summaryLines,
  TAB_OF,
  type LeftItem,
} from '../lib/progress-view';

/**
 * A student's progress in a course they joined, `/courses/:id/progress` (issue 28): a summary
 * (a bar and the done of each kind), what is left in the lectures they hold, each linking to
 * the lecture where it is done, then every lecture with the state of each of its items; a
 * locked lecture links to its purchase on the course page. A course that is not theirs (404)
 * is `notFound`.
 */
export function CourseProgressPage({
  courseId,
  notFound,
}: {
  courseId: number;
  /** What a 404 shows: the app's not-found screen. */
  notFound: ReactNode;
}) {
  const { data, isPending, error, refetch } = useCourseProgress(courseId);

  if (error instanceof ApiError && error.status === 404) return <>{notFound}</>;

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, md: 4 } }}>
      <Stack spacing={{ xs: 2.5, md: 3 }}>
        <Stack spacing={1}>
          <Button
            component={RouterLink}
            to={`/courses/${courseId}`}
            startIcon={<ArrowBackIcon sx={mirrorInRtl} />}
            sx={{ alignSelf: 'flex-start' }}
          >
            {tp('page.back')}
          </Button>
          <Typography
            component="h1"
            variant="h4"
            sx={{ fontSize: { xs: '1.6rem', md: '2rem' }, lineHeight: 1.5 }}
          >
            {t('routes.courseProgress')}
          </Typography>
          {data && (
            <Typography color="text.secondary" sx={{ fontWeight: 600, fontSize: '1.1rem' }}>
              {data.course.name}
            </Typography>
          )}
        </Stack>
        {isPending ? (
          <ProgressSkeleton />
        ) : data ? (
          <ProgressContents progress={data} />
        ) : (
          <RetryAlert onRetry={() => void refetch()}>{tp('page.loadFailed')}</RetryAlert>
        )}
      </Stack>
    </Container>
  );
}

function ProgressContents({ progress }: { progress: CourseProgress }) {
  const state = progressState(progress);
  if (state === 'no-lectures') {
    return <EmptyState icon={<PlayLessonOutlinedIcon />} text={t('lectures.empty')} />;
  }
  return (
    <>
      <ProgressSummaryCard progress={progress} />
      <LeftSection progress={progress} state={state} />
      <LecturesSection progress={progress} />
    </>
  );
}

/** A row's name and its state: one under the other on phones, side by side from `sm` up. */
const ROW_COLUMNS = {
  flex: 1,
  minWidth: 0,
  display: 'flex',
  flexDirection: { xs: 'column', sm: 'row' },
  alignItems: { sm: 'center' },
  gap: { xs: 0.5, sm: 1.5 },
} as const;

const KIND_ICON = {
  video: PlayCircleOutlineRoundedIcon,
  attachment: DescriptionOutlinedIcon,
  exam: QuizOutlinedIcon,
  homework: AssignmentOutlinedIcon,
};

function ProgressSummaryCard({ progress }: { progress: CourseProgress }) {
  const { summary } = progress;
  const titleId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 2 }}
    >
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {tp('summary.title')}
      </Typography>
      <Typography sx={{ fontSize: { xs: '1.4rem', md: '1.6rem' }, fontWeight: 700, mb: 1 }}>
        {tp('summary.done', { percent: formatPercent(summary.percent) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={summary.percent}
        aria-label={tp('summary.bar')}
        aria-valuetext={formatPercent(summary.percent)}
        color={summary.percent === 100 ? 'success' : 'primary'}
        sx={{ height: 10, borderRadius: 5, mb: 2 }}
      />
      <Stack
        component="ul"
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ listStyle: 'none', m: 0, p: 0, gap: { xs: 1, sm: 3 }, flexWrap: 'wrap' }}
      >
        {summaryLines(summary).map(({ kind, text }) => {
          const Icon = KIND_ICON[kind];
          return (
            <Stack
              key={kind}
              component="li"
              direction="row"
              spacing={1}
              sx={{ alignItems: 'center' }}
            >
              <Icon fontSize="small" color="action" aria-hidden />
              <Typography>{text}</Typography>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}

function LeftSection({
  progress,
  state,
}: {
  progress: CourseProgress;
  state: ReturnType<typeof progressState>;
}) {
  const titleId = useId();
  const left = leftItems(progress.lectures);
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {tp('left.title')}
      </Typography>
      {state === 'all-done' ? (
        <EmptyState icon={<EmojiEventsOutlinedIcon />} text={tp('left.allDone')} />
      ) : state === 'open-done' ? (
        <EmptyState icon={<EmojiEventsOutlinedIcon />} text={tp('left.openDone')} />
      ) : state === 'nothing' ? (
        <EmptyState icon={<PlayLessonOutlinedIcon />} text={tp('left.nothing')} />
      ) : (
        <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
          <Box
            component="ul"
            aria-label={tp('left.listLabel')}
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              '& > li + li': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            {left.map((entry) => (
              <li key={`${entry.kind}-${entry.item.id}`}>
                <LeftRow courseId={progress.course.id} entry={entry} />
              </li>
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}

/** One thing left: a link to its lecture's tab on the course page. */
function LeftRow({ courseId, entry }: { courseId: number; entry: LeftItem }) {
  const iconKind = entry.kind === 'exam' ? entry.item.kind : entry.kind;
  const Icon = KIND_ICON[iconKind];
  return (
    <CardActionArea
      component={RouterLink}
      to={lectureLink(courseId, entry.lecture.id, TAB_OF[entry.kind])}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: { xs: 1.5, md: 2 }, py: 1.5 }}
    >
      <Icon color="primary" aria-hidden />
      <Box sx={ROW_COLUMNS}>
        <Stack spacing={0.25} sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {entry.item.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {tp(`kind.${iconKind}`)} · {entry.lecture.name}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, fontWeight: 600 }}>
          {entry.kind === 'video'
            ? videoState(entry.item)
            : entry.kind === 'attachment'
              ? tp('attachment.notYet')
              : tp('exam.notYet')}
        </Typography>
      </Box>
      <ChevronRightIcon aria-hidden color="disabled" sx={mirrorInRtl} />
    </CardActionArea>
  );
}

function LecturesSection({ progress }: { progress: CourseProgress }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 1.5 }}>
        {tp('lectures.title')}
      </Typography>
      <Stack spacing={1.5}>
        {progress.lectures.map((lecture) => (
          <LectureCard key={lecture.id} courseId={progress.course.id} lecture={lecture} />
        ))}
      </Stack>
    </Box>
  );
}

function LectureCard({ courseId, lecture }: { courseId: number; lecture: LectureProgress }) {
  const titleId = useId();
  const { done, total } = lectureCount(lecture);
  const complete = total > 0 && done === total;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ borderRadius: 2, overflow: 'hidden' }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1,
          flexWrap: 'wrap',
          px: { xs: 1.5, md: 2 },
          py: 1.5,
          bgcolor: lecture.open ? undefined : 'action.hover',
        }}
      >
        <Typography
          id={titleId}
          component="h3"
          sx={{
            fontWeight: 700,
            fontSize: '1.05rem',
            // Its own line on a phone when a locked lecture's chip and button do not fit beside it.
            flex: '1 1 14rem',
            overflowWrap: 'anywhere',
          }}
        >
          {lecture.name}
        </Typography>
        {lecture.open ? (
          total > 0 && (
            <Chip
              size="small"
              color={complete ? 'success' : 'default'}
              variant={complete ? 'filled' : 'outlined'}
              icon={complete ? <CheckCircleRoundedIcon aria-hidden /> : undefined}
              label={tp('lectures.count', { done: formatNumber(done), total: formatNumber(total) })}
            />
          )
        ) : (
          <>
            <Chip
              size="small"
              variant="outlined"
              icon={<LockOutlinedIcon aria-hidden />}
              label={tp('lectures.locked')}
            />
            <Button
              component={RouterLink}
              to={lectureLink(courseId, lecture.id)}
              size="small"
              variant="contained"
              aria-describedby={titleId}
            >
              {tp('lectures.get')}
            </Button>
          </>
        )}
      </Stack>
      {lecture.open &&
        (total === 0 ? (
          <Typography color="text.secondary" sx={{ px: { xs: 1.5, md: 2 }, pb: 1.5 }}>
            {tp('lectures.empty')}
          </Typography>
        ) : (
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              p: 0,
              borderTop: 1,
              borderColor: 'divider',
              '& > li + li': { borderTop: 1, borderColor: 'divider' },
            }}
          >
            {lecture.videos.map((video) => (
              <ItemRow
                key={`video-${video.id}`}
                icon={KIND_ICON.video}
                name={video.name}
                kind={tp('kind.video')}
                done={video.watched}
                state={video.watched ? tp('video.watched') : videoState(video)}
                when={video.last_watched_at}
                whenText={(time) => tp('video.last', { time })}
              />
            ))}
            {lecture.attachments.map((attachment) => (
              <ItemRow
                key={`attachment-${attachment.id}`}
                icon={KIND_ICON.attachment}
                name={attachment.name}
                kind={tp('kind.attachment')}
                done={attachment.opened_at !== null}
                state={attachment.opened_at === null ? tp('attachment.notYet') : null}
                when={attachment.opened_at}
                whenText={(time) => tp('attachment.opened', { time })}
              />
            ))}
            {lecture.exams.map((exam) => (
              <ItemRow
                key={`exam-${exam.id}`}
                icon={KIND_ICON[exam.kind]}
                name={exam.name}
                kind={tp(`kind.${exam.kind}`)}
                done={exam.taken}
                waiting={exam.taken && exam.waiting_mark}
                state={examState(exam)}
                chip={
                  exam.taken && !exam.waiting_mark && exam.passed !== null ? (
                    <Chip
                      size="small"
                      color={exam.passed ? 'success' : 'error'}
                      variant="outlined"
                      label={exam.passed ? tp('exam.passed') : tp('exam.failed')}
                    />
                  ) : null
                }
              />
            ))}
          </Box>
        ))}
    </Paper>
  );
}

/** A video not yet watched: how far, or «under 1 %» once anything played, else not yet. */
function videoState(video: LectureProgress['videos'][number]): string {
  if (video.percent > 0) return tp('video.partly', { percent: formatPercent(video.percent) });
  return video.watched_seconds > 0 ? tp('video.started') : tp('video.notYet');
}

function examState(exam: LectureProgress['exams'][number]): string {
  if (!exam.taken) return tp('exam.notYet');
  if (exam.waiting_mark) return tp('exam.waiting');
  if (exam.score_percent !== null)
    return tp('exam.score', { percent: formatPercent(exam.score_percent) });
  return tp('exam.taken');
}

/** An item of a lecture with its state: done ✓, how far, when, or its score. */
function ItemRow({
  icon: Icon,
  name,
  kind,
  done,
  state,
  when = null,
  whenText,
  chip,
  waiting = false,
}: {
  icon: typeof PlayCircleOutlineRoundedIcon;
  name: string;
  kind: string;
  done: boolean;
  /** The state in words; null when `when` says it (an opened attachment). */
  state: string | null;
  when?: string | null;
  whenText?: (time: string) => string;
  chip?: ReactNode;
  /** Done, but its outcome is not there yet (an essay waiting for its mark). */
  waiting?: boolean;
}) {
  const color = done && !waiting ? 'success.dark' : 'text.secondary';
  return (
    <Stack
      component="li"
      direction="row"
      sx={{ alignItems: 'flex-start', gap: 1.5, px: { xs: 1.5, md: 2 }, py: 1.25 }}
    >
      <Icon color={done ? 'success' : 'action'} aria-hidden sx={{ mt: 0.25 }} />
      <Box sx={{ ...ROW_COLUMNS, alignItems: { sm: 'flex-start' } }}>
        <Stack spacing={0.25} sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {kind}
          </Typography>
        </Stack>
        <Stack
          spacing={0.5}
          sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, maxWidth: { sm: '50%' } }}
        >
          {state !== null && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {done && <CheckCircleRoundedIcon color="success" fontSize="small" aria-hidden />}
              <Typography variant="body2" sx={{ fontWeight: 600, color }}>
                {state}
              </Typography>
            </Stack>
          )}
          {when !== null && whenText && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
              {state === null && done && (
                <CheckCircleRoundedIcon color="success" fontSize="small" aria-hidden />
              )}
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'end' } }}>
                <time dateTime={when}>{whenText(formatDateTime(when))}</time>
              </Typography>
            </Stack>
          )}
          {chip}
        </Stack>
      </Box>
    </Stack>
  );
}

function ProgressSkeleton() {
  return (
    <Stack role="status" aria-busy="true" aria-label={tp('page.loading')} spacing={2}>
      <Skeleton variant="rounded" height={150} />
      <Skeleton variant="text" sx={{ fontSize: '1.5rem' }} width="30%" />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={64} />
      ))}
    </Stack>
  );
}
