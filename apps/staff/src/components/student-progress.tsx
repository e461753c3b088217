import { useId, type ElementType, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  LinearProgress,
  Stack,
  Typography,
} from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import {
  staffEndpoints as e,
  VIDEO_WATCHED_PERCENT,
  type CourseProgress,
  type LectureProgress,
} from '@dars/contract';
import { formatDateTime, formatNumber } from '@dars/ui/format';
import { callStaff } from '../data/http';
import { useStaffData } from '../data/use-staff-data';

const T = 'dars.progress';
const S = `${T}.student`;

/** A heading level of this section: its courses are h2 on the student's page, h3 in a dialog. */
type Level = 2 | 3;
const heading = (level: number) => `h${Math.min(level, 6)}` as ElementType;

type Translate = ReturnType<typeof useTranslate>;

/** «2 من 3». */
const ofTotal = (translate: Translate, { done, total }: { done: number; total: number }) =>
  translate(`${T}.of`, { done: formatNumber(done), total: formatNumber(total) });

/** A lecture's own figures, done of total per kind, as the course's summary counts them. */
function lectureFigures(lecture: LectureProgress) {
  return {
    videos: {
      done: lecture.videos.filter((v) => v.watched).length,
      total: lecture.videos.length,
    },
    attachments: {
      done: lecture.attachments.filter((a) => a.opened_at !== null).length,
      total: lecture.attachments.length,
    },
    exams: { done: lecture.exams.filter((x) => x.taken).length, total: lecture.exams.length },
  };
}

/** One item's line: a mark (done or not, for the eye only) and its name with its state. */
function ItemLine({ done, name, state }: { done: boolean; name: string; state: string }) {
  const Mark = done ? CheckCircleIcon : RadioButtonUncheckedIcon;
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', py: 0.5 }}>
      <Mark fontSize="small" color={done ? 'success' : 'disabled'} sx={{ mt: 0.25 }} />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {name} — {state}
      </Typography>
    </Box>
  );
}

/** A titled list of one kind of a lecture's items; nothing when the lecture has none. */
function ItemList({
  title,
  level,
  children,
}: {
  title: string;
  level: number;
  children: ReactNode[];
}) {
  if (children.length === 0) return null;
  return (
    <Box>
      <Typography component={heading(level)} variant="subtitle2">
        {title}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** One lecture: its figures in its summary, and its videos, files and exams when opened. */
function LectureItems({ lecture, level }: { lecture: LectureProgress; level: number }) {
  const translate = useTranslate();
  const base = useId();
  const figures = lectureFigures(lecture);
  const empty = figures.videos.total + figures.attachments.total + figures.exams.total === 0;
  const examState = (exam: LectureProgress['exams'][number]) => {
    if (!exam.taken) return translate(`${S}.not_taken`);
    if (exam.waiting_mark) return translate(`${S}.waiting_mark`);
    if (exam.score_percent === null) return translate(`${S}.taken`);
    const score = translate(`${S}.score`, { score: formatNumber(exam.score_percent) });
    return exam.passed === null
      ? score
      : `${score} — ${translate(`${S}.${exam.passed ? 'passed' : 'failed'}`)}`;
  };
  return (
    <Accordion
      disableGutters
      variant="outlined"
      slots={{ heading: heading(level) }}
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        id={`${base}-summary`}
        aria-controls={`${base}-details`}
      >
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, minWidth: 0 }}>
          <Typography component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {lecture.name}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {translate(`${S}.lecture_summary`, {
              videos: ofTotal(translate, figures.videos),
              attachments: ofTotal(translate, figures.attachments),
              exams: ofTotal(translate, figures.exams),
            })}
          </Typography>
          {!lecture.open && <Chip component="span" size="small" label={translate(`${S}.closed`)} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${base}-details`} aria-labelledby={`${base}-summary`}>
        {empty ? (
          <Typography variant="body2">{translate(`${S}.no_items`)}</Typography>
        ) : (
          <Stack spacing={1.5}>
            <ItemList title={translate(`${S}.videos`)} level={level + 1}>
              {lecture.videos.map((video) => (
                <ItemLine
                  key={video.id}
                  done={video.watched}
                  name={video.name}
                  state={
                    video.watched_seconds === 0
                      ? translate(`${S}.video_none`)
                      : translate(`${S}.video_${video.watched ? 'watched' : 'partly'}`, {
                          percent: formatNumber(video.percent),
                        })
                  }
                />
              ))}
            </ItemList>
            <ItemList title={translate(`${S}.attachments`)} level={level + 1}>
              {lecture.attachments.map((file) => (
                <ItemLine
                  key={file.id}
                  done={file.opened_at !== null}
                  name={file.name}
                  state={
                    file.opened_at === null
                      ? translate(`${S}.not_opened`)
                      : translate(`${S}.opened`, { at: formatDateTime(file.opened_at) })
                  }
                />
              ))}
            </ItemList>
            <ItemList title={translate(`${S}.exams`)} level={level + 1}>
              {lecture.exams.map((exam) => (
                <ItemLine
                  key={exam.id}
                  done={exam.taken}
                  name={`${translate(`${S}.kind.${exam.kind}`)}: ${exam.name}`}
                  state={examState(exam)}
                />
              ))}
            </ItemList>
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** One course: its name, its figures with a bar of the whole, and its lectures in order. */
function CourseSection({ course, level }: { course: CourseProgress; level: Level }) {
  const translate = useTranslate();
  const headingId = useId();
  const { summary } = course;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography component={heading(level)} variant="h6" id={headingId}>
        {course.course.name}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(`${S}.summary`, {
          videos: ofTotal(translate, summary.videos),
          attachments: ofTotal(translate, summary.attachments),
          exams: ofTotal(translate, summary.exams),
          percent: formatNumber(summary.percent),
        })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={summary.percent}
        aria-label={translate(`${S}.done_label`, { course: course.course.name })}
        sx={{ mb: 1.5, height: 8, borderRadius: 4 }}
      />
      <Stack spacing={1}>
        {course.lectures.map((lecture) => (
          <LectureItems key={lecture.id} lecture={lecture} level={level + 1} />
        ))}
      </Stack>
    </Box>
  );
}

/**
 * A student's progress in each course they joined (issue 28, ADR 054), as they see it
 * themselves, shared by the student's page (people) and a course's report (progress), which are
 * kept apart: per course its figures, and per lecture its videos (how much played), files
 * (opened or not) and exams (the score that counts, or not taken). A teacher's login reads
 * its own courses only (the server scopes the answer).
 * @example <StudentProgress studentId={40} />
 */
export function StudentProgress({ studentId, level = 2 }: { studentId: number; level?: Level }) {
  const translate = useTranslate();
  const { data, failed, reload } = useStaffData(
    () => callStaff(e.staffGetStudentProgress, { params: { id: studentId } }).then((a) => a.data),
    [studentId],
  );
  if (failed)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={reload}>
            {translate(`${T}.retry`)}
          </Button>
        }
      >
        {translate(`${T}.failed`)}
      </Alert>
    );
  if (!data)
    return (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', p: 2 }}>
        <CircularProgress aria-label={translate(`${S}.loading`)} />
      </Box>
    );
  return (
    <Stack spacing={3}>
      <Typography variant="body2" color="text.secondary">
        {translate(`${S}.help`, { percent: formatNumber(VIDEO_WATCHED_PERCENT) })}
      </Typography>
      {data.courses.length === 0 && <Alert severity="info">{translate(`${S}.empty`)}</Alert>}
      {data.courses.map((course) => (
        <CourseSection key={course.course.id} course={course} level={level} />
      ))}
    </Stack>
  );
}
