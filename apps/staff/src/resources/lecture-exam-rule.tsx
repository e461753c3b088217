import { Alert, AlertTitle } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';

/** The rules of an exam in a lecture as the form holds them. */
export interface LectureExamRules {
  must_pass?: boolean;
  must_take?: boolean;
  alternative_exam_id?: number | null;
  navigate_to_alternative?: boolean;
}

/**
 * The catalogue keys of what the rules do to the lecture's videos, as the server decides it
 * (exams/exam-progress.ts `examHoldsVideos`): a must-pass exam holds them until a finished,
 * fully corrected, passed session of it or of its alternative; a must-take one until a
 * finished session of either; every mandatory exam of the lecture must be met.
 * @example lockSentences({ must_take: true }, false) // ['…must_take', '…others']
 */
export function lockSentences(rules: LectureExamRules, hasAlternative: boolean): string[] {
  const key = (k: string) => `dars.contents.exams.rule.${k}`;
  if (!rules.must_pass && !rules.must_take) return [key('none')];
  // must_pass asks more than must_take (a passed session is a finished one): it is the rule.
  const kind = rules.must_pass ? 'pass' : 'take';
  return [
    key(rules.must_pass ? 'must_pass' : 'must_take'),
    ...(hasAlternative ? [key(`alternative_${kind}`)] : []),
    ...(hasAlternative && rules.navigate_to_alternative ? [key('navigate')] : []),
    key('others'),
  ];
}

/** The notice under the rules: when the student's videos open, in words. */
export function LectureExamLockNotice({ rules }: { rules: LectureExamRules }) {
  const translate = useTranslate();
  const alternativeId = rules.alternative_exam_id ?? null;
  const { data: alternative } = useGetOne<{ id: number; name: string }>(
    'exams',
    { id: alternativeId! },
    { enabled: alternativeId !== null },
  );
  const mandatory = Boolean(rules.must_pass || rules.must_take);
  return (
    <Alert
      severity={mandatory ? 'warning' : 'info'}
      role="status"
      data-testid="lecture-exam-lock-notice"
      sx={{ mb: 2, width: '100%' }}
    >
      <AlertTitle>{translate('dars.contents.exams.rule.title')}</AlertTitle>
      {lockSentences(rules, alternativeId !== null)
        .map((k) => translate(k, { name: alternative?.name ?? `#${alternativeId}` }))
        .join(' ')}
    </Alert>
  );
}
