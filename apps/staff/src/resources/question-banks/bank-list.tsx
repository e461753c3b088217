import {
  AutocompleteInput,
  List,
  ReferenceInput,
  SearchInput,
  TextField,
  useTranslate,
} from 'react-admin';
import type { StaffQuestionBank } from '@dars/contract';
import { CountField } from '../../components/count-field';
import { DateTimeField } from '../../components/formatted-fields';
import { ResponsiveList } from '../../components/responsive-list';
import { useCount } from '../../i18n/use-count';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="course_id" source="course_id" reference="courses" alwaysOn>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
];

/**
 * Question banks (ADR 046): each with its course, how many questions it holds and how many
 * exams draw from it; searched by name, filtered by course.
 */
export function BankList() {
  const count = useCount();
  const translate = useTranslate();
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} exporter={false}>
      <ResponsiveList<StaffQuestionBank>
        primaryText={(r) => r.name}
        secondaryText={(r) =>
          `${r.course_name ?? translate('dars.banks.no_course')} — ${count(r.questions_count, 'question')}`
        }
      >
        <TextField source="name" />
        <TextField
          source="course_name"
          sortable={false}
          emptyText={translate('dars.banks.no_course')}
        />
        <CountField source="questions_count" sortable={false} />
        <CountField source="exams_count" sortable={false} />
        <DateTimeField source="created_at" />
      </ResponsiveList>
    </List>
  );
}
