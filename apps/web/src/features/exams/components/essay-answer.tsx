import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import ClearIcon from '@mui/icons-material/Clear';
import { imageFileSchema } from '@dars/contract';
import {
  ESSAY_ANSWER_MAX_LENGTH,
  ESSAY_IMAGE_MAX_PX,
  ESSAY_SEND_DEBOUNCE_MS,
  ESSAY_TEXTAREA_ROWS,
} from '@dars/contract/plain';
import { t } from '../../../i18n/t';
import type { LocalAnswer } from '../lib/answer-state';
import { useImagePreview } from '../hooks/use-image-preview';

/**
 * An essay answer (spec §2, §4): a 6-row text sent after a 1 s pause (and at once when the
 * student leaves the question), said unsaved (`onUnsaved`) from the first key until then,
 * and, when the exam allows images, one image attached or removed, sent at once. Only images
 * are taken (spec §5).
 */
export function EssayAnswer({
  questionId,
  answer,
  imagesEnabled,
  disabled,
  onText,
  onImage,
  onUnsaved,
}: {
  questionId: number;
  answer: LocalAnswer | undefined;
  imagesEnabled: boolean;
  disabled: boolean;
  onText: (questionId: number, text: string) => void;
  onImage: (questionId: number, image: File | null, text: string) => void;
  /** True from the first key until the text is handed over (or typed back to what was sent). */
  onUnsaved?: (unsaved: boolean) => void;
}) {
  const [text, setText] = useState(answer?.text ?? '');
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const lastSent = useRef(answer?.text ?? '');
  const typed = useRef(text);

  const send = (value: string) => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    onUnsaved?.(false);
    if (value === lastSent.current) return;
    lastSent.current = value;
    onText(questionId, value);
  };

  useEffect(
    () => () => {
      // Leaving the question: what was typed goes now rather than being lost with the timer.
      if (timer.current !== undefined) {
        window.clearTimeout(timer.current);
        if (typed.current !== lastSent.current) onText(questionId, typed.current);
      }
    },
    [onText, questionId],
  );

  const change = (value: string) => {
    setText(value);
    typed.current = value;
    // Said at once, not after the pause: the student sees the text is not kept yet.
    onUnsaved?.(value !== lastSent.current);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => send(value), ESSAY_SEND_DEBOUNCE_MS);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const checked = imageFileSchema.safeParse(file);
    if (!checked.success) {
      setImageError(checked.error.issues[0]?.message ?? t('common.requestFailed'));
      return;
    }
    setImageError(null);
    attach(file);
  };

  const attach = (file: File | null) => {
    // The image call carries the text as it is now.
    window.clearTimeout(timer.current);
    timer.current = undefined;
    onUnsaved?.(false);
    lastSent.current = typed.current;
    onImage(questionId, file, typed.current);
  };

  const image = answer?.image ?? null;
  const preview = useImagePreview(image && 'blob' in image ? image.blob : null);
  const src = image ? ('url' in image ? image.url : preview) : null;

  return (
    <Stack spacing={1.5}>
      <TextField
        label={t('examSession.essay')}
        multiline
        rows={ESSAY_TEXTAREA_ROWS}
        value={text}
        disabled={disabled}
        onChange={(event) => change(event.target.value)}
        onBlur={() => send(typed.current)}
        slotProps={{ htmlInput: { maxLength: ESSAY_ANSWER_MAX_LENGTH } }}
        fullWidth
      />
      {imagesEnabled && (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          {src && (
            <Box
              component="img"
              src={src}
              alt={t('examSession.answerImage')}
              sx={{
                display: 'block',
                maxWidth: { xs: '100%', sm: ESSAY_IMAGE_MAX_PX.inline },
                height: 'auto',
                borderRadius: 2,
                border: 1,
                borderColor: 'divider',
              }}
            />
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              disabled={disabled}
              startIcon={<PhotoCameraOutlinedIcon />}
              onClick={() => fileInput.current?.click()}
            >
              {image ? t('examSession.changeImage') : t('examSession.attachImage')}
            </Button>
            {image && (
              <Button
                color="error"
                disabled={disabled}
                startIcon={<ClearIcon />}
                onClick={() => attach(null)}
              >
                {t('examSession.removeImage')}
              </Button>
            )}
          </Stack>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            hidden
            tabIndex={-1}
            aria-hidden
            onChange={pick}
            data-testid={`essay-image-input-${questionId}`}
          />
          {imageError && <Alert severity="warning">{imageError}</Alert>}
        </Stack>
      )}
    </Stack>
  );
}
