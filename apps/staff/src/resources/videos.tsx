import { useState } from 'react';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useNavigate } from 'react-router-dom';
import {
  BooleanInput,
  NumberInput,
  TextInput,
  maxValue,
  minValue,
  required,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { StaffVideo } from '@dars/contract';
import { VideoUpload, videoFileProblem } from '../components/video-upload';
import { formatFileSize } from '../components/file-size';
import {
  BackToLecture,
  LectureItemCreate,
  LectureItemEdit,
  lecturePath,
} from './lecture-item-pages';
import { OrderedContents } from './ordered-contents';
import {
  TranscodeChip,
  TranscodeDetails,
  useLiveTranscode,
  whileTranscoding,
} from './video-transcode';

type VideoItem = StaffVideo & { id: Identifier };

/** A video's fields (spec §3 Video): name, views limit, attendance chip and its flags. */
function VideoFields() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" validate={required()} />
      <NumberInput
        source="views_limit"
        min={1}
        max={1000}
        step={1}
        validate={[minValue(1), maxValue(1000)]}
        helperText={translate('dars.contents.videos.views_help')}
      />
      <BooleanInput source="attendance_required" />
      <BooleanInput source="hide_attendance_chips" />
      <TextInput
        source="attendance_chip_text"
        helperText={translate('dars.contents.videos.chip_help')}
      />
    </>
  );
}

/** The file picked on the create page, sent once the video exists. */
function VideoFilePicker({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (f: File | null) => void;
}) {
  const translate = useTranslate();
  // A file the server would refuse is said at once, not after the video is saved.
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Box sx={{ my: 1 }}>
      <Typography variant="subtitle2" component="p" gutterBottom>
        {translate('dars.contents.upload.file')}
      </Typography>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
        {translate('dars.contents.upload.choose')}
        <input
          type="file"
          accept="video/mp4"
          hidden
          aria-label={translate('dars.contents.upload.file')}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            if (!picked) return;
            const refused = videoFileProblem(picked);
            setProblem(refused && translate(`dars.contents.upload.${refused}`));
            onChange(refused ? null : picked);
          }}
        />
      </Button>
      {problem && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Typography>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {file
          ? translate('dars.contents.upload.chosen', {
              name: file.name,
              size: formatFileSize(file.size),
            })
          : translate('dars.contents.upload.none_chosen')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('dars.contents.upload.create_help')}
      </Typography>
    </Box>
  );
}

/** After the create: the picked file goes up, then back to the lecture's videos. */
function NewVideoUpload({ video, file }: { video: RaRecord; file: File }) {
  const notify = useNotify();
  const navigate = useNavigate();
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography component="h1" variant="h6">
          {String(video.name)}
        </Typography>
        <VideoUpload
          videoId={video.id}
          file={file}
          onUploaded={() => {
            notify('dars.contents.upload.done', { type: 'success' });
            navigate(lecturePath(video.lecture_id, 'videos'));
          }}
        />
        <BackToLecture tab="videos" lectureId={video.lecture_id} />
      </CardContent>
    </Card>
  );
}

const NEW_VIDEO = { hide_attendance_chips: false, attendance_required: false };

/**
 * A new video of a lecture: its fields and, if picked, its file, sent by resumable upload once
 * the video exists (the tus endpoint wants the video's id).
 */
export function VideoCreate() {
  const notify = useNotify();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [created, setCreated] = useState<RaRecord | null>(null);
  if (created && file) return <NewVideoUpload video={created} file={file} />;
  return (
    <LectureItemCreate
      tab="videos"
      defaults={NEW_VIDEO}
      redirect={false}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          if (file) return setCreated(data);
          notify('ra.notification.created', { type: 'info', messageArgs: { smart_count: 1 } });
          navigate(lecturePath(data.lecture_id, 'videos'));
        },
      }}
    >
      <VideoFields />
      <VideoFilePicker file={file} onChange={setFile} />
    </LectureItemCreate>
  );
}

/**
 * The saved video's file: whether one is there, its ladder's state (asked for again while it
 * is being made), and a new one by resumable upload, after which the page reads the video
 * again (so it shows «بانتظار التحويل» at once).
 */
function VideoFile() {
  const record = useRecordContext<VideoItem>();
  return record ? <SavedVideoFile video={record} /> : null;
}

function SavedVideoFile({ video }: { video: VideoItem }) {
  const refresh = useRefresh();
  const translate = useTranslate();
  const { transcode, refetch } = useLiveTranscode(video);
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Chip
          label={translate(
            video.has_file ? 'dars.contents.videos.has_file' : 'dars.contents.videos.no_file',
          )}
          color={video.has_file ? 'success' : 'default'}
          variant="outlined"
        />
        <TranscodeChip transcode={transcode} />
      </Stack>
      <TranscodeDetails
        transcode={transcode}
        label={translate('dars.contents.transcode.progress_label')}
        retry={{ videoId: video.id, onRetried: refetch }}
      />
      <VideoUpload videoId={video.id} hasFile={video.has_file} onUploaded={refresh} />
    </Box>
  );
}

export function VideoEdit() {
  return (
    <LectureItemEdit tab="videos" after={<VideoFile />}>
      <VideoFields />
    </LectureItemEdit>
  );
}

/**
 * A video's length as a clock, read from its file at upload: 4:32, 1:04:32.
 * @example clockOf(3872) // '1:04:32'
 */
function clockOf(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * A lecture's videos tab: in order, with their file's state and its ladder's, views limit and
 * chip; read again every few seconds while a video's ladder is being made.
 */
export function LectureVideos({ lectureId }: { lectureId: Identifier }) {
  const translate = useTranslate();
  // After a retry the list is read again, and followed while the video waits.
  const refresh = useRefresh();
  return (
    <OrderedContents<VideoItem>
      resource="videos"
      tab="videos"
      lectureId={lectureId}
      nameOf={(v) => v.name}
      refetchInterval={whileTranscoding}
      secondary={(v) => (
        <>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            <Chip
              size="small"
              variant="outlined"
              color={v.has_file ? 'success' : 'default'}
              label={translate(
                v.has_file ? 'dars.contents.videos.has_file' : 'dars.contents.videos.no_file',
              )}
            />
            <TranscodeChip transcode={v.transcode} small />
            <Chip
              size="small"
              variant="outlined"
              label={
                v.views_limit === null
                  ? translate('dars.contents.videos.no_limit')
                  : translate('dars.contents.videos.views', { count: v.views_limit })
              }
            />
            {v.has_file && v.duration_seconds !== null && (
              <Chip
                size="small"
                variant="outlined"
                label={translate('dars.contents.videos.duration', {
                  time: clockOf(v.duration_seconds),
                })}
              />
            )}
            {v.attendance_required && !v.hide_attendance_chips && (
              <Chip
                size="small"
                label={v.attendance_chip_text || translate('dars.contents.videos.default_chip')}
              />
            )}
          </Stack>
          <TranscodeDetails
            transcode={v.transcode}
            label={translate('dars.contents.transcode.progress_of', { name: v.name })}
            dense
            retry={{ videoId: v.id, name: v.name, onRetried: refresh }}
          />
        </>
      )}
    />
  );
}
