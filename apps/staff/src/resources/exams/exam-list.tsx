import {
  AutocompleteInput,
  BooleanField,
  FunctionField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import type { StaffExam } from '@dars/contract';
import { CountField } from '../../components/count-field';
import { useCount } from '../../i18n/use-count';
import { ResponsiveList } from '../../components/responsive-list';
import { choicesOf } from '../../components/choices';
import { DateTimeField } from '../../components/formatted-fields';

export const EXAM_KINDS = choicesOf('dars.kind', ['exam', 'homework']);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="course_id" source="course_id" reference="courses" alwaysOn>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <SelectInput key="kind" source="kind" choices={EXAM_KINDS} alwaysOn />,
];

type ExamRow = Pick<
  StaffExam,
  | 'id'
  | 'name'
  | 'exam_code'
  | 'questions_count'
  | 'starts_at'
  | 'ends_at'
  | 'max_attempts'
  | 'attempt_rule'
>;

/**
 * Exams and homework: searched by name or code, filtered by course and kind, paged. An exam of
 * several attempts (ADR 047) shows how many and which counts.
 */
export default function ExamList() {
  const count = useCount();
  const translate = useTranslate();
  const attempts = (r: ExamRow) =>
    r.max_attempts > 1
      ? translate('dars.exams.attempts_summary', {
          attempts: count(r.max_attempts, 'attempt'),
          rule: translate(`dars.exams.attempt_rules.${r.attempt_rule}`),
        })
      : count(1, 'attempt');
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <ResponsiveList<ExamRow>
        primaryText={(r) => r.name}
        secondaryText={(r) =>
          [
            r.exam_code,
            count(r.questions_count, 'question'),
            ...(r.max_attempts > 1 ? [attempts(r)] : []),
          ].join(' — ')
        }
      >
        <TextField source="name" />
        <TextField source="exam_code" />
        <SelectField source="kind" choices={EXAM_KINDS} />
        <ReferenceField source="course_id" reference="courses" link={false} emptyText="—" />
        <BooleanField source="is_general" />
        <CountField source="questions_count" />
        <CountField source="total_mark" />
        <CountField source="sessions_count" />
        <FunctionField<ExamRow> source="max_attempts" sortable={false} render={attempts} />
        <DateTimeField source="starts_at" />
        <DateTimeField source="ends_at" />
      </ResponsiveList>
    </List>
  );
}
