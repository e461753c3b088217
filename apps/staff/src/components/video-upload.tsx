import { useEffect, useRef, useState } from 'react';
import { Box, Button, LinearProgress, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Upload, type DetailedError } from 'tus-js-client';
import { useTranslate } from 'react-admin';
import { API_BASE, STAFF_VIDEO_UPLOAD_PATH } from '@dars/contract';
import { session } from '../data/token';
import { formatFileSize } from './file-size';

/** The server's tus endpoint for lecture videos (video-upload.ts, ADR 022). */
export const VIDEO_UPLOAD_ENDPOINT = `${API_BASE}${STAFF_VIDEO_UPLOAD_PATH}`;
/** The largest video the server takes: 2 GB (issue 12). */
export const VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/**
 * Bytes per PATCH: a dropped connection loses at most what was in flight, and a proxy in front
 * of the server never sees a 2 GB body (ADR 027).
 */
export const VIDEO_CHUNK_BYTES = 32 * 1024 * 1024;
/** Waits before each automatic retry after a dropped connection, then the staff member decides. */
export const VIDEO_RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

type Phase = 'idle' | 'uploading' | 'retrying' | 'paused' | 'failed' | 'done';

interface Progress {
  phase: Phase;
  sent: number;
  total: number;
  reason?: string;
  /** The failure was the connection's, so the same upload can go on from its offset. */
  canResume?: boolean;
}

/**
 * The server's Arabic refusal (a 4xx body is a plain sentence, video-upload.ts) or, when no
 * answer came, that the server could not be reached.
 */
function reasonOf(error: Error | DetailedError, network: string): string {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  const body = response?.getBody()?.trim();
  return status >= 400 && status < 500 && body ? body : network;
}

/** tus-js-client's own rule: retry unless the server refused the request (4xx but 409/423). */
function worthRetrying(error: DetailedError): boolean {
  const status = error.originalResponse?.getStatus() ?? 0;
  return !(status >= 400 && status < 500) || status === 409 || status === 423;
}

/** What the check before an upload says of a picked file, or null when it may go. */
export function videoFileProblem(file: File): 'too_big' | 'not_mp4' | null {
  if (file.size > VIDEO_MAX_BYTES) return 'too_big';
  if (file.type && !/^video\/(mp4|x-m4v)$/.test(file.type)) return 'not_mp4';
  return null;
}

/**
 * A lecture video's file, sent by the tus protocol (resumable): a dropped connection is retried
 * from the offset the server reached (HEAD, then PATCH from there), first on its own
 * (`retryDelays`), then by the «استئناف الرفع» button; an upload of the same file for the same
 * video left by a closed tab resumes too (its url is kept in localStorage under a fingerprint
 * of the video and the file). The progress bar is an accessible progressbar with the Arabic
 * text beside it. `file` starts at once (the create page's pick); otherwise a button picks one.
 */
export function VideoUpload({
  videoId,
  file: initialFile,
  hasFile = false,
  onUploaded,
  endpoint = VIDEO_UPLOAD_ENDPOINT,
  retryDelays = VIDEO_RETRY_DELAYS,
  chunkSize = VIDEO_CHUNK_BYTES,
}: {
  videoId: number | string;
  file?: File | null;
  hasFile?: boolean;
  onUploaded?: () => void;
  endpoint?: string;
  retryDelays?: number[];
  chunkSize?: number;
}) {
  const translate = useTranslate();
  const [progress, setProgress] = useState<Progress>({ phase: 'idle', sent: 0, total: 0 });
  const upload = useRef<Upload | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  const started = useRef<File | null>(null);

  function begin(file: File) {
    const problem = videoFileProblem(file);
    if (problem) {
      void upload.current?.abort();
      upload.current = null;
      setProgress({
        phase: 'failed',
        sent: 0,
        total: 0,
        reason: translate(`dars.contents.upload.${problem}`),
      });
      return;
    }
    void upload.current?.abort();
    const token = session.token();
    const next = new Upload(file, {
      endpoint,
      chunkSize,
      retryDelays,
      metadata: { video_id: String(videoId), filename: file.name, filetype: file.type },
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      // One video, one file: another video's upload of the same file is never resumed here.
      fingerprint: async (f) =>
        `dars-video-${videoId}-${(f as File).name}-${f.size}-${(f as File).lastModified}`,
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: true,
      onProgress: (sent, total) => setProgress({ phase: 'uploading', sent, total }),
      onShouldRetry: (error) => {
        const retry = worthRetrying(error);
        if (retry) setProgress((p) => ({ ...p, phase: 'retrying' }));
        return retry;
      },
      onError: (error) =>
        setProgress((p) => ({
          ...p,
          phase: 'failed',
          reason: reasonOf(error, translate('dars.contents.upload.network')),
          canResume: !('originalResponse' in error) || worthRetrying(error),
        })),
      onSuccess: () => {
        setProgress({ phase: 'done', sent: file.size, total: file.size });
        onUploadedRef.current?.();
      },
    });
    upload.current = next;
    setProgress({ phase: 'uploading', sent: 0, total: file.size });
    void next.findPreviousUploads().then((previous) => {
      if (upload.current !== next) return;
      if (previous[0]) next.resumeFromPreviousUpload(previous[0]);
      next.start();
    });
  }

  function pause() {
    void upload.current?.abort();
    setProgress((p) => ({ ...p, phase: 'paused' }));
  }

  function resume() {
    // The upload keeps the url the server gave it: start() asks HEAD for the offset reached.
    if (!upload.current) return;
    setProgress((p) => ({ ...p, phase: 'uploading', reason: undefined, canResume: undefined }));
    upload.current.start();
  }

  // Starts the create page's pick once, when the new video's id is known.
  useEffect(() => {
    if (initialFile && started.current !== initialFile) {
      started.current = initialFile;
      begin(initialFile);
    }
    // begin reads the latest props when called; only a new file starts a new upload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialFile]);

  // Leaving the page stops the upload (it resumes from the same offset when picked again).
  useEffect(
    () => () => {
      void upload.current?.abort();
    },
    [],
  );

  const busy = progress.phase === 'uploading' || progress.phase === 'retrying';
  useEffect(() => {
    if (!busy) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [busy]);

  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const figures = {
    percent,
    sent: formatFileSize(progress.sent),
    total: formatFileSize(progress.total),
  };
  const status: Record<Phase, string> = {
    idle: '',
    uploading: translate('dars.contents.upload.progress', figures),
    retrying: translate('dars.contents.upload.retrying'),
    paused: translate('dars.contents.upload.paused', figures),
    // A file refused before it left has only its reason; a stopped upload says how far it got.
    failed:
      progress.total > 0
        ? translate('dars.contents.upload.failed', { ...figures, reason: progress.reason ?? '' })
        : (progress.reason ?? ''),
    done: translate('dars.contents.upload.done'),
  };
  const showBar =
    progress.phase !== 'idle' && !(progress.phase === 'failed' && progress.total === 0);

  return (
    <Box sx={{ my: 2 }}>
      <Typography variant="subtitle2" component="p" gutterBottom>
        {translate('dars.contents.upload.file')}
      </Typography>
      {!initialFile && (
        <>
          <input
            ref={input}
            type="file"
            accept="video/mp4"
            hidden
            aria-label={translate('dars.contents.upload.file')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) begin(file);
            }}
          />
          <Button
            variant="outlined"
            disabled={busy}
            onClick={() => input.current?.click()}
            startIcon={<UploadFileIcon />}
          >
            {translate(hasFile ? 'dars.contents.upload.replace' : 'dars.contents.upload.choose')}
          </Button>
        </>
      )}
      {showBar && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={translate('dars.contents.upload.progress_label')}
            aria-valuetext={status[progress.phase]}
            color={progress.phase === 'failed' ? 'error' : 'primary'}
            sx={{ height: 10, borderRadius: 1 }}
          />
        </Box>
      )}
      <Typography
        role="status"
        aria-live="polite"
        variant="body2"
        color={progress.phase === 'failed' ? 'error' : 'text.primary'}
        sx={{ mt: 1, minHeight: '1.5em' }}
      >
        {status[progress.phase]}
      </Typography>
      {busy && (
        <Button size="small" onClick={pause} startIcon={<PauseIcon />}>
          {translate('dars.contents.upload.pause')}
        </Button>
      )}
      {(progress.phase === 'paused' || (progress.phase === 'failed' && progress.canResume)) && (
        <Button size="small" variant="contained" onClick={resume} startIcon={<PlayArrowIcon />}>
          {translate('dars.contents.upload.resume')}
        </Button>
      )}
    </Box>
  );
}
