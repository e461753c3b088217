import { useId } from 'react';
import { alpha } from '@mui/material/styles';
import { Box, FormControlLabel, Radio, RadioGroup, Stack, Typography } from '@mui/material';
import type { Question } from '@dars/contract';
import { t } from '../../../i18n/t';
import { isLongAnswer } from '../lib/answer-layout';

/**
 * The options of a choices or true/false question as one radio group (arrow keys move and
 * choose). Choosing sends at once; choosing the option already chosen sends nothing.
 */
export function ChoiceAnswers({
  question,
  chosen,
  disabled,
  onChoose,
}: {
  question: Question;
  chosen: number | null;
  disabled: boolean;
  onChoose: (optionId: number) => void;
}) {
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {t('examSession.answers')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={chosen === null ? '' : String(chosen)}
        onChange={(_event, value) => onChoose(Number(value))}
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
      >
        {question.answers.map((option, index) => (
          <FormControlLabel
            key={option.id}
            value={String(option.id)}
            disabled={disabled}
            control={<Radio />}
            label={
              <Stack spacing={1} sx={{ py: 1 }}>
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
              </Stack>
            }
            sx={{
              m: 0,
              gridColumn: isLongAnswer(option) ? '1 / -1' : undefined,
              border: 1,
              borderRadius: 2,
              borderColor: chosen === option.id ? 'primary.main' : 'divider',
              bgcolor: (theme) =>
                chosen === option.id ? alpha(theme.palette.primary.main, 0.06) : undefined,
              pe: 1.5,
              alignItems: 'flex-start',
              '& .MuiRadio-root': { mt: 0.5 },
            }}
          />
        ))}
      </RadioGroup>
    </Box>
  );
}
