import { useId, useState } from 'react';
import {
  Box,
  CircularProgress,
  Dialog,
  DialogContent,
  IconButton,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { useQueryClient } from '@tanstack/react-query';
import type { Lecture, LectureContents, Video, VideoViewFigures } from '@dars/contract';
import { serverMessage } from '../../../lib/form-errors';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { t } from '../../../i18n/t';
import { lectureContentsQueryOptions, useLectureContents } from '../api/get-lecture-contents';
import { LectureAttachmentsTab } from './lecture-attachments-tab';
import { LectureExamsTab } from './lecture-exams-tab';
import { LectureVideosTab } from './lecture-videos-tab';
import { VideoPlayback } from './video-playback';
import { RetryAlert } from '../../../components/retry-alert';

export type TabId = 'videos' | 'exams' | 'attachments';

/**
 * The lecture dialog (spec §2): its contents in three tabs, videos, exams (with a badge
 * counting the exams that need attention) and attachments. Full screen on phones. After
 * a video is closed the contents are fetched again, so the remaining views are current.
 */
export function LectureDialog({
  lecture,
  courseId,
  onClose,
  initialTab = 'videos',
}: {
  lecture: Lecture;
  courseId: number;
  onClose: () => void;
  /** The tab it opens on (a link from the progress page names one). */
  initialTab?: TabId;
}) {
  const isDesktop = useIsDesktop();
  const queryClient = useQueryClient();
  const contents = useLectureContents(lecture.id);
  const [tab, setTab] = useState<TabId>(initialTab);
  const [playing, setPlaying] = useState<Video | null>(null);
  const titleId = useId();
  const baseId = useId();
  const attention = contents.data?.exams.filter((exam) => exam.needs_attention).length ?? 0;

  const closePlayer = () => {
    setPlaying(null);
    void queryClient.invalidateQueries({
      queryKey: lectureContentsQueryOptions(lecture.id).queryKey,
    });
  };

  // The player told what is left: the videos tab shows it at once, before any refetch.
  const viewCounted = (videoId: number, figures: VideoViewFigures) =>
    queryClient.setQueryData<LectureContents>(
      lectureContentsQueryOptions(lecture.id).queryKey,
      (old) =>
        old && {
          ...old,
          videos: old.videos.map((v) =>
            v.id === videoId
              ? {
                  ...v,
                  seen: true,
                  views_limit: figures.views_limit,
                  counted_views: figures.counted_views,
                  viewable: v.viewable && figures.remaining_views !== 0,
                }
              : v,
          ),
        },
    );

  const tabProps = (id: TabId) => ({
    value: id,
    id: `${baseId}-tab-${id}`,
    'aria-controls': `${baseId}-panel-${id}`,
  });

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={!isDesktop}
      fullWidth
      maxWidth="md"
      slotProps={{ paper: { sx: { minHeight: { md: '70vh' } } } }}
    >
      {/* Not a DialogTitle: it would take the label's id, and the dialog's name would then
          include the close button's label. The name is the lecture's alone. */}
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, px: 3, pt: 2, pb: 0.5 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ flex: 1, lineHeight: 1.5 }}>
          {lecture.name}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose} edge="end">
          <CloseRoundedIcon />
        </IconButton>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_event, value: TabId) => setTab(value)}
        variant="fullWidth"
        aria-label={t('lectureDialog.tabsLabel')}
        sx={{ borderBottom: 1, borderColor: 'divider', px: { md: 2 } }}
      >
        <Tab {...tabProps('videos')} label={t('lectureDialog.videos')} />
        <Tab
          {...tabProps('exams')}
          // The name holds the badge's count too (WCAG 2.5.3: what is shown is in the name).
          aria-label={
            attention > 0
              ? t('lectureDialog.examsWithBadge', { count: attention })
              : t('lectureDialog.exams')
          }
          label={
            <Stack component="span" direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
              <span>{t('lectureDialog.exams')}</span>
              {attention > 0 && (
                <Box
                  component="span"
                  title={t('lectureDialog.examsBadge', { count: attention })}
                  sx={{
                    minWidth: 20,
                    height: 20,
                    px: 0.5,
                    borderRadius: 10,
                    bgcolor: 'warning.main',
                    color: 'warning.contrastText',
                    fontSize: '0.75rem',
                    fontWeight: 700,
                    lineHeight: '20px',
                    textAlign: 'center',
                  }}
                >
                  {attention}
                </Box>
              )}
            </Stack>
          }
        />
        <Tab {...tabProps('attachments')} label={t('lectureDialog.attachments')} />
      </Tabs>
      <DialogContent sx={{ p: { xs: 1.5, md: 2.5 }, bgcolor: 'background.default' }}>
        {contents.isPending ? (
          <Stack sx={{ alignItems: 'center', py: 6 }}>
            <CircularProgress aria-label={t('lectureDialog.loading')} />
          </Stack>
        ) : contents.isError ? (
          <RetryAlert onRetry={() => void contents.refetch()}>
            {serverMessage(contents.error, t('lectures.contentsFailed'))}
          </RetryAlert>
        ) : (
          <Box
            role="tabpanel"
            id={`${baseId}-panel-${tab}`}
            aria-labelledby={`${baseId}-tab-${tab}`}
          >
            {tab === 'videos' && (
              <LectureVideosTab
                videos={contents.data.videos}
                lecture={lecture}
                onPlay={setPlaying}
                onGoToExams={() => setTab('exams')}
              />
            )}
            {tab === 'exams' && <LectureExamsTab exams={contents.data.exams} courseId={courseId} />}
            {tab === 'attachments' && (
              <LectureAttachmentsTab attachments={contents.data.attachments} />
            )}
          </Box>
        )}
      </DialogContent>
      {playing && (
        <VideoPlayback
          video={playing}
          onClose={closePlayer}
          onViewCounted={(figures) => viewCounted(playing.id, figures)}
        />
      )}
    </Dialog>
  );
}
