import {
  Create,
  Edit,
  List,
  NumberInput,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { CountField } from '../components/count-field';
import { ResponsiveList } from '../components/responsive-list';

/**
 * Grades and categories: a name and a position (spec §3: id, name; the student app lists them
 * in position order). One set of screens for both resources.
 */
const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function NamedList() {
  return (
    <List
      filters={filters}
      sort={{ field: 'position', order: 'ASC' }}
      perPage={25}
      exporter={false}
    >
      <ResponsiveList<{ id: number; name: string; position: number }>
        primaryText={(r) => r.name}
        secondaryText={(r) => r.position}
      >
        <TextField source="name" />
        <CountField source="position" />
      </ResponsiveList>
    </List>
  );
}

function NamedForm() {
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <NumberInput source="position" min={0} step={1} />
    </SimpleForm>
  );
}

export function NamedCreate() {
  return (
    <Create redirect="list">
      <NamedForm />
    </Create>
  );
}

export function NamedEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <NamedForm />
    </Edit>
  );
}
