import {
  AutocompleteInput,
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  ReferenceInput,
  SelectInput,
  SimpleForm,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { LTR } from '../../components/ltr';
import { DayMonthYearInput } from '../../components/day-month-year-input';
import { EXAM_KINDS } from './exam-list';
import { ExamQuestions } from './exam-questions';
import { ExamItemAnalysis } from './item-analysis';
import { ExamDrawRules } from './draw-rules';

/**
 * An exam's fields as the staff API has them (ADR 022): name, code, kind (exam or homework),
 * course, general flag, window, duration, pass percentage and the four student-facing switches.
 */
function ExamForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput
        source="exam_code"
        validate={required()}
        slotProps={LTR}
        helperText={translate('dars.exams.code_help')}
      />
      <TextInput source="description" multiline minRows={2} />
      <SelectInput source="kind" choices={EXAM_KINDS} validate={required()} />
      <ReferenceInput source="course_id" reference="courses">
        <AutocompleteInput optionText="name" />
      </ReferenceInput>
      <BooleanInput source="is_general" helperText={translate('dars.exams.general_help')} />
      <DayMonthYearInput
        source="starts_at"
        withTime
        helperText={translate('dars.exams.window_help')}
      />
      <DayMonthYearInput
        source="ends_at"
        withTime
        helperText={translate('dars.exams.window_help')}
      />
      <NumberInput
        source="duration_minutes"
        min={1}
        step={1}
        helperText={translate('dars.exams.duration_help')}
      />
      <NumberInput source="pass_percentage" min={0} max={100} step={1} />
      <BooleanInput source="show_result" />
      <BooleanInput source="show_detailed_result" />
      <BooleanInput source="shuffled_answers" />
      <BooleanInput source="shuffled_questions" />
      <BooleanInput source="enable_images_answers" />
    </SimpleForm>
  );
}

/** A new exam's defaults (the server's), one object: react-admin resets the form when it changes. */
const NEW_EXAM = {
  kind: 'exam',
  is_general: false,
  pass_percentage: 50,
  show_result: true,
  show_detailed_result: false,
  shuffled_answers: false,
  shuffled_questions: false,
  enable_images_answers: false,
};

/** A new exam opens its own page next, where its questions are added. */
export function ExamCreate() {
  return (
    <Create redirect="edit" record={NEW_EXAM}>
      <ExamForm />
    </Create>
  );
}

/**
 * The exam's page: its settings, then its questions (added, edited, ordered) and the preview,
 * the rules it draws more questions from banks by (ADR 046), and the item analysis.
 */
export function ExamEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <ExamForm />
      <ExamQuestions />
      <ExamDrawRules />
      <ExamItemAnalysis />
    </Edit>
  );
}
