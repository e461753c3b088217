import { useEffect, useId, useState } from 'react';
import { Box, Button, FormHelperText, Typography, type SxProps, type Theme } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { useInput, useTranslate } from 'react-admin';
import { ImagePickButton } from './image-pick-button';
import { failureOf, failureText } from '../data/failure';

/** The words of one image field, as keys of the console's Arabic catalogue. */
export interface UploadedImageTexts {
  /** The preview's alternative text. */
  preview: string;
  noImage: string;
  upload: string;
  replace: string;
  uploading: string;
  /** With it, a button empties the field. */
  remove?: string;
}

/**
 * An image field whose file is uploaded when picked (the server judges it by its bytes and
 * answers its address) and whose address goes into `source`: the picture as it will show (the
 * chosen file at once while it uploads, then the stored one), a button to pick, and, when
 * `texts.remove` is given, one to take it away. Nothing reaches anyone until the form is saved.
 * @example <UploadedImageInput source="url" upload={dataProvider.uploadHeaderImage} texts={…} />
 */
export function UploadedImageInput({
  source,
  upload,
  texts,
  label,
  previewSx,
  inputTestId,
}: {
  source: string;
  upload: (file: File) => Promise<{ url: string }>;
  texts: UploadedImageTexts;
  /** A heading over the field (its name), when the form shows one. */
  label?: string;
  previewSx?: SxProps<Theme>;
  inputTestId?: string;
}) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const errorId = useId();
  const labelId = useId();
  const [local, setLocal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  async function send(file: File) {
    setError(null);
    setLocal(URL.createObjectURL(file));
    setBusy(true);
    try {
      const { url } = await upload(file);
      field.onChange(url);
      // From now on the stored picture itself: what everyone will get once saved.
      setLocal(null);
    } catch (e) {
      setError(failureOf(e).fields?.file ?? failureText(e, translate));
      setLocal(null);
    } finally {
      setBusy(false);
    }
  }

  const shown = local ?? (field.value as string | null);
  return (
    <Box
      sx={{ my: 1, minWidth: 220 }}
      role={label ? 'group' : undefined}
      aria-labelledby={label ? labelId : undefined}
    >
      {label && (
        <Typography id={labelId} variant="subtitle2" sx={{ mb: 0.5 }}>
          {label}
        </Typography>
      )}
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={translate(texts.preview)}
          sx={{
            display: 'block',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            mb: 1,
            ...previewSx,
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(texts.noImage)}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <ImagePickButton
          busy={busy}
          onPick={(file) => void send(file)}
          describedBy={error ? errorId : undefined}
          inputTestId={inputTestId}
          ariaLabel={
            label ? `${translate(shown ? texts.replace : texts.upload)}: ${label}` : undefined
          }
        >
          {translate(busy ? texts.uploading : shown ? texts.replace : texts.upload)}
        </ImagePickButton>
        {texts.remove && shown && !busy && (
          <Button
            size="small"
            color="inherit"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => field.onChange(null)}
            aria-label={label ? `${translate(texts.remove)}: ${label}` : undefined}
          >
            {translate(texts.remove)}
          </Button>
        )}
      </Box>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
