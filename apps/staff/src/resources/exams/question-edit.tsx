import { useMemo } from 'react';
import { Alert, Button, Stack } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Link, useLocation } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import {
  ArrayInput,
  BooleanInput,
  Create,
  DeleteButton,
  Edit,
  NumberInput,
  RadioButtonGroupInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  SimpleFormIterator,
  TextInput,
  Toolbar,
  required,
  useGetOne,
  useRecordContext,
  useSimpleFormIteratorItem,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { QUESTION_TYPES, staffEndpoints, type StaffExam, type StaffQuestion } from '@dars/contract';
import { ImageUpload } from '../../components/image-upload';
import { LTR_URL } from '../../components/ltr';
import { LockedNotice } from './exam-questions';
import { choicesOf } from '../../components/choices';
import { TagsInput } from '../../components/tags-input';
import { DIFFICULTY_CHOICES } from '../../components/difficulty';

const TYPE_CHOICES = choicesOf('dars.question_type', QUESTION_TYPES);
const TRUE_FALSE = choicesOf('dars.exams.question', ['true', 'false']);

type QuestionType = StaffQuestion['type'];

/** One option of a choices question: its text, whether it is right, an optional image link. */
function AnswerOption({ disabled }: { disabled: boolean }) {
  const { index } = useSimpleFormIteratorItem();
  const translate = useTranslate();
  const n = index + 1;
  return (
    <>
      <TextInput
        source="text"
        label={translate('dars.exams.question.answer', { n })}
        disabled={disabled}
        sx={{ minWidth: 240 }}
      />
      <BooleanInput
        source="correct"
        label={translate('dars.exams.question.answer_correct', { n })}
        disabled={disabled}
      />
      <TextInput
        source="image_url"
        label={translate('dars.exams.question.answer_image', { n })}
        disabled={disabled}
        slotProps={LTR_URL}
      />
    </>
  );
}

/** The answers part of the form: what the chosen type needs (ADR 022's rules per type). */
function AnswersFor({ locked }: { locked: boolean }) {
  const type = useWatch({ name: 'type' }) as QuestionType | undefined;
  const translate = useTranslate();
  const lockedHelp = locked ? translate('dars.exams.locked.field') : undefined;
  if (type === 'truefalse') {
    return (
      <RadioButtonGroupInput
        source="correct_true"
        label={translate('dars.exams.question.correct_true')}
        choices={TRUE_FALSE}
        format={(v: boolean | undefined | null) => (v === undefined || v === null ? '' : String(v))}
        parse={(v: string) => v === 'true'}
        disabled={locked}
        helperText={lockedHelp}
      />
    );
  }
  if (type === 'choices') {
    return (
      <ArrayInput
        source="answers"
        label={translate('dars.exams.question.answers')}
        helperText={lockedHelp ?? translate('dars.exams.question.answers_help')}
      >
        <SimpleFormIterator inline disableClear disabled={locked}>
          <AnswerOption disabled={locked} />
        </SimpleFormIterator>
      </ArrayInput>
    );
  }
  return null;
}

/** How many sessions students have started in the exam (its marking parts are then fixed, ADR 022). */
function useExamSessions(examId: Identifier | undefined): number {
  const { data } = useGetOne<StaffExam>(
    'exams',
    { id: Number(examId) },
    { enabled: examId !== undefined && examId !== null },
  );
  return data?.sessions_count ?? 0;
}

/** Where a question lives: its exam's page, or its bank's (ADR 046); null before it is known. */
type Home = { exam_id?: Identifier | null; bank_id?: Identifier | null } | undefined;

/** The page a question returns to: its bank's for a bank question, else its exam's. */
function homePath(home: Home): string | undefined {
  if (home?.bank_id) return `/question-banks/${home.bank_id}`;
  if (home?.exam_id) return `/exams/${home.exam_id}`;
  return undefined;
}

function BackHome({ home }: { home: Home }) {
  const translate = useTranslate();
  const to = homePath(home);
  if (to === undefined) return null;
  return (
    <Button
      component={Link}
      to={to}
      startIcon={<ArrowForwardIcon />}
      sx={{ alignSelf: 'flex-start' }}
    >
      {translate(home?.bank_id ? 'dars.banks.questions.back' : 'dars.exams.questions.back')}
    </Button>
  );
}

/**
 * Save, and on a saved question delete (confirmed, back to its exam or bank: questions have no
 * list of their own); no delete once students started the exam (ADR 022). A bank question's
 * delete is refused by the server (409, its Arabic message shown) once an exam drawing from
 * the bank has sessions.
 */
function QuestionToolbar({ home, locked }: { home: Home; locked: boolean }) {
  const record = useRecordContext();
  const to = homePath(home);
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.id !== undefined && (
        <DeleteButton
          mutationMode="pessimistic"
          disabled={locked}
          redirect={to === undefined ? 'list' : to}
        />
      )}
    </Toolbar>
  );
}

/**
 * A question's fields (spec §3, ADR 022): type, text, marks, the answers its type needs,
 * the explanation; the question's and the explanation's images once it is saved.
 */
function QuestionForm({ edit }: { edit?: boolean }) {
  const record = useRecordContext<StaffQuestion>();
  const translate = useTranslate();
  const sessions = useExamSessions(record?.exam_id ?? undefined);
  const locked = sessions > 0;
  const lockedHelp = locked ? translate('dars.exams.locked.field') : undefined;
  // A bank's question (ADR 046): a difficulty and tags the draw rules choose by.
  const inBank = Boolean(record?.bank_id);
  return (
    <SimpleForm toolbar={<QuestionToolbar home={record} locked={locked} />}>
      <BackHome home={record} />
      {locked && <LockedNotice sessions={sessions} />}
      <RadioButtonGroupInput
        source="type"
        choices={TYPE_CHOICES}
        validate={required()}
        disabled={locked}
        helperText={lockedHelp}
      />
      <TextInput
        source="text"
        label={translate('dars.exams.question.text')}
        multiline
        minRows={3}
        validate={required()}
      />
      <NumberInput
        source="mark"
        min={1}
        max={1000}
        step={1}
        validate={required()}
        disabled={locked}
        helperText={
          lockedHelp ??
          translate(inBank ? 'dars.banks.question.mark_help' : 'dars.exams.question.mark_help')
        }
      />
      {inBank && (
        <>
          <SelectInput
            source="difficulty"
            label={translate('dars.banks.question.difficulty')}
            choices={DIFFICULTY_CHOICES}
            emptyText="dars.banks.no_difficulty"
          />
          <TagsInput source="tags" label={translate('dars.banks.question.tags')} />
        </>
      )}
      <AnswersFor locked={locked} />
      <TextInput source="answer_explain_text" multiline minRows={2} />
      {edit ? (
        <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 4 }}>
          <ImageUpload
            source="image_url"
            label={translate('dars.exams.question.image')}
            upload={staffEndpoints.staffUploadQuestionImage}
          />
          <ImageUpload
            source="answer_explain_image"
            label={translate('dars.exams.question.explain_image')}
            upload={staffEndpoints.staffUploadQuestionExplainImage}
          />
        </Stack>
      ) : (
        <Alert severity="info">{translate('dars.exams.questions.save_first')}</Alert>
      )}
    </SimpleForm>
  );
}

/**
 * What a question of its type sends: choices their options, true/false which answer is right,
 * an essay neither (a type changed in the form leaves the other type's fields behind).
 */
export function questionBody(data: Record<string, unknown>): Record<string, unknown> {
  const { answers, correct_true, ...rest } = data;
  if (data.type === 'choices') return { ...rest, answers };
  if (data.type === 'truefalse') return { ...rest, correct_true };
  return rest;
}

/** A true/false question's record carries which answer is right, as the form edits it. */
function withCorrectTrue(question: StaffQuestion) {
  if (question.type !== 'truefalse') return question;
  // The server stores 'صواب' first (exam-staff.ts), so the first option's flag says it.
  return { ...question, correct_true: question.answers[0]?.correct };
}

/** After a save or a delete: the bank's page for a bank question, else the exam's. */
const examPage = (_resource?: string, _id?: Identifier, data?: Partial<RaRecord>) =>
  data?.bank_id
    ? `question-banks/${data.bank_id}`
    : data?.exam_id
      ? `exams/${data.exam_id}`
      : 'exams';

/**
 * Opened from an exam's page (`/questions/create?exam_id=7`) or a bank's
 * (`/questions/create?bank_id=3`, ADR 046: with a difficulty and tags); saving goes back there.
 */
export function QuestionCreate() {
  const search = new URLSearchParams(useLocation().search);
  const examId = Number(search.get('exam_id')) || undefined;
  const bankId = Number(search.get('bank_id')) || undefined;
  // One object per exam or bank: react-admin resets the form when its default record changes.
  const record = useMemo(
    () => ({
      ...(bankId !== undefined
        ? { bank_id: bankId, difficulty: null, tags: [] }
        : { exam_id: examId }),
      type: 'choices',
      mark: 1,
      correct_true: true,
      answers: [
        { text: '', correct: true, image_url: null },
        { text: '', correct: false, image_url: null },
      ],
    }),
    [examId, bankId],
  );
  return (
    <Create record={record} redirect={examPage} transform={questionBody}>
      <QuestionForm />
    </Create>
  );
}

export function QuestionEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={examPage}
      transform={questionBody}
      queryOptions={{ select: withCorrectTrue }}
    >
      <QuestionForm edit />
    </Edit>
  );
}
