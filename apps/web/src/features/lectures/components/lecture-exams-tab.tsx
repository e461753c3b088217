import { useId } from 'react';
import { Link } from 'react-router';
import { Button, Chip, Paper, Stack, Typography } from '@mui/material';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import PriorityHighRoundedIcon from '@mui/icons-material/PriorityHighRounded';
import QuizOutlinedIcon from '@mui/icons-material/QuizOutlined';
import SwapHorizRoundedIcon from '@mui/icons-material/SwapHorizRounded';
import type { LectureExam } from '@dars/contract';
import { EmptyState } from '../../../components/empty-state';
import { t, tPlural } from '../../../i18n/t';
import { examLink, usesAlternative } from '../lib/exam-link';

/**
 * The exams tab (spec §2): each exam with 'passing required' or 'taking exam required',
 * the alternative-exam hint, its question count, and a button to the exam entry ('فتح
 * الامتحان', or 'امتحان بديل' when the alternative is the one to take).
 */
export function LectureExamsTab({ exams, courseId }: { exams: LectureExam[]; courseId: number }) {
  if (exams.length === 0)
    return <EmptyState icon={<QuizOutlinedIcon />} text={t('lectureDialog.noExams')} />;
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {exams.map((exam) => (
        <li key={exam.id}>
          <ExamRow exam={exam} courseId={courseId} />
        </li>
      ))}
    </Stack>
  );
}

function ExamRow({ exam, courseId }: { exam: LectureExam; courseId: number }) {
  const nameId = useId();
  const alternative = usesAlternative(exam);
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1.5, md: 2 },
        borderRadius: 2,
        borderInlineStartWidth: exam.needs_attention ? 4 : 1,
        borderInlineStartColor: exam.needs_attention ? 'warning.main' : undefined,
      }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'center' } }}
      >
        <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={nameId} sx={{ fontWeight: 600 }}>
            {exam.name}
          </Typography>
          <Stack direction="row" sx={{ gap: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
            {exam.must_pass ? (
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('lectureDialog.mustPass')}
              />
            ) : (
              exam.must_take && (
                <Chip
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t('lectureDialog.mustTake')}
                />
              )
            )}
            {exam.needs_attention && (
              <Chip
                size="small"
                color="warning"
                icon={<PriorityHighRoundedIcon />}
                label={t('lectureDialog.needsAttention')}
              />
            )}
            <Stack
              direction="row"
              spacing={0.5}
              sx={{ alignItems: 'center', color: 'text.secondary' }}
            >
              <HelpOutlineRoundedIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{tPlural('question', exam.questions_count)}</Typography>
            </Stack>
          </Stack>
          {alternative && (
            <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'info.main' }}>
              <SwapHorizRoundedIcon fontSize="small" aria-hidden />
              <Typography variant="body2">{t('lectureDialog.alternativeHint')}</Typography>
            </Stack>
          )}
        </Stack>
        <Button
          component={Link}
          to={examLink(exam, courseId)}
          variant={exam.needs_attention ? 'contained' : 'outlined'}
          aria-describedby={nameId}
          sx={{ flexShrink: 0 }}
        >
          {alternative ? t('lectureDialog.alternativeExam') : t('lectureDialog.openExam')}
        </Button>
      </Stack>
    </Paper>
  );
}
