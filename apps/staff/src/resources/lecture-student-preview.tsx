import { useId } from 'react';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { useGetOne, useTranslate, type Identifier } from 'react-admin';
import type { StaffExam, StaffVideo } from '@dars/contract';
import { useCount } from '../i18n/use-count';
import { useLectureItems } from './ordered-contents';
import type { LectureExamRules } from './lecture-exam-rule';

const T = 'dars.contents.student_view';

/**
 * What a student who has not yet taken (or passed) the exam sees in the lecture's window, as
 * the student app draws it (apps/web lecture-videos-tab and lecture-exams-tab): with a
 * mandatory exam, the lock message over the videos, each video that cannot be played, and the
 * exam marked as needing attention with its button. Only a picture: its buttons are spans that
 * do nothing and take no focus.
 */
export function LectureStudentPreview({
  lectureId,
  examId,
  rules,
}: {
  lectureId: Identifier;
  examId: Identifier | null | undefined;
  rules: LectureExamRules;
}) {
  const translate = useTranslate();
  const count = useCount();
  const headingId = useId();
  const { data: videos } = useLectureItems<StaffVideo>('videos', lectureId);
  const { data: exam } = useGetOne<StaffExam>(
    'exams',
    { id: Number(examId) },
    { enabled: !!examId },
  );
  const locked = Boolean(rules.must_pass || rules.must_take);
  const title = rules.must_pass ? 'title_pass' : locked ? 'title' : 'title_open';
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={headingId}
      data-testid="lecture-student-preview"
      sx={{ p: 2, width: '100%', bgcolor: 'grey.50' }}
    >
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {translate(`${T}.${title}`)}
      </Typography>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 1.5, mb: 1 }}>
        {translate(`${T}.videos`)}
      </Typography>
      <Stack spacing={1}>
        {locked && (
          <Alert
            severity="warning"
            action={
              <Button component="span" tabIndex={-1} color="inherit" size="small">
                {translate(`${T}.go_to_exams`)}
              </Button>
            }
          >
            {translate(`${T}.videos_disabled`)}
          </Alert>
        )}
        {videos?.length === 0 && <Typography>{translate(`${T}.no_videos`)}</Typography>}
        {videos?.map((video) => (
          <Paper key={video.id} variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>{video.name}</Typography>
                {locked && (
                  <Typography variant="body2" color="text.secondary">
                    {translate(`${T}.cannot_watch`)}
                  </Typography>
                )}
              </Box>
              <Button
                component="span"
                tabIndex={-1}
                variant="contained"
                size="small"
                disabled={locked}
              >
                {translate(`${T}.play`)}
              </Button>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <Typography component="h3" variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
        {translate(`${T}.exams`)}
      </Typography>
      {exam ? (
        <Paper
          variant="outlined"
          sx={{
            p: 1.5,
            borderInlineStartWidth: locked ? 4 : 1,
            borderInlineStartColor: locked ? 'warning.main' : undefined,
          }}
        >
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{exam.name}</Typography>
              <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
                {rules.must_pass ? (
                  <Chip
                    size="small"
                    color="error"
                    variant="outlined"
                    label={translate(`${T}.must_pass`)}
                  />
                ) : (
                  rules.must_take && (
                    <Chip
                      size="small"
                      color="warning"
                      variant="outlined"
                      label={translate(`${T}.must_take`)}
                    />
                  )
                )}
                {locked && (
                  // MUI's filled warning orange fails contrast with white text (3.1:1, as in ADR
                  // 031): outlined, with dark text.
                  <Chip
                    size="small"
                    color="warning"
                    variant="outlined"
                    label={translate(`${T}.needs_attention`)}
                    sx={{ color: 'text.primary' }}
                  />
                )}
                <Typography variant="body2" color="text.secondary">
                  {count(exam.questions_count, 'question')}
                </Typography>
              </Stack>
            </Box>
            <Button
              component="span"
              tabIndex={-1}
              variant={locked ? 'contained' : 'outlined'}
              size="small"
            >
              {translate(`${T}.open_exam`)}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Typography color="text.secondary">{translate(`${T}.choose_exam`)}</Typography>
      )}
    </Paper>
  );
}
