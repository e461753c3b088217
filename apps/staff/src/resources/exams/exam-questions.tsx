import { useId, useState } from 'react';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  IconButton,
  Paper,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Link } from 'react-router-dom';
import {
  Confirm,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { StaffExam, StaffQuestion } from '@dars/contract';
import { useExamQuestions } from './use-exam-questions';
import { failureOf } from '../../data/failure';

/** A refusal's Arabic message as the server wrote it (react-admin would look it up as a key). */
export function errorText(error: unknown): { message: string; args: { _: string } } {
  const message = failureOf(error).message;
  return { message, args: { _: message } };
}

/**
 * ADR 022: once students have started an exam, its questions' marking parts are fixed. The
 * console says so before anyone tries (the server refuses with 409 anyway).
 */
export function LockedNotice({ sessions }: { sessions: number }) {
  const translate = useTranslate();
  return (
    <Alert severity="warning" sx={{ my: 2 }}>
      <AlertTitle>{translate('dars.exams.locked.title')}</AlertTitle>
      {translate('dars.exams.locked.body', { count: sessions })}
    </Alert>
  );
}

function QuestionCard({
  question,
  index,
  count,
  locked,
  busy,
  onMove,
  onDelete,
}: {
  question: StaffQuestion;
  index: number;
  count: number;
  locked: boolean;
  busy: boolean;
  onMove: (from: number, to: number) => void;
  onDelete: (question: StaffQuestion, n: number) => void;
}) {
  const translate = useTranslate();
  const headingId = useId();
  const n = index + 1;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="question-card"
      sx={{ p: 2, listStyle: 'none' }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {translate('dars.exams.questions.number', { n })}
        </Typography>
        <Chip size="small" label={translate(`dars.question_type.${question.type}`)} />
        <Chip
          size="small"
          variant="outlined"
          label={translate('dars.exams.questions.marks', { smart_count: question.mark })}
        />
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{question.text}</Typography>
      {question.image_url && (
        <Box
          component="img"
          src={question.image_url}
          alt={translate('dars.exams.question.image')}
          sx={{ display: 'block', maxWidth: 240, maxHeight: 160, borderRadius: 1, mb: 1 }}
        />
      )}
      {question.type === 'essay' ? (
        <Typography variant="body2" color="text.secondary">
          {translate('dars.exams.questions.no_answers')}
        </Typography>
      ) : (
        <Box component="ol" sx={{ m: 0, ps: 3 }}>
          {question.answers.map((answer) => (
            <li key={answer.id}>
              <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
                <span>{answer.text}</span>
                {answer.correct && (
                  <Chip
                    size="small"
                    color="success"
                    icon={<CheckCircleIcon />}
                    label={translate('dars.exams.questions.correct')}
                  />
                )}
              </Stack>
            </li>
          ))}
        </Box>
      )}
      <Divider sx={{ my: 1 }} />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button
          component={Link}
          to={`/questions/${question.id}`}
          size="small"
          startIcon={<EditIcon />}
          aria-label={translate('dars.exams.questions.edit', { n })}
        >
          {translate('ra.action.edit')}
        </Button>
        <IconButton
          size="small"
          disabled={locked || busy || index === 0}
          onClick={() => onMove(index, index - 1)}
          aria-label={translate('dars.exams.questions.move_up', { n })}
        >
          <ArrowUpwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          disabled={locked || busy || index === count - 1}
          onClick={() => onMove(index, index + 1)}
          aria-label={translate('dars.exams.questions.move_down', { n })}
        >
          <ArrowDownwardIcon fontSize="small" />
        </IconButton>
        <IconButton
          size="small"
          color="error"
          disabled={locked || busy}
          onClick={() => onDelete(question, n)}
          aria-label={translate('dars.exams.questions.delete', { n })}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Stack>
    </Paper>
  );
}

/**
 * The exam page's questions (issue 12): each with its type, marks and answers (the right ones
 * marked), edited on its own page, moved up or down (each moved question's new position is
 * PATCHed), deleted after a confirmation; the student preview is one link away. A started
 * exam locks the marking parts (ADR 022) and says why.
 */
export function ExamQuestions() {
  const exam = useRecordContext<StaffExam>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const { questions, error, reload } = useExamQuestions(exam?.id);
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<{ question: StaffQuestion; n: number } | null>(null);
  const titleId = useId();
  if (!exam) return null;
  const locked = exam.sessions_count > 0;

  function refused(e: unknown) {
    const { message, args } = errorText(e);
    notify(message, { type: 'error', messageArgs: args });
  }

  async function move(from: number, to: number) {
    if (!questions) return;
    const order = [...questions];
    const [moved] = order.splice(from, 1);
    order.splice(to, 0, moved!);
    setBusy(true);
    try {
      for (const [position, question] of order.entries()) {
        if (question.position === position) continue;
        await dataProvider.update('questions', {
          id: question.id,
          data: { position },
          previousData: question,
        });
      }
      notify('dars.exams.questions.order_saved', { type: 'success' });
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
      reload();
    }
  }

  async function remove() {
    if (!deleting) return;
    const { question } = deleting;
    setDeleting(null);
    setBusy(true);
    try {
      await dataProvider.delete('questions', { id: question.id, previousData: question });
      notify('dars.exams.questions.deleted', { type: 'success' });
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
      reload();
      refresh();
    }
  }

  const total = questions?.reduce((sum, q) => sum + q.mark, 0) ?? 0;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id={titleId} component="h2" variant="h6">
          {translate('dars.exams.questions.title')}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            component={Link}
            to={`/exams/${exam.id}/preview`}
            variant="outlined"
            startIcon={<VisibilityIcon />}
          >
            {translate('dars.exams.preview.open')}
          </Button>
          <Button
            component={Link}
            to={`/questions/create?exam_id=${exam.id}`}
            variant="contained"
            startIcon={<AddIcon />}
            disabled={locked}
            aria-disabled={locked}
          >
            {translate('dars.exams.questions.add')}
          </Button>
        </Stack>
      </Stack>
      {locked && <LockedNotice sessions={exam.sessions_count} />}
      {error && (
        <Alert severity="error" sx={{ my: 2 }}>
          {error}
        </Alert>
      )}
      {questions === null && !error && <CircularProgress size={24} sx={{ my: 2 }} />}
      {questions && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ my: 1 }}>
            {translate('dars.exams.questions.summary', { count: questions.length, total })}
          </Typography>
          {questions.length === 0 ? (
            <Typography color="text.secondary">
              {translate('dars.exams.questions.empty')}
            </Typography>
          ) : (
            <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }}>
              {questions.map((question, index) => (
                <QuestionCard
                  key={question.id}
                  question={question}
                  index={index}
                  count={questions.length}
                  locked={locked}
                  busy={busy}
                  onMove={(from, to) => void move(from, to)}
                  onDelete={(q, n) => setDeleting({ question: q, n })}
                />
              ))}
            </Stack>
          )}
        </>
      )}
      <Confirm
        isOpen={deleting !== null}
        title="dars.exams.questions.delete_title"
        titleTranslateOptions={{ n: deleting?.n ?? 0 }}
        content="dars.exams.questions.delete_body"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
