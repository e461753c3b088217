import {
  AutocompleteInput,
  Create,
  Edit,
  ReferenceInput,
  SimpleForm,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { useRole } from '../../components/use-role';
import { BankQuestions } from './bank-questions';

/**
 * A bank's fields: its name and, optionally, its course; a teacher's bank is always one of
 * their courses' (a school-wide bank is no teacher's, ADR 048).
 */
function BankForm() {
  const translate = useTranslate();
  const teacher = useRole() === 'teacher';
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <ReferenceInput source="course_id" reference="courses">
        <AutocompleteInput
          optionText="name"
          validate={teacher ? required() : undefined}
          helperText={translate(teacher ? 'dars.own_course_help' : 'dars.banks.course_help')}
        />
      </ReferenceInput>
    </SimpleForm>
  );
}

/** A new bank opens its own page next, where its questions are added. */
export function BankCreate() {
  return (
    <Create redirect="edit">
      <BankForm />
    </Create>
  );
}

/** The bank's page: its name and course, then its questions, filtered by difficulty and tag. */
export function BankEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <BankForm />
      <BankQuestions />
    </Edit>
  );
}
