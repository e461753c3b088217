import { useState } from 'react';
import { Box, Typography } from '@mui/material';
import {
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import type { ImageUploadEntry, StaffDataProvider } from '../data/data-provider';
import { ImagePickButton } from './image-pick-button';
import { failureOf } from '../data/failure';

/**
 * An image of a saved record (a course's picture, a teacher's avatar or banner): shows the
 * current one and uploads a picked file at once with the record's picture call of the contract
 * (`upload`, e.g. staffUploadCourseImage; the server checks its content and size), then reloads
 * the record.
 */
export function ImageUpload({
  source,
  label,
  upload: entry,
}: {
  source: string;
  label: string;
  upload: ImageUploadEntry;
}) {
  const record = useRecordContext();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const url = record[source] as string | null | undefined;

  async function upload(file: File) {
    setBusy(true);
    try {
      await dataProvider.uploadImage(entry, record!.id, file);
      notify('dars.image.uploaded', { type: 'success' });
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle2" component="p" gutterBottom>
        {label}
      </Typography>
      {url ? (
        <Box
          component="img"
          src={url}
          alt={label}
          sx={{ display: 'block', maxWidth: 240, maxHeight: 160, borderRadius: 1, mb: 1 }}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('dars.image.none')}
        </Typography>
      )}
      <ImagePickButton
        busy={busy}
        onPick={(file) => void upload(file)}
        ariaLabel={`${translate('dars.image.choose')}: ${label}`}
      >
        {translate(busy ? 'dars.image.uploading' : 'dars.image.choose')}
      </ImagePickButton>
    </Box>
  );
}
