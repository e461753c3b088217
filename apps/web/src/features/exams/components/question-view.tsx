import { useId, useState } from 'react';
import { Paper, Stack, Typography } from '@mui/material';
import type { Question } from '@dars/contract';
import { t } from '../../../i18n/t';
import type { LocalAnswer } from '../lib/answer-state';
import type { AnswerStatus } from '../hooks/use-exam-session';
import { AnswerStatusLine } from './answer-status';
import { ChoiceAnswers } from './choice-answers';
import { EssayAnswer } from './essay-answer';
import { ZoomableImage } from './zoomable-image';

/** Largest width of a question's image on the page; the viewer shows it whole. */
const QUESTION_IMAGE_MAX_PX = 600;

/** One question of the session (spec §2): its text, its image, its answers and their state. */
export function QuestionView({
  question,
  index,
  answer,
  status,
  imagesEnabled,
  disabled,
  onChoose,
  onText,
  onImage,
}: {
  question: Question;
  index: number;
  answer: LocalAnswer | undefined;
  status: AnswerStatus;
  imagesEnabled: boolean;
  disabled: boolean;
  onChoose: (questionId: number, optionId: number) => void;
  onText: (questionId: number, text: string) => void;
  onImage: (questionId: number, image: File | null, text: string) => void;
}) {
  const headingId = useId();
  /** An essay typed and not yet handed to the outbox (its field waits for a pause). */
  const [typing, setTyping] = useState(false);
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, md: 3 }, borderRadius: 3 }}
    >
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="subtitle1" color="primary">
            {t('examSession.question', { n: index + 1 })}
          </Typography>
          <AnswerStatusLine status={typing ? 'unsaved' : status} />
        </Stack>
        <Typography sx={{ whiteSpace: 'pre-line', fontSize: '1.1rem', lineHeight: 1.9 }}>
          {question.text}
        </Typography>
        {question.image_url && (
          <ZoomableImage
            src={question.image_url}
            alt={t('examSession.questionImage')}
            maxWidth={QUESTION_IMAGE_MAX_PX}
          />
        )}
        {question.type === 'essay' ? (
          <EssayAnswer
            questionId={question.id}
            answer={answer}
            imagesEnabled={imagesEnabled}
            disabled={disabled}
            onText={onText}
            onImage={onImage}
            onUnsaved={setTyping}
          />
        ) : (
          <ChoiceAnswers
            question={question}
            chosen={answer?.chosen ?? null}
            disabled={disabled}
            onChoose={(optionId) => onChoose(question.id, optionId)}
          />
        )}
      </Stack>
    </Paper>
  );
}
