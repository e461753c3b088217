import { useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  Typography,
} from '@mui/material';
import {
  staffEndpoints as e,
  type StaffExamSession,
  type StaffSessionAnswers,
} from '@dars/contract';
import { formatDateTime, formatNumber } from '@dars/ui/format';
import { callStaff } from '../../data/http';
import { useStaffData } from '../../data/use-staff-data';

type Question = StaffSessionAnswers['questions'][number];

/**
 * Opens one session's answers from the results list (issue 26): the questions as the student
 * saw them, in the same order, with their picks and marks.
 */
export function SessionAnswersButton({ session }: { session: StaffExamSession }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        // What is seen, then whose answers they are.
        aria-label={translate('dars.review.answers.open', { name: session.student.name })}
      >
        {translate('dars.review.answers.show')}
      </Button>
      {open && <SessionAnswersDialog session={session} onClose={() => setOpen(false)} />}
    </>
  );
}

/** Whole minutes from the session's start to an answer's last save. */
function minutesAfter(start: string, at: string): number {
  return Math.max(0, Math.floor((Date.parse(at) - Date.parse(start)) / 60_000));
}

function Outcome({ question, finished }: { question: Question; finished: boolean }) {
  const translate = useTranslate();
  const answered =
    question.options.some((o) => o.chosen) ||
    !!question.answer_text?.trim() ||
    question.answer_image_url !== null;
  // A running session is not marked yet; a finished one waits only for an essay's marks.
  const label = !answered
    ? 'unanswered'
    : question.correct === null
      ? finished
        ? 'waiting'
        : 'saved_only'
      : question.correct
        ? 'right'
        : 'wrong';
  const earned = question.correction_mark ?? (finished && !answered ? 0 : null);
  const mark =
    earned === null
      ? translate('dars.review.answers.mark_of', { mark: formatNumber(question.mark) })
      : translate('dars.review.answers.mark', {
          earned: formatNumber(earned),
          mark: formatNumber(question.mark),
        });
  return (
    <Typography variant="body2">
      <strong>{translate(`dars.review.answers.${label}`)}</strong> — {mark}
    </Typography>
  );
}

function QuestionAnswer({
  question,
  n,
  startedAt,
  finished,
  divider,
}: {
  question: Question;
  n: number;
  startedAt: string;
  finished: boolean;
  divider: boolean;
}) {
  const translate = useTranslate();
  return (
    <ListItem disableGutters divider={divider} sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="h3" variant="subtitle2">
          {translate('dars.review.answers.question', { n: formatNumber(n) })}
        </Typography>
        {question.drawn && <Chip size="small" label={translate('dars.review.answers.drawn')} />}
      </Box>
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap' }}>
        {question.text}
      </Typography>
      {question.image_url && (
        <Box component="img" src={question.image_url} alt="" sx={{ maxWidth: '100%', my: 1 }} />
      )}
      {question.options.length > 0 && (
        <Box component="ul" sx={{ my: 1, ps: 3 }}>
          {question.options.map((o) => (
            <li key={o.id}>
              {o.text}
              {o.chosen && (
                <>
                  {' '}
                  <Chip
                    size="small"
                    variant="outlined"
                    label={`← ${translate('dars.review.answers.chosen')}`}
                  />
                </>
              )}
              {o.correct && (
                <>
                  {' '}
                  <Chip size="small" label={`✓ ${translate('dars.review.answers.key')}`} />
                </>
              )}
            </li>
          ))}
        </Box>
      )}
      {question.answer_text && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', my: 1 }}>
          <strong>{translate('dars.review.answers.text')}:</strong> {question.answer_text}
        </Typography>
      )}
      {question.answer_image_url && (
        <Link href={question.answer_image_url} target="_blank" rel="noopener">
          {translate('dars.review.answers.image')}
        </Link>
      )}
      <Outcome question={question} finished={finished} />
      {question.comment && (
        <Typography variant="body2">
          {translate('dars.review.answers.comment')}: {question.comment}
        </Typography>
      )}
      {question.answered_at && (
        <Typography variant="caption" color="text.secondary">
          {translate('dars.review.answers.saved', {
            at: formatDateTime(question.answered_at),
            minutes: formatNumber(minutesAfter(startedAt, question.answered_at)),
          })}
        </Typography>
      )}
    </ListItem>
  );
}

/** The dialog: the session's score, then every question as the student saw it. */
export function SessionAnswersDialog({
  session,
  onClose,
}: {
  session: StaffExamSession;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const { data: answers, failed } = useStaffData(
    () => callStaff(e.staffExamSessionAnswers, { params: { id: session.id } }).then((a) => a.data),
    [session.id],
  );
  const s = answers?.session;
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>
        {translate('dars.review.answers.title', {
          name: session.student.name,
          exam: session.exam.name,
        })}
      </DialogTitle>
      {/* A long list scrolls: it takes focus so the keyboard can scroll it too. */}
      <DialogContent tabIndex={0}>
        <DialogContentText>{translate('dars.review.answers.lead')}</DialogContentText>
        {failed && <Alert severity="error">{translate('dars.review.answers.load_failed')}</Alert>}
        {!answers && !failed && <CircularProgress aria-label={translate('ra.page.loading')} />}
        {s && (
          <Typography sx={{ mt: 1 }}>
            {s.correction_mark === null
              ? translate('dars.review.answers.running')
              : translate('dars.review.answers.score', {
                  mark: formatNumber(s.correction_mark),
                  total: formatNumber(s.total_mark),
                })}
          </Typography>
        )}
        {answers && (
          <List>
            {answers.questions.map((q, i) => (
              <QuestionAnswer
                key={q.id}
                question={q}
                n={i + 1}
                startedAt={answers.session.started_at}
                finished={answers.session.finished_at !== null}
                divider={i < answers.questions.length - 1}
              />
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
