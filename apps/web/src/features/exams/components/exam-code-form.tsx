import { useState, type FormEvent } from 'react';
import { Button, Stack, TextField } from '@mui/material';
import LoginIcon from '@mui/icons-material/Login';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { t } from '../../../i18n/t';
import { EXAM_CODE_MAX_LENGTH, normalizeCode } from '@dars/contract/plain';

/**
 * The code field 'exam code' and its enter button, disabled while the field is empty
 * (spec §5). The code is sent as typed without spaces, in Latin digits.
 */
export function ExamCodeForm({
  initialCode,
  onEnter,
}: {
  initialCode: string;
  onEnter: (code: string) => void;
}) {
  const [text, setText] = useState(initialCode);
  const code = normalizeCode(text);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code) onEnter(code);
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ gap: 1.5, alignItems: { sm: 'flex-start' } }}
    >
      <TextField
        label={t('exams.codeLabel')}
        value={text}
        onChange={(event) => setText(event.target.value)}
        autoComplete="off"
        fullWidth
        slotProps={{
          htmlInput: { maxLength: EXAM_CODE_MAX_LENGTH + 16, dir: 'ltr', spellCheck: false },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={!code}
        endIcon={<LoginIcon sx={mirrorInRtl} />}
        sx={{ flexShrink: 0, minHeight: 56, px: 4 }}
      >
        {t('exams.enter')}
      </Button>
    </Stack>
  );
}
