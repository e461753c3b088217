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
import { BankQuestions } from './bank-questions';

/** A bank's fields: its name and, optionally, its course. */
function BankForm() {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <ReferenceInput source="course_id" reference="courses">
        <AutocompleteInput optionText="name" helperText={translate('dars.banks.course_help')} />
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
