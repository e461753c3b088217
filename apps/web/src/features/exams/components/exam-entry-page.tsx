import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Container, Stack, Typography } from '@mui/material';
import { useAppSettings } from '../../../lib/app-settings-context';
import { t } from '../../../i18n/t';
import { useExamDetails } from '../api/get-exam-details';
import { entryMode } from '../lib/entry-mode';
import { courseIdOf } from '../lib/exam-paths';
import { saveExamCode, savedExamCode } from '../lib/saved-exam-code';
import { EnterFromCourseNotice } from './enter-from-course-notice';
import { ExamCodeForm } from './exam-code-form';
import { ExamDetailsCard } from './exam-details-card';

/**
 * The exam entry `/exams` (spec §2, ADR 017): an exam given by the link (`exam_code`, from a
 * lecture or a results list) shows at once; without one, a course_id or general exams off
 * send the student back to the course page; otherwise the code field, which starts from the
 * code saved on this device within 180 minutes.
 */
export function ExamEntryPage() {
  const [query] = useSearchParams();
  const settings = useAppSettings();
  const courseId = courseIdOf(query);
  const givenCode = query.get('exam_code')?.trim() || null;
  const mode = entryMode({
    examCode: givenCode,
    courseId,
    generalExams: settings.enable_gen_exm,
  });

  if (mode === 'fromCourse') return <EnterFromCourseNotice courseId={courseId} />;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2.5, md: 4 } }}>
      <Stack spacing={{ xs: 2, md: 3 }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
          {t('exams.entryTitle')}
        </Typography>
        {mode === 'given' ? (
          <ExamDetailsCard code={givenCode!} courseId={courseId} fromLecture={courseId !== null} />
        ) : (
          <CodeEntry />
        )}
      </Stack>
    </Container>
  );
}

/** The code field, and the details of the code entered (or saved on this device). */
function CodeEntry() {
  const [saved] = useState(() => savedExamCode());
  const [code, setCode] = useState(saved ?? '');
  const [typed, setTyped] = useState(false);
  const { isSuccess } = useExamDetails(code, { enabled: code !== '' });

  useEffect(() => {
    // A code that opened an exam is kept with the time it was entered (spec §3, §5); one
    // restored from storage keeps its first time, so it still expires 180 minutes later.
    if (typed && isSuccess) saveExamCode(code);
  }, [typed, isSuccess, code]);

  return (
    <>
      <Typography color="text.secondary">{t('exams.entryLead')}</Typography>
      <ExamCodeForm
        initialCode={saved ?? ''}
        onEnter={(entered) => {
          setTyped(true);
          setCode(entered);
        }}
      />
      {code && <ExamDetailsCard key={code} code={code} courseId={null} fromLecture={false} />}
    </>
  );
}
