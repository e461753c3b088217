import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import type { Question } from '@dars/contract';
import { t } from '../../../i18n/t';

/**
 * The question list of the drawer (spec §2): a numbered button per question, marked when
 * solved, the current one highlighted. Choosing one goes to it.
 */
export function QuestionList({
  questions,
  current,
  isSolved,
  onSelect,
}: {
  questions: readonly Question[];
  current: number;
  isSolved: (questionId: number) => boolean;
  onSelect: (index: number) => void;
}) {
  return (
    <Box component="nav" aria-label={t('examSession.questionList')} sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ mb: 1.5, fontWeight: 700 }}>
        {t('examSession.questionList')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(5, 1fr)',
          gap: 1,
        }}
      >
        {questions.map((question, index) => {
          const solved = isSolved(question.id);
          const here = index === current;
          return (
            <li key={question.id}>
              <ButtonBase
                onClick={() => onSelect(index)}
                aria-current={here ? 'step' : undefined}
                aria-label={`${t('examSession.question', { n: index + 1 })}، ${
                  solved ? t('examSession.solved') : t('examSession.notSolved')
                }`}
                data-solved={solved}
                sx={{
                  position: 'relative',
                  width: '100%',
                  aspectRatio: '1',
                  borderRadius: 2,
                  border: 2,
                  fontWeight: 700,
                  borderColor: here ? 'primary.main' : solved ? 'success.main' : 'divider',
                  bgcolor: solved ? 'success.main' : 'background.paper',
                  color: solved ? 'success.contrastText' : 'text.primary',
                  outlineOffset: 2,
                }}
              >
                {index + 1}
                {solved && (
                  <Stack
                    aria-hidden
                    sx={{
                      position: 'absolute',
                      top: -6,
                      insetInlineEnd: -6,
                      width: 18,
                      height: 18,
                      borderRadius: '50%',
                      bgcolor: 'background.paper',
                      color: 'success.main',
                      border: 1,
                      borderColor: 'success.main',
                      alignItems: 'center',
                      justifyContent: 'center',
                    }}
                  >
                    <CheckCircleRoundedIcon sx={{ fontSize: 14 }} />
                  </Stack>
                )}
              </ButtonBase>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
