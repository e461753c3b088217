import { useState } from 'react';
import { Alert, Box, Button, Drawer, IconButton, Paper, Stack, Typography } from '@mui/material';
import ChevronLeftRoundedIcon from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import FormatListNumberedRoundedIcon from '@mui/icons-material/FormatListNumberedRounded';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import CloudOffOutlinedIcon from '@mui/icons-material/CloudOffOutlined';
import type { GetExamSessionResponse } from '@dars/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { mirrorInRtl } from '../../../components/mirror-in-rtl';
import { useSnackbar } from '../../../components/snackbar-provider';
import { useIsDesktop } from '../../../lib/use-is-desktop';
import { formatNumber } from '../../../lib/format';
import { t } from '../../../i18n/t';
import type { ExamSessionState } from '../hooks/use-exam-session';
import { useBeforeUnload } from '../hooks/use-before-unload';
import { useIntegrityRecord } from '../hooks/use-integrity-record';
import { isSolved } from '../lib/answer-state';
import { CountdownChip } from './countdown-chip';
import { QuestionList } from './question-list';
import { QuestionView } from './question-view';
import { WelcomeBackDialog } from './welcome-back-dialog';

/** Width of the question list beside the question on desktop. */
const QUESTION_LIST_WIDTH = 300;

/**
 * A running exam (spec §2): the header with the question's place and the countdown, the
 * question, previous / next, the question list (beside it on desktop, a drawer on phones),
 * the submit with its confirmation, the welcome-back dialog and the offline banner. Leaving
 * the page asks the browser to confirm (spec §4).
 */
export function ActiveExam({
  exam,
  data,
  welcomeBack,
}: {
  exam: ExamSessionState;
  data: GetExamSessionResponse;
  /** Show the welcome-back dialog: the session was not started by the click that led here. */
  welcomeBack: boolean;
}) {
  const isDesktop = useIsDesktop();
  const showSnackbar = useSnackbar();
  const [index, setIndex] = useState(0);
  const [listOpen, setListOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [welcomeOpen, setWelcomeOpen] = useState(welcomeBack);
  useBeforeUnload(true);
  useIntegrityRecord(data.session.token);

  const { questions } = data;
  const total = questions.length;
  const current = questions[Math.min(index, total - 1)];
  const solved = (questionId: number) => isSolved(exam.answers.get(questionId));
  const answered = questions.filter((q) => solved(q.id)).length;
  const timeUp = exam.remaining === 0;
  const locked = exam.submitting || timeUp;

  const goTo = (next: number) => {
    setIndex(Math.max(0, Math.min(total - 1, next)));
    setListOpen(false);
  };

  const submit = async () => {
    const outcome = await exam.submit();
    if (outcome === 'failed') {
      setConfirming(false);
      showSnackbar(t('examSession.submitFailed'), { severity: 'error' });
    }
  };

  const list = (
    <QuestionList questions={questions} current={index} isSolved={solved} onSelect={goTo} />
  );

  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 3, px: { xs: 1.5, md: 3 }, py: 2 }}>
      {isDesktop ? (
        <Paper
          component="aside"
          variant="outlined"
          sx={{
            width: QUESTION_LIST_WIDTH,
            flexShrink: 0,
            position: 'sticky',
            top: 80,
            maxHeight: 'calc(100dvh - 96px)',
            overflow: 'auto',
            borderRadius: 3,
          }}
        >
          {list}
        </Paper>
      ) : (
        <Drawer
          variant="temporary"
          anchor="left"
          open={listOpen}
          onClose={() => setListOpen(false)}
          // The temporary drawer's paper is a dialog, which needs a name.
          slotProps={{
            paper: {
              'aria-label': t('examSession.questionList'),
              sx: { width: QUESTION_LIST_WIDTH },
            },
          }}
        >
          {list}
        </Drawer>
      )}

      <Stack spacing={2} sx={{ flex: 1, minWidth: 0, maxWidth: 900, mx: 'auto' }}>
        <Typography component="h1" variant="h5" sx={{ fontSize: { xs: '1.3rem', md: '1.6rem' } }}>
          {data.exam.name}
        </Typography>
        <Paper
          variant="outlined"
          sx={{
            position: 'sticky',
            top: { xs: 64, sm: 72 },
            zIndex: 2,
            px: { xs: 1.5, md: 2 },
            py: 1,
            borderRadius: 3,
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
          }}
        >
          {!isDesktop && (
            <IconButton
              onClick={() => setListOpen(true)}
              aria-label={t('examSession.openQuestionList')}
              edge="start"
            >
              <FormatListNumberedRoundedIcon />
            </IconButton>
          )}
          <Typography sx={{ fontWeight: 700 }}>
            {t('examSession.questionOf', {
              index: formatNumber(index + 1),
              total: formatNumber(total),
            })}
          </Typography>
          <Box sx={{ flex: 1 }} />
          {exam.remaining !== null && <CountdownChip seconds={exam.remaining} />}
          <Button
            variant="contained"
            color="success"
            endIcon={<SendOutlinedIcon sx={mirrorInRtl} />}
            onClick={() => setConfirming(true)}
            disabled={locked}
          >
            {t('examSession.submit')}
          </Button>
        </Paper>

        {exam.offline && (
          <Alert severity="info" icon={<CloudOffOutlinedIcon />} role="status">
            {t('examSession.offline')}
          </Alert>
        )}
        {timeUp && (
          <Alert severity="warning" role="status">
            {t('examSession.timeUp')}
          </Alert>
        )}

        {current && (
          <QuestionView
            key={current.id}
            question={current}
            index={index}
            answer={exam.answers.get(current.id)}
            status={exam.statusOf(current.id)}
            imagesEnabled={data.exam.enable_images_answers}
            disabled={locked}
            onChoose={exam.choose}
            onText={exam.writeText}
            onImage={exam.attachImage}
          />
        )}

        <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<ChevronLeftRoundedIcon sx={mirrorInRtl} />}
            onClick={() => goTo(index - 1)}
            disabled={index === 0}
          >
            {t('examSession.previous')}
          </Button>
          <Button
            variant="outlined"
            endIcon={<ChevronRightRoundedIcon sx={mirrorInRtl} />}
            onClick={() => goTo(index + 1)}
            disabled={index >= total - 1}
          >
            {t('examSession.next')}
          </Button>
        </Stack>
      </Stack>

      <ConfirmDialog
        open={confirming}
        title={t('examSession.submitTitle')}
        body={t('examSession.submitBody', {
          answered: formatNumber(answered),
          total: formatNumber(total),
        })}
        confirmLabel={t('examSession.submitConfirm')}
        cancelLabel={t('common.cancel')}
        busy={exam.submitting}
        onConfirm={() => void submit()}
        onClose={() => setConfirming(false)}
      />
      <WelcomeBackDialog
        open={welcomeOpen}
        answered={answered}
        total={total}
        onClose={() => setWelcomeOpen(false)}
      />
    </Box>
  );
}
