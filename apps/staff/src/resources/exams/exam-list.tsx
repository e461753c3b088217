import {
  AutocompleteInput,
  BooleanField,
  FunctionField,
  List,
  NumberField,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { formatDateTime } from '@dars/ui/format';
import { ResponsiveList } from '../../components/responsive-list';

export const EXAM_KINDS = [
  { id: 'exam', name: 'dars.kind.exam' },
  { id: 'homework', name: 'dars.kind.homework' },
];

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
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'created_at', order: 'DESC' }} exporter={false}>
      <ResponsiveList<ExamRow>
        primaryText={(r) => r.name}
        secondaryText={(r) =>
          `${r.exam_code} — ${translate('resources.exams.fields.questions_count')}: ${r.questions_count}`
        }
      >
        <TextField source="name" />
        <TextField source="exam_code" />
        <SelectField source="kind" choices={EXAM_KINDS} />
        <ReferenceField source="course_id" reference="courses" link={false} emptyText="—" />
        <BooleanField source="is_general" />
        <NumberField source="questions_count" />
        <NumberField source="total_mark" />
        <NumberField source="sessions_count" />
        <FunctionField<ExamRow>
          source="starts_at"
          render={(r) => (r.starts_at ? formatDateTime(r.starts_at) : '—')}
        />
        <FunctionField<ExamRow>
          source="ends_at"
          render={(r) => (r.ends_at ? formatDateTime(r.ends_at) : '—')}
        />
      </ResponsiveList>
    </List>
  );
}
