import { Fragment, useState, type ReactNode } from 'react';
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import { useGetOne, useNotify, useTranslate, type Identifier } from 'react-admin';
import { staffEndpoints, type StaffVideo } from '@dars/contract';
import { callStaff } from '../data/http';
import { failureOf } from '../data/failure';

// A video's HLS ladder as the console shows it (issue 29): waiting, running with its progress,
// ready with its qualities, or failed with the server's reason and a retry; until it is ready
// students get the uploaded MP4 as it is.

type Transcode = StaffVideo['transcode'];
type VideoItem = StaffVideo & { id: Identifier };

const T = 'dars.contents.transcode';

/** How often a video whose ladder is still being made is asked for again. */
export const TRANSCODE_POLL_MS = 5000;

/** Whether the server is still to finish the ladder (so the console asks again). */
export function isTranscoding(transcode: Transcode): boolean {
  return transcode.state === 'waiting' || transcode.state === 'running';
}

/** The list's refetch interval: every few seconds while one of `videos` is being transcoded. */
export function whileTranscoding(videos: readonly StaffVideo[]): number | false {
  return videos.some((v) => isTranscoding(v.transcode)) ? TRANSCODE_POLL_MS : false;
}

/**
 * The video's ladder, asked for again every few seconds while it is waiting or running, and no
 * more once it is ready or failed, or when the page is left. Its own query, seeded with the
 * page's record: a new record every poll would reset the edit form under the staff member's
 * typing (react-admin resets a form when its record changes). The page's `refresh()` (after an
 * upload) refetches it with the rest.
 */
export function useLiveTranscode(video: VideoItem): {
  transcode: Transcode;
  /** Asks for the video again now (after a retry), whatever the state it had. */
  refetch: () => void;
} {
  const { data, refetch } = useGetOne<VideoItem>(
    'videos',
    { id: video.id, meta: { live: 'transcode' } },
    {
      initialData: video,
      // The seed is the page's record, just read: not asked again on mount.
      staleTime: TRANSCODE_POLL_MS,
      // A page opened later seeds it from its own record, never from an older poll.
      gcTime: 0,
      refetchInterval: (query) =>
        isTranscoding((query.state.data ?? video).transcode) ? TRANSCODE_POLL_MS : false,
    },
  );
  return { transcode: (data ?? video).transcode, refetch: () => void refetch() };
}

/** Qualities as `240p، 360p، 480p`, each isolated left to right inside the Arabic text. */
function Qualities({ heights }: { heights: number[] }) {
  const translate = useTranslate();
  const separator = translate(`${T}.separator`);
  return [...new Set(heights)]
    .sort((a, b) => a - b)
    .map((height, index) => (
      <Fragment key={height}>
        {index > 0 && separator}
        <bdi dir="ltr">{height}p</bdi>
      </Fragment>
    ));
}

/** The translation of `key` with `node` (elements, not text) where its `%{name}` is. */
function useTranslateAround() {
  const translate = useTranslate();
  return (key: string, name: string, node: ReactNode) => {
    const mark = '\u2063';
    const [before = '', after = ''] = translate(key, { [name]: mark }).split(mark);
    return (
      <>
        {before}
        {node}
        {after}
      </>
    );
  };
}

/**
 * The ladder's state as a chip, beside the file's: «بانتظار التحويل», «جارٍ التحويل 45٪»,
 * «جاهز: 240p، 360p، 480p», «تعذّر التحويل»; nothing when there is none (no file, or transcoding
 * is off on this server). Colours as the console's other states: waiting outlined grey, running
 * the primary colour, ready green, failed red and filled.
 */
export function TranscodeChip({ transcode, small }: { transcode: Transcode; small?: boolean }) {
  const translate = useTranslate();
  const around = useTranslateAround();
  const size = small ? 'small' : 'medium';
  switch (transcode.state) {
    case 'none':
      return null;
    case 'waiting':
      return (
        <Chip
          size={size}
          variant="outlined"
          icon={<HourglassEmptyIcon />}
          label={translate(`${T}.waiting`)}
        />
      );
    case 'running':
      return (
        <Chip
          size={size}
          variant="outlined"
          color="primary"
          icon={<AutorenewIcon />}
          label={translate(`${T}.running`, { percent: transcode.progress })}
        />
      );
    case 'ready':
      return (
        <Chip
          size={size}
          variant="outlined"
          color="success"
          icon={<CheckCircleOutlineIcon />}
          label={
            transcode.renditions.length > 0
              ? around(`${T}.ready`, 'qualities', <Qualities heights={transcode.renditions} />)
              : translate(`${T}.ready_plain`)
          }
        />
      );
    case 'failed':
      return (
        <Chip
          size={size}
          color="error"
          icon={<ErrorOutlineIcon />}
          label={translate(`${T}.failed`)}
        />
      );
  }
}

/** The video a failed ladder can be asked for again, and what shows the state it then has. */
export interface TranscodeRetry {
  videoId: Identifier;
  /** In a list: the video's name, in the button's accessible name. */
  name?: string;
  /** Reads the video's state again once the server has queued it (the page then follows it). */
  onRetried: () => void;
}

/**
 * «إعادة المحاولة» beside a failed ladder's reason: the server queues the job again for the
 * video's file (`POST /staff/videos/:id/transcode`); its refusal is said in its own words.
 */
function RetryTranscodeButton({
  videoId,
  name,
  onRetried,
  dense,
}: TranscodeRetry & { dense?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  async function retry() {
    setBusy(true);
    try {
      await callStaff(staffEndpoints.staffRetryVideoTranscode, {
        params: { id: Number(videoId) },
      });
      notify(`${T}.retried`, { type: 'success' });
      onRetried();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="small"
      variant="outlined"
      color="error"
      startIcon={<ReplayIcon />}
      disabled={busy}
      aria-label={name === undefined ? undefined : translate(`${T}.retry_of`, { name })}
      sx={{ flexShrink: 0, ...(dense ? { py: 0 } : {}) }}
      onClick={() => void retry()}
    >
      {translate(busy ? `${T}.retrying` : `${T}.retry`)}
    </Button>
  );
}

/**
 * Under the chips: while running, a progress bar (an accessible progressbar named by `label`);
 * the server's reason when it failed or will retry, and beside a failure «إعادة المحاولة» when
 * `retry` names the video; while waiting or running, that students meanwhile get the original
 * file. `dense` in a list's line.
 */
export function TranscodeDetails({
  transcode,
  label,
  dense,
  retry,
}: {
  transcode: Transcode;
  /** The progress bar's accessible name (a list names the video). */
  label: string;
  dense?: boolean;
  retry?: TranscodeRetry;
}) {
  const translate = useTranslate();
  const pending = isTranscoding(transcode);
  const error = transcode.state !== 'ready' && transcode.state !== 'none' ? transcode.error : null;
  const retryable = transcode.state === 'failed' ? retry : undefined;
  if (!pending && !error && !retryable) return null;
  const text = dense ? 'caption' : 'body2';
  return (
    <Box sx={{ mt: dense ? 0.75 : 1.5, maxWidth: 480 }}>
      {transcode.state === 'running' && (
        <LinearProgress
          variant="determinate"
          value={transcode.progress}
          aria-label={label}
          sx={{ height: dense ? 6 : 8, borderRadius: 1, mb: 0.75 }}
        />
      )}
      {(error || retryable) && (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
        >
          {error && (
            <Typography
              variant={text}
              component="p"
              color={transcode.state === 'failed' ? 'error' : 'text.primary'}
            >
              {error}
            </Typography>
          )}
          {retryable && <RetryTranscodeButton {...retryable} dense={dense} />}
        </Stack>
      )}
      {pending && (
        <Typography variant={text} component="p" color="text.secondary">
          {translate(`${T}.original_meanwhile`)}
        </Typography>
      )}
    </Box>
  );
}
