import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import {
  Alert,
  AppBar,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Stack,
  Toolbar,
  Typography,
} from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import DesktopWindowsOutlinedIcon from '@mui/icons-material/DesktopWindowsOutlined';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import type { Video, VideoViewFigures } from '@dars/contract';
import { useDismissSnackbar } from '../../../components/snackbar-provider';
import { StoreBadges } from '../../../components/store-badges';
import { useAppSettings } from '../../../lib/app-settings-context';
import { serverMessage } from '../../../lib/form-errors';
import { isPhoneOrTablet } from '../../../platform/device';
import { platform } from '../../../platform/platform';
import { t } from '../../../i18n/t';
import { usePlayerUrl } from '../hooks/use-player-url';
import { desktopPlayerLink, playbackMode, playsInDrmPlayer } from '../lib/playback-mode';
import { readVideoViewMessage, viewNotice } from '../lib/video-view-message';
import { pageSchool } from '../../../lib/page-school';

interface PlaybackProps {
  video: Pick<Video, 'id' | 'name'>;
  /** The caller refetches the contents, so the remaining views are current. */
  onClose: () => void;
  /** The player has told that the server counted a view: the caller shows what is left at once. */
  onViewCounted?: (figures: VideoViewFigures) => void;
}

/**
 * Plays a video the way spec §2 "Video playback" says for where the app runs: our player
 * full screen, the desktop app's link, or the prompt to get the phone app.
 */
export function VideoPlayback(props: PlaybackProps) {
  const { enable_wp } = useAppSettings();
  const mode = playbackMode({
    enableWp: enable_wp,
    platform: platform.name,
    phoneOrTablet: isPhoneOrTablet(),
  });
  if (mode === 'embedded') return <EmbeddedPlayerDialog {...props} />;
  if (mode === 'desktop-app') return <DesktopAppDialog {...props} />;
  return <PhoneAppDialog {...props} />;
}

/**
 * iOS hides its status bar while the full-screen video dialog is open (spec §2 "with iOS
 * status-bar adjustments"); other platforms are left as they are.
 */
function useVideoFullScreen(): void {
  useEffect(() => {
    void platform.setVideoFullScreen(true);
    return () => void platform.setVideoFullScreen(false);
  }, []);
}

/**
 * With a license url in the native apps, the native DRM player plays the video and the
 * dialog closes with it; 'unavailable' when this app has no such player, so the frame plays it.
 */
function useDrmPlayback(
  source: ReturnType<typeof usePlayerUrl>,
  name: string,
  onClose: () => void,
): 'no' | 'playing' | 'unavailable' {
  const drm = playsInDrmPlayer({ platform: platform.name, hasLicense: !!source.licenseUrl });
  const [state, setState] = useState<'playing' | 'unavailable'>('playing');
  const { url, licenseUrl, watermark } = source;
  // The caller's onClose may be a new function each render: the player opens once.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    if (!drm || !url || !licenseUrl) return;
    let live = true;
    void platform
      .playProtectedVideo({ url, licenseUrl, title: name, watermark: watermark ?? '' })
      .then((played) => {
        if (!live) return;
        if (played) close.current();
        else setState('unavailable');
      });
    return () => {
      live = false;
    };
  }, [drm, url, licenseUrl, watermark, name]);
  return drm ? state : 'no';
}

/**
 * The figures our player page posts once the server has counted the view (issue 24), taken
 * only from the server's origin, from this dialog's own frame, for this video; null until then.
 */
function useCountedView(
  frame: RefObject<HTMLIFrameElement | null>,
  url: string | undefined,
  videoId: number,
  onViewCounted: PlaybackProps['onViewCounted'],
): VideoViewFigures | null {
  const [figures, setFigures] = useState<VideoViewFigures | null>(null);
  const tell = useRef(onViewCounted);
  useEffect(() => {
    tell.current = onViewCounted;
  }, [onViewCounted]);
  useEffect(() => {
    if (!url) return;
    const origin = new URL(url).origin;
    const onMessage = (event: MessageEvent) => {
      const counted = readVideoViewMessage(event, {
        origin,
        window: frame.current?.contentWindow,
        videoId,
      });
      if (!counted) return;
      setFigures(counted);
      tell.current?.(counted);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, url, videoId]);
  return figures;
}

/**
 * Our player page (it streams, shows the watermark, starts playing and counts the view when
 * playback starts) in a frame, or the native DRM player when the server sent a license url to
 * an app. Under the title a live notice says a view is counted only once playback starts, then
 * what is left once it was.
 */
function EmbeddedPlayerDialog({ video, onClose, onViewCounted }: PlaybackProps) {
  const source = usePlayerUrl(video.id);
  const { url, error } = source;
  const drm = useDrmPlayback(source, video.name, onClose);
  const isPending = source.isPending || drm === 'playing';
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const counted = useCountedView(frame, url, video.id, onViewCounted);
  const dismissSnackbar = useDismissSnackbar();
  // A message left from the purchase would cover the title bar (phones) or the video's
  // controls (desktop) as the player opens.
  useEffect(dismissSnackbar, [dismissSnackbar]);
  useVideoFullScreen();
  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: '#000' } } }}
    >
      <AppBar position="static" elevation={0} sx={{ bgcolor: '#111' }}>
        <Toolbar variant="dense" sx={{ gap: 1 }}>
          <Typography id={titleId} component="h2" sx={{ flex: 1, fontWeight: 600 }} noWrap>
            {video.name}
          </Typography>
          <IconButton color="inherit" edge="end" aria-label={t('video.close')} onClick={onClose}>
            <CloseRoundedIcon />
          </IconButton>
        </Toolbar>
        {!error && drm !== 'playing' && (
          <Typography
            role="status"
            aria-live="polite"
            variant="body2"
            sx={{
              px: 2,
              pb: 1,
              color: counted ? '#a5d6a7' : 'rgba(255,255,255,.85)',
              fontWeight: counted ? 600 : 400,
            }}
          >
            {viewNotice(counted)}
          </Typography>
        )}
      </AppBar>
      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: 0 }}>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {serverMessage(error, t('video.failed'))}
          </Alert>
        ) : isPending || !url ? (
          <CircularProgress aria-label={t('video.loading')} sx={{ color: 'common.white' }} />
        ) : (
          <Box
            component="iframe"
            ref={frame}
            src={url}
            title={t('video.playerTitle', { name: video.name })}
            // The tap on «تشغيل» lets the page play with sound at once (autoplay delegated).
            allow="autoplay; fullscreen"
            allowFullScreen
            sx={{ border: 0, width: '100%', height: '100%', display: 'block' }}
          />
        )}
      </Box>
    </Dialog>
  );
}

/** Desktop web without web playback: open the desktop player app, or download it. */
function DesktopAppDialog({ video, onClose }: PlaybackProps) {
  const { desktop_app_url } = useAppSettings();
  const { token, isPending, error } = usePlayerUrl(video.id, { decrypt: false });
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('video.desktopTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            {t('video.desktopBody', { name: pageSchool().name })}
          </DialogContentText>
          {error && <Alert severity="error">{serverMessage(error, t('video.failed'))}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} color="inherit">
          {t('common.close')}
        </Button>
        {desktop_app_url && (
          <Button
            component="a"
            href={desktop_app_url}
            target="_blank"
            rel="noopener noreferrer"
            startIcon={<DownloadRoundedIcon />}
            variant="outlined"
          >
            {t('video.downloadDesktop')}
          </Button>
        )}
        <Button
          component="a"
          href={token ? desktopPlayerLink(video.id, token) : undefined}
          disabled={!token}
          loading={isPending}
          startIcon={<DesktopWindowsOutlinedIcon />}
          variant="contained"
        >
          {t('video.openInApp')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Phone web without web playback: get the phone app from the stores. */
function PhoneAppDialog({ onClose }: PlaybackProps) {
  const { play_store_url, apple_store_url } = useAppSettings();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t('video.phoneTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('video.phoneBody', { name: pageSchool().name })}</DialogContentText>
          <StoreBadges playStoreUrl={play_store_url} appStoreUrl={apple_store_url} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} color="inherit">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
