import { Box, Divider, Tab, Tabs, Typography } from '@mui/material';
import { useLocation, useNavigate } from 'react-router-dom';
import { useRecordContext, useTranslate } from 'react-admin';
import { LectureAttachments } from './attachments';
import type { ContentsTab } from './lecture-item-pages';
import { LectureExams } from './lecture-exams';
import { LectureVideos } from './videos';

const TABS: ContentsTab[] = ['videos', 'exams', 'attachments'];

/**
 * A lecture's contents under its form, in the student's order (spec §2 lecture dialog: videos,
 * exams, attachments), one tab each. The tab is `?tab=` of the page, so a saved video or
 * attachment comes back to its own tab.
 */
export function LectureContents() {
  const lecture = useRecordContext();
  const translate = useTranslate();
  const location = useLocation();
  const navigate = useNavigate();
  if (!lecture) return null;
  const asked = new URLSearchParams(location.search).get('tab') as ContentsTab | null;
  const tab: ContentsTab = asked && TABS.includes(asked) ? asked : 'videos';
  const select = (next: ContentsTab) => {
    const search = new URLSearchParams(location.search);
    search.set('tab', next);
    navigate({ search: search.toString() }, { replace: true });
  };

  return (
    <Box
      component="section"
      aria-labelledby="lecture-contents-title"
      // On a phone, room for the lecture form's toolbar fixed below it (CLEAR_MOBILE_TOOLBAR).
      sx={{ p: 2, pb: { xs: 12, sm: 2 } }}
    >
      <Divider sx={{ mb: 2 }} />
      <Typography id="lecture-contents-title" component="h2" variant="h6">
        {translate('dars.contents.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: ContentsTab) => select(next)}
        aria-labelledby="lecture-contents-title"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`dars.contents.tabs.${name}`)}
            id={`lecture-tab-${name}`}
            aria-controls={`lecture-tabpanel-${name}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`lecture-tabpanel-${tab}`} aria-labelledby={`lecture-tab-${tab}`}>
        {tab === 'videos' && <LectureVideos lectureId={lecture.id} />}
        {tab === 'exams' && <LectureExams lectureId={lecture.id} />}
        {tab === 'attachments' && <LectureAttachments lectureId={lecture.id} />}
      </Box>
    </Box>
  );
}
