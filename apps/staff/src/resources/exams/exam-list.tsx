import {
  AutocompleteInput,
  BooleanField,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
} from 'react-admin';
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

type ExamRow = {
  id: number;
  name: string;
  exam_code: string;
  questions_count: number;
  starts_at: string | null;
  ends_at: string | null;
};

/** Exams and homework: searched by name or code, filtered by course and kind, paged. */
export default function ExamList() {
  const count = useCount();
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <ResponsiveList<ExamRow>
        primaryText={(r) => r.name}
        secondaryText={(r) => `${r.exam_code} — ${count(r.questions_count, 'question')}`}
      >
        <TextField source="name" />
        <TextField source="exam_code" />
        <SelectField source="kind" choices={EXAM_KINDS} />
        <ReferenceField source="course_id" reference="courses" link={false} emptyText="—" />
        <BooleanField source="is_general" />
        <CountField source="questions_count" />
        <CountField source="total_mark" />
        <CountField source="sessions_count" />
        <DateTimeField source="starts_at" />
        <DateTimeField source="ends_at" />
      </ResponsiveList>
    </List>
  );
}
