import { Chip, Stack } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  FormDataConsumer,
  RadioButtonGroupInput,
  ReferenceInput,
  required,
  useGetManyAggregate,
  useTranslate,
  type Identifier,
} from 'react-admin';
import type { StaffExam, StaffLectureExam } from '@dars/contract';
import { LectureItemCreate, LectureItemEdit } from './lecture-item-pages';
import { OrderedContents, useLectureItems } from './ordered-contents';
import { LectureExamLockNotice, type LectureExamRules } from './lecture-exam-rule';
import { LectureStudentPreview } from './lecture-student-preview';
import { choicesOf } from '../components/choices';

type ExamRecord = StaffExam & { id: Identifier };
type LinkItem = StaffLectureExam & { id: Identifier };

const KINDS = choicesOf('dars.kind', ['exam', 'homework']);

/** An exam in a picker: its name and code (codes tell apart exams of the same name). */
const examOption = (exam: ExamRecord) => `${exam.name} (${exam.exam_code})`;

type RulesForm = LectureExamRules & { lecture_id?: Identifier; exam_id?: Identifier | null };

/**
 * must_pass / must_take / the alternative exam (spec §3 exam item in a lecture), then what they
 * do to the lecture's videos in words and the student's window as it will look.
 */
function RuleFields() {
  return (
    <>
      <BooleanInput source="must_pass" />
      <BooleanInput source="must_take" />
      <ReferenceInput source="alternative_exam_id" reference="exams">
        <AutocompleteInput optionText={examOption} />
      </ReferenceInput>
      <BooleanInput source="navigate_to_alternative" />
      <FormDataConsumer<RulesForm>>
        {({ formData }) => (
          <>
            <LectureExamLockNotice rules={formData} />
            {Boolean(formData.lecture_id) && (
              <LectureStudentPreview
                lectureId={formData.lecture_id!}
                examId={formData.exam_id}
                rules={formData}
              />
            )}
          </>
        )}
      </FormDataConsumer>
    </>
  );
}

const NEW_LINK = {
  kind: 'exam',
  must_pass: false,
  must_take: false,
  alternative_exam_id: null,
  navigate_to_alternative: false,
};

/**
 * Attaches an existing exam or homework to a lecture. Whether it is an exam or a homework is the
 * exam's own `kind` (ADR 022): the choice here narrows the picker to that kind and is not sent.
 */
export function LectureExamCreate() {
  const translate = useTranslate();
  return (
    <LectureItemCreate
      tab="exams"
      defaults={NEW_LINK}
      transform={({ kind: _kind, ...rest }: Record<string, unknown>) => rest}
    >
      <RadioButtonGroupInput
        source="kind"
        label={translate('dars.contents.exams.kind')}
        choices={KINDS}
        helperText={translate('dars.contents.exams.kind_help')}
      />
      <FormDataConsumer<{ kind?: string }>>
        {({ formData }) => (
          <ReferenceInput
            source="exam_id"
            reference="exams"
            filter={formData.kind ? { kind: formData.kind } : {}}
          >
            <AutocompleteInput optionText={examOption} validate={required()} />
          </ReferenceInput>
        )}
      </FormDataConsumer>
      <RuleFields />
    </LectureItemCreate>
  );
}

/** An attached exam's rules (the exam itself is fixed: detach it and attach another). */
export function LectureExamEdit() {
  return (
    <LectureItemEdit tab="exams">
      <ReferenceInput source="exam_id" reference="exams">
        <AutocompleteInput optionText={examOption} readOnly />
      </ReferenceInput>
      <RuleFields />
    </LectureItemEdit>
  );
}

/** A lecture's exams tab: each attached exam's name, kind, rules and alternative, in order. */
export function LectureExams({ lectureId }: { lectureId: Identifier }) {
  const translate = useTranslate();
  const { data: links } = useLectureItems<LinkItem>('lecture-exams', lectureId);
  const ids = [
    ...new Set(
      (links ?? []).flatMap((l) =>
        l.alternative_exam_id ? [l.exam_id, l.alternative_exam_id] : [l.exam_id],
      ),
    ),
  ];
  const { data: exams } = useGetManyAggregate<ExamRecord>('exams', { ids });
  const exam = (id: Identifier | null) => exams?.find((e) => e.id === id);
  const nameOf = (l: LinkItem) => exam(l.exam_id)?.name ?? `#${l.exam_id}`;
  return (
    <OrderedContents<LinkItem>
      resource="lecture-exams"
      tab="exams"
      lectureId={lectureId}
      nameOf={nameOf}
      secondary={(l) => {
        const linked = exam(l.exam_id);
        const alternative = exam(l.alternative_exam_id);
        return (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {linked && <Chip size="small" label={translate(`dars.kind.${linked.kind}`)} />}
            {linked && (
              <Chip
                size="small"
                variant="outlined"
                label={translate('dars.contents.exams.code', { code: linked.exam_code })}
              />
            )}
            {l.must_pass && (
              <Chip size="small" color="error" label={translate('dars.contents.exams.must_pass')} />
            )}
            {l.must_take && (
              <Chip
                size="small"
                color="primary"
                label={translate('dars.contents.exams.must_take')}
              />
            )}
            <Chip
              size="small"
              variant="outlined"
              label={
                l.alternative_exam_id
                  ? translate('dars.contents.exams.alternative', {
                      name: alternative?.name ?? `#${l.alternative_exam_id}`,
                    })
                  : translate('dars.contents.exams.no_alternative')
              }
            />
          </Stack>
        );
      }}
    />
  );
}
