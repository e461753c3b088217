import { Box, Chip, Stack, Typography } from '@mui/material';
import {
  FileField,
  FileInput,
  TextInput,
  required,
  useRecordContext,
  useTranslate,
  type Identifier,
} from 'react-admin';
import { ATTACHMENT_MAX_BYTES, type StaffAttachment } from '@dars/contract';
import { formatFileSize } from '../components/file-size';
import { LectureItemCreate, LectureItemEdit } from './lecture-item-pages';
import { OrderedContents } from './ordered-contents';

/** What the server takes (ADR 022: judged by the bytes; the picker only narrows the choice). */
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['.pptx'],
};

type AttachmentItem = StaffAttachment & { id: Identifier };

/** The extension as students see it, PDF highlighted (spec §2 attachments tab). */
function ExtensionChip({ extension }: { extension: string }) {
  return (
    <Chip
      size="small"
      label={extension.toUpperCase()}
      color={extension === 'pdf' ? 'error' : 'default'}
      variant={extension === 'pdf' ? 'filled' : 'outlined'}
    />
  );
}

const NEW_ATTACHMENT = {};

/** A new attachment: its name and file in one multipart call (the contract's staffCreateAttachment). */
export function AttachmentCreate() {
  const translate = useTranslate();
  return (
    <LectureItemCreate tab="attachments" defaults={NEW_ATTACHMENT}>
      <TextInput source="name" validate={required()} />
      <FileInput
        source="file"
        label={translate('dars.contents.attachments.file')}
        // react-admin's label is a caption, not a <label>: the file input is named here.
        inputProps={{ 'aria-label': translate('dars.contents.attachments.file') }}
        accept={ACCEPT}
        maxSize={ATTACHMENT_MAX_BYTES}
        validate={required()}
        placeholder={
          <Typography variant="body2">
            {translate('dars.contents.attachments.file_placeholder')}
          </Typography>
        }
      >
        <FileField source="src" title="title" />
      </FileInput>
    </LectureItemCreate>
  );
}

/** The stored file's extension and size, as students see them (read-only). */
function StoredFile() {
  const record = useRecordContext<AttachmentItem>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="body2">
        {translate('dars.contents.attachments.size_and_extension', {
          extension: record.extension.toUpperCase(),
          size: formatFileSize(record.size),
        })}
      </Typography>
    </Box>
  );
}

/** An attachment's name (its file stays; a new file is a new attachment). */
export function AttachmentEdit() {
  return (
    <LectureItemEdit tab="attachments">
      <TextInput source="name" validate={required()} />
      <StoredFile />
    </LectureItemEdit>
  );
}

/** A lecture's attachments tab: name, extension and size, in order. */
export function LectureAttachments({ lectureId }: { lectureId: Identifier }) {
  return (
    <OrderedContents<AttachmentItem>
      resource="attachments"
      tab="attachments"
      lectureId={lectureId}
      nameOf={(a) => a.name}
      secondary={(a) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
          <ExtensionChip extension={a.extension} />
          <span>{formatFileSize(a.size)}</span>
        </Stack>
      )}
    />
  );
}
