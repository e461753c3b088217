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
  maxValue,
  minValue,
  required,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ATTEMPT_RULES, MAX_ATTEMPTS } from '@dars/contract';
import { choicesOf } from '../../components/choices';
import { LTR } from '../../components/ltr';
import { useRole } from '../../components/use-role';
import { DayMonthYearInput } from '../../components/day-month-year-input';
import { EXAM_KINDS } from './exam-list';
import { ExamQuestions } from './exam-questions';
import { ExamItemAnalysis } from './item-analysis';
import { ExamDrawRules } from './draw-rules';

/** Which attempt counts (ADR 047), by its Arabic name. */
export const ATTEMPT_RULE_CHOICES = choicesOf('dars.exams.attempt_rules', ATTEMPT_RULES);

/** The longest wait between two attempts the server takes: thirty days, in minutes. */
const MAX_WAIT_MINUTES = 30 * 24 * 60;

/**
 * How many times a student may sit the exam (ADR 047); the wait between two attempts and which
 * one counts only matter when there are several, so they show only then.
 */
function AttemptInputs() {
  const translate = useTranslate();
  const attempts = useWatch({ name: 'max_attempts' }) as number | null | undefined;
  const several = typeof attempts === 'number' && attempts > 1;
  return (
    <>
      <NumberInput
        source="max_attempts"
        min={1}
        max={MAX_ATTEMPTS}
        step={1}
        validate={[required(), minValue(1), maxValue(MAX_ATTEMPTS)]}
        helperText={translate('dars.exams.attempts_help')}
      />
      {several && (
        <>
          <NumberInput
            source="attempt_wait_minutes"
            min={0}
            max={MAX_WAIT_MINUTES}
            step={1}
            validate={[minValue(0), maxValue(MAX_WAIT_MINUTES)]}
            helperText={translate('dars.exams.attempt_wait_help')}
          />
          <SelectInput
            source="attempt_rule"
            choices={ATTEMPT_RULE_CHOICES}
            validate={required()}
            helperText={translate('dars.exams.attempt_rule_help')}
          />
        </>
      )}
    </>
  );
}

/**
 * An exam's fields as the staff API has them (ADR 022): name, code, kind (exam or homework),
 * course, general flag, window, duration, pass percentage, attempts (ADR 047) and the
 * student-facing switches.
 */
function ExamForm() {
  const translate = useTranslate();
  const teacher = useRole() === 'teacher';
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
        <AutocompleteInput
          optionText="name"
          // A teacher's exam is one of their courses' (ADR 048): a general exam is the school's.
          validate={teacher ? required() : undefined}
          helperText={teacher ? translate('dars.own_course_help') : undefined}
        />
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
      <AttemptInputs />
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
  max_attempts: 1,
  attempt_wait_minutes: 0,
  attempt_rule: 'best',
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
