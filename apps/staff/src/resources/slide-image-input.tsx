import { useEffect, useId, useState } from 'react';
import { Box, FormHelperText, Typography } from '@mui/material';
import { useDataProvider, useInput, useTranslate, type HttpError } from 'react-admin';
import type { StaffDataProvider } from '../data/data-provider';
import { ImagePickButton } from '../components/image-pick-button';

const T = 'dars.header_images';

/**
 * One slide's picture in the home slider's form: the picture as it will show (the chosen file
 * at once while it uploads, then the stored one), and a button that uploads a picked file to the server (which
 * judges it by its bytes) and puts its address in the slide's `url`. Nothing reaches the
 * students until the form is saved.
 */
export function SlideImageInput() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  // The same `url` as the link field beside it, which requires it.
  const { field } = useInput({ source: 'url' });
  const errorId = useId();
  const [local, setLocal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);

  async function upload(file: File) {
    setError(null);
    setLocal(URL.createObjectURL(file));
    setBusy(true);
    try {
      const { url } = await dataProvider.uploadHeaderImage(file);
      field.onChange(url);
      // From now on the stored picture itself: what the students will get once saved.
      setLocal(null);
    } catch (e) {
      const refusal = e as HttpError;
      const fields = (refusal.body as { errors?: Record<string, string> } | undefined)?.errors;
      setError(fields?.file ?? (refusal.message || translate('ra.notification.http_error')));
      setLocal(null);
    } finally {
      setBusy(false);
    }
  }

  const shown = local ?? (field.value as string | null);
  return (
    <Box sx={{ my: 1, minWidth: 220 }}>
      {shown ? (
        <Box
          component="img"
          src={shown}
          alt={translate(`${T}.preview`)}
          sx={{
            display: 'block',
            width: 220,
            aspectRatio: '16 / 9',
            objectFit: 'cover',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            mb: 1,
          }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate(`${T}.no_image`)}
        </Typography>
      )}
      <ImagePickButton
        busy={busy}
        onPick={(file) => void upload(file)}
        describedBy={error ? errorId : undefined}
        inputTestId="slide-image-file"
      >
        {translate(busy ? `${T}.uploading` : shown ? `${T}.replace` : `${T}.upload`)}
      </ImagePickButton>
      {error && (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
