import type { ReactNode } from 'react';
import { alpha } from '@mui/material/styles';
import { Box, Chip, Container, Paper, Stack, Typography } from '@mui/material';
import type { AnswerAttempt, AnswerOption, Question } from '@dars/contract';
import { ESSAY_IMAGE_MAX_PX } from '@dars/contract/plain';
import { t } from '../../../i18n/t';
import { isLongAnswer } from '../lib/answer-layout';
import { formatMark } from '../lib/exam-format';
import { TeacherText } from './teacher-text';
import { ZoomableImage } from './zoomable-image';

/**
 * The corrected answers (spec §2): per question the correct answer, the student's choice or
 * text, the marks and the teacher's explanation (text with links, image). Shows only what the
 * server sent: a flag, a mark or an explanation it left out (null) is not shown (ADR 016).
 */
export function AnswersReview({
  questions,
  attempts,
  actions,
}: {
  questions: readonly Question[];
  attempts: readonly AnswerAttempt[];
  actions: ReactNode;
}) {
  const byQuestion = new Map(attempts.map((a) => [a.question_id, a]));
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Stack spacing={2.5}>
        <Typography component="h1" variant="h5">
          {t('examResult.reviewTitle')}
        </Typography>
        <Stack component="ol" spacing={2} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {questions.map((question, index) => (
            <li key={question.id}>
              <ReviewedQuestion
                question={question}
                index={index}
                attempt={byQuestion.get(question.id)}
              />
            </li>
          ))}
        </Stack>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', justifyContent: 'center' }}>
          {actions}
        </Stack>
      </Stack>
    </Container>
  );
}

function Verdict({ question, attempt }: { question: Question; attempt: AnswerAttempt }) {
  if (attempt.correct === true)
    return <Chip size="small" color="success" label={t('examResult.correct')} />;
  if (attempt.correct === false)
    return <Chip size="small" color="error" label={t('examResult.wrong')} />;
  return question.type === 'essay' ? (
    <Chip size="small" variant="outlined" label={t('examResult.notCorrected')} />
  ) : null;
}

function ReviewedQuestion({
  question,
  index,
  attempt,
}: {
  question: Question;
  index: number;
  attempt: AnswerAttempt | undefined;
}) {
  const headingId = `review-question-${question.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
    >
      <Stack spacing={1.75}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="subtitle1" color="primary">
            {t('examSession.question', { n: index + 1 })}
          </Typography>
          {attempt && <Verdict question={question} attempt={attempt} />}
          {attempt && attempt.correction_mark !== null && (
            <Typography variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
              {t('examResult.questionMark', {
                mark: formatMark(attempt.correction_mark),
                total: formatMark(attempt.question_mark),
              })}
            </Typography>
          )}
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-line', lineHeight: 1.9 }}>{question.text}</Typography>
        {question.image_url && (
          <ZoomableImage
            src={question.image_url}
            alt={t('examSession.questionImage')}
            maxWidth={ESSAY_IMAGE_MAX_PX.review}
          />
        )}
        {question.type === 'essay' ? (
          <EssayReview attempt={attempt} />
        ) : (
          <OptionsReview
            options={question.answers}
            chosen={attempt?.answer_id ?? null}
            attempt={attempt}
          />
        )}
        {!attempt && <Typography color="text.secondary">{t('examResult.notAnswered')}</Typography>}
        {(question.answer_explain_text || question.answer_explain_image) && (
          <Box
            component="section"
            sx={{
              p: 2,
              borderRadius: 2,
              bgcolor: (theme) => alpha(theme.palette.primary.main, 0.05),
            }}
          >
            <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
              {t('examResult.explanation')}
            </Typography>
            <Stack spacing={1.5}>
              {question.answer_explain_text && <TeacherText text={question.answer_explain_text} />}
              {question.answer_explain_image && (
                <ZoomableImage
                  src={question.answer_explain_image}
                  alt={t('examResult.explanationImage')}
                  maxWidth={ESSAY_IMAGE_MAX_PX.review}
                />
              )}
            </Stack>
          </Box>
        )}
      </Stack>
    </Paper>
  );
}

function OptionsReview({
  options,
  chosen,
  attempt,
}: {
  options: readonly AnswerOption[];
  chosen: number | null;
  attempt: AnswerAttempt | undefined;
}) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
        gap: 1,
      }}
    >
      {options.map((option, index) => {
        const mine = option.id === chosen;
        const right = option.correct === true;
        const tone = right
          ? 'success.main'
          : mine && attempt?.correct === false
            ? 'error.main'
            : 'divider';
        return (
          <Box
            component="li"
            key={option.id}
            data-testid="review-option"
            data-long={isLongAnswer(option)}
            sx={{
              gridColumn: isLongAnswer(option) ? '1 / -1' : undefined,
              p: 1.5,
              borderRadius: 2,
              border: 2,
              borderColor: tone,
            }}
          >
            <Stack spacing={1}>
              <Typography sx={{ whiteSpace: 'pre-line' }}>{option.text}</Typography>
              {option.image_url && (
                <Box
                  component="img"
                  src={option.image_url}
                  alt={t('examSession.optionImage', { n: index + 1 })}
                  loading="lazy"
                  sx={{ maxWidth: '100%', maxHeight: 240, borderRadius: 1 }}
                />
              )}
              {(right || mine) && (
                <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap' }}>
                  {right && (
                    <Chip size="small" color="success" label={t('examResult.correctAnswer')} />
                  )}
                  {mine && (
                    <Chip
                      size="small"
                      variant="outlined"
                      color={
                        attempt?.correct === true
                          ? 'success'
                          : attempt?.correct === false
                            ? 'error'
                            : 'primary'
                      }
                      label={t('examResult.yourAnswer')}
                    />
                  )}
                </Stack>
              )}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

function EssayReview({ attempt }: { attempt: AnswerAttempt | undefined }) {
  if (!attempt || (!attempt.answer_text && !attempt.answer_image)) return null;
  return (
    <Stack spacing={1} sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle2" color="text.secondary">
        {t('examResult.yourAnswer')}
      </Typography>
      {attempt.answer_text && (
        <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {attempt.answer_text}
        </Typography>
      )}
      {attempt.answer_image && (
        <ZoomableImage
          src={attempt.answer_image}
          alt={t('examSession.answerImage')}
          maxWidth={ESSAY_IMAGE_MAX_PX.review}
        />
      )}
    </Stack>
  );
}
