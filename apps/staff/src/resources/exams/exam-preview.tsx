import { useId, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ShuffleIcon from '@mui/icons-material/Shuffle';
import { Link, useParams } from 'react-router-dom';
import { Title, useGetOne, useTranslate } from 'react-admin';
import type { StaffExam } from '@dars/contract';
import { isLongAnswer, studentOrder, type PreviewQuestion } from './preview-order';
import { useExamQuestions } from './use-exam-questions';
import { useCount } from '../../i18n/use-count';

/** The essay field's rows in the student app (spec §2: a textarea of 6 rows). */
const ESSAY_ROWS = 6;

function PreviewOptions({ question }: { question: PreviewQuestion }) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('dars.exams.preview.answers')}
      </Typography>
      <Box
        component="ul"
        aria-labelledby={labelId}
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 1,
        }}
      >
        {question.answers.map((option, index) => (
          <Box
            component="li"
            key={option.id}
            data-testid="preview-option"
            sx={{
              gridColumn: isLongAnswer(option) ? '1 / -1' : undefined,
              border: 1,
              borderColor: 'divider',
              borderRadius: 2,
              p: 1.5,
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
            }}
          >
            <RadioButtonUncheckedIcon aria-hidden color="action" sx={{ mt: 0.25 }} />
            <Stack spacing={1}>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{option.text}</Typography>
              {option.image_url && (
                <Box
                  component="img"
                  src={option.image_url}
                  alt={translate('dars.exams.preview.option_image', { n: index + 1 })}
                  sx={{ maxWidth: '100%', maxHeight: 240, borderRadius: 1 }}
                />
              )}
            </Stack>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function PreviewQuestionCard({
  question,
  index,
  imagesEnabled,
}: {
  question: PreviewQuestion;
  index: number;
  imagesEnabled: boolean;
}) {
  const translate = useTranslate();
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
    >
      <Stack spacing={2}>
        <Typography id={headingId} component="h2" variant="subtitle1" color="primary">
          {translate('dars.exams.preview.question', { n: index + 1 })}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-line', fontSize: '1.1rem', lineHeight: 1.9 }}>
          {question.text}
        </Typography>
        {question.image_url && (
          <Box
            component="img"
            src={question.image_url}
            alt={translate('dars.exams.preview.question_image')}
            sx={{ display: 'block', maxWidth: { xs: '100%', sm: 600 }, borderRadius: 2 }}
          />
        )}
        {question.type === 'essay' ? (
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={translate('dars.exams.preview.essay')}
              multiline
              rows={ESSAY_ROWS}
              disabled
              fullWidth
            />
            {imagesEnabled && (
              <Button variant="outlined" disabled startIcon={<PhotoCameraOutlinedIcon />}>
                {translate('dars.exams.preview.attach_image')}
              </Button>
            )}
          </Stack>
        ) : (
          <PreviewOptions question={question} />
        )}
      </Stack>
    </Paper>
  );
}

/**
 * An exam as a student meets it (ADR 026): its entry details, then every question in the
 * session's order with the answers the student gets (shuffled when the exam shuffles, never
 * which is right, no explanation), read only. Rendered from the staff API's exam and
 * questions; nothing is started or saved.
 */
export default function ExamPreview() {
  const { id } = useParams<{ id: string }>();
  const translate = useTranslate();
  const { data: exam, error: examError } = useGetOne<StaffExam>('exams', { id: Number(id) });
  const { questions, error } = useExamQuestions(id);
  const [draw, setDraw] = useState(1);
  const shuffled = exam?.shuffled_answers === true;
  const ordered = useMemo(
    () => (questions ? studentOrder(questions, shuffled ? `preview-${draw}` : null) : null),
    [questions, shuffled, draw],
  );
  const failure = (examError as Error | null)?.message ?? error;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 960 }}>
      <Title title={translate('dars.exams.preview.title', { name: exam?.name ?? '' })} />
      <Button component={Link} to={`/exams/${id}`} startIcon={<ArrowForwardIcon />} sx={{ mb: 1 }}>
        {translate('dars.exams.preview.back')}
      </Button>
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('dars.exams.preview.note')}
      </Alert>
      {failure && <Alert severity="error">{failure}</Alert>}
      {(!exam || !ordered) && !failure && <CircularProgress size={24} />}
      {exam && ordered && (
        <Stack spacing={2}>
          <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}>
            <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
              {exam.name}
            </Typography>
            {exam.description && (
              <Typography sx={{ whiteSpace: 'pre-line', mb: 1 }}>{exam.description}</Typography>
            )}
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1 }}
            >
              <Typography component="dt" color="text.secondary">
                {translate('dars.exams.preview.duration')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {exam.duration_minutes === null
                  ? translate('dars.exams.preview.open_duration')
                  : translate('dars.exams.preview.minutes', { smart_count: exam.duration_minutes })}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {translate('dars.exams.preview.questions_count')}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }}>
                {translate('dars.exams.preview.question_count', { smart_count: ordered.length })}
              </Typography>
              {exam.max_attempts > 1 && (
                <>
                  <Typography component="dt" color="text.secondary">
                    {translate('dars.exams.preview.attempts')}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0 }}>
                    <AttemptsLine exam={exam} />
                  </Typography>
                </>
              )}
            </Box>
          </Paper>
          {shuffled && (
            <Alert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  startIcon={<ShuffleIcon />}
                  onClick={() => setDraw((d) => d + 1)}
                >
                  {translate('dars.exams.preview.reshuffle')}
                </Button>
              }
            >
              {translate('dars.exams.preview.shuffled')}
            </Alert>
          )}
          {ordered.length === 0 && (
            <Typography color="text.secondary">{translate('dars.exams.preview.empty')}</Typography>
          )}
          {ordered.map((question, index) => (
            <PreviewQuestionCard
              key={question.id}
              question={question}
              index={index}
              imagesEnabled={exam.enable_images_answers}
            />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * An exam of several attempts (ADR 047): how many, which counts, and the least wait between two.
 * @example «3 محاولات — أعلى درجة — بين كل محاولتين 60 دقيقة على الأقل»
 */
function AttemptsLine({ exam }: { exam: StaffExam }) {
  const translate = useTranslate();
  const count = useCount();
  return [
    count(exam.max_attempts, 'attempt'),
    translate(`dars.exams.attempt_rules.${exam.attempt_rule}`),
    ...(exam.attempt_wait_minutes > 0
      ? [
          translate('dars.exams.preview.attempt_wait', {
            wait: translate('dars.exams.preview.minutes', {
              smart_count: exam.attempt_wait_minutes,
            }),
          }),
        ]
      : []),
  ].join(' — ');
}
