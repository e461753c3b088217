import { useId } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import PlayArrowRoundedIcon from '@mui/icons-material/PlayArrowRounded';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import VideocamOffOutlinedIcon from '@mui/icons-material/VideocamOffOutlined';
import type { Lecture, Video } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { t, tPlural } from '../../../i18n/t';
import { attendanceChipText } from '../lib/attendance-chip';
import { videoViewsLine } from '../lib/video-views';

/** The lecture's expiry line: expired, or valid for N days; null without an expiry. */
function expiryText(lecture: Pick<Lecture, 'expired' | 'expiry_days'>): string | null {
  if (lecture.expired) return t('lectureDialog.lectureExpired');
  if (lecture.expiry_days !== null)
    return t('lectures.validFor', { days: tPlural('day', lecture.expiry_days) });
  return null;
}

/**
 * The videos tab (spec §2): a warning to go to the exams tab while mandatory exams keep
 * the videos closed, then each video with its attendance chip, remaining views (the last
 * one highlighted), expiry and seen check. Unviewable videos cannot be played.
 */
export function LectureVideosTab({
  videos,
  lecture,
  onPlay,
  onGoToExams,
}: {
  videos: Video[];
  lecture: Pick<Lecture, 'enable_videos' | 'expired' | 'expiry_days'>;
  onPlay: (video: Video) => void;
  onGoToExams: () => void;
}) {
  return (
    <Stack spacing={1.5}>
      {!lecture.enable_videos && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onGoToExams}>
              {t('lectureDialog.goToExams')}
            </Button>
          }
        >
          {t('lectureDialog.videosDisabled')}
        </Alert>
      )}
      {videos.length === 0 ? (
        <EmptyState icon={<VideocamOffOutlinedIcon />} text={t('lectureDialog.noVideos')} />
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {videos.map((video) => (
            <li key={video.id}>
              <VideoRow
                video={video}
                videosEnabled={lecture.enable_videos}
                expiry={expiryText(lecture)}
                onPlay={() => onPlay(video)}
              />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function VideoRow({
  video,
  videosEnabled,
  expiry,
  onPlay,
}: {
  video: Video;
  videosEnabled: boolean;
  expiry: string | null;
  onPlay: () => void;
}) {
  const nameId = useId();
  const views = videoViewsLine(video, videosEnabled);
  const chip = attendanceChipText(video);
  const playable = video.viewable && videosEnabled;

  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 }, borderRadius: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography id={nameId} sx={{ fontWeight: 600 }}>
              {video.name}
            </Typography>
            {chip && <Chip size="small" color="primary" label={chip} />}
            {video.seen && (
              <CheckCircleRoundedIcon
                color="success"
                fontSize="small"
                titleAccess={t('lectureDialog.seen')}
              />
            )}
          </Stack>
          <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', color: 'text.secondary' }}>
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: views.last ? 'warning.dark' : undefined }}
            >
              <VisibilityOutlinedIcon fontSize="small" aria-hidden />
              <Typography variant="body2" sx={{ fontWeight: views.last ? 700 : 400 }}>
                {views.text}
              </Typography>
              {views.last && (
                <Chip
                  size="small"
                  color="warning"
                  label={t('lectureDialog.lastView')}
                  sx={{ marginInlineStart: 0.5 }}
                />
              )}
            </Stack>
            {expiry && (
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                <EventOutlinedIcon fontSize="small" aria-hidden />
                <Typography variant="body2">{expiry}</Typography>
              </Stack>
            )}
          </Stack>
        </Stack>
        <Box sx={{ flexShrink: 0 }}>
          <Button
            variant="contained"
            startIcon={<PlayArrowRoundedIcon />}
            disabled={!playable}
            onClick={onPlay}
            aria-label={t('lectureDialog.play', { name: video.name })}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {t('lectureDialog.playShort')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
