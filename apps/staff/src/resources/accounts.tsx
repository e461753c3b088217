import { useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  Create,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  PasswordInput,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  Toolbar,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { formatDate } from '@dars/ui/format';
import { LTR, LTR_EMAIL } from '../components/ltr';
import { ResponsiveList } from '../components/responsive-list';
import { useRole } from '../components/use-role';
import type { StaffRole } from '../data/types';
import { ACCOUNT_TEXTS } from './people-texts';

/**
 * Staff accounts (ADR 028; API of ADR 022; teachers' logins, ADR 048): admins only. The menu leaves them out for a leader
 * (canAccess) and the server refuses a leader anyway (403). Removing an account takes its staff
 * role away and signs it out everywhere; the server keeps the last admin (409, shown as sent).
 */

type AccountRow = {
  id: number;
  name: string;
  email: string;
  phone: string;
  role: StaffRole;
  created_at: string;
};

function useRoleChoices() {
  const translate = useTranslate();
  return (['admin', 'leader', 'teacher'] as const).map((id) => ({
    id,
    name: translate(`dars.roles.${id}`),
  }));
}

function AccountFilters() {
  const roles = useRoleChoices();
  return [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput key="role" source="role" choices={roles} alwaysOn />,
  ];
}

function RoleText({ role }: { role: StaffRole | undefined }) {
  const translate = useTranslate();
  return <>{role ? translate(`dars.roles.${role}`) : ''}</>;
}

export function AccountList() {
  // react-admin asks for the list once before its access check sends a leader away: wait
  // for the role (the server would refuse a leader anyway, 403).
  const admin = useRole() === 'admin';
  return (
    <List
      queryOptions={{ enabled: admin }}
      filters={AccountFilters()}
      sort={{ field: 'name', order: 'ASC' }}
      exporter={false}
    >
      <ResponsiveList<AccountRow>
        primaryText={(r) => r.name}
        secondaryText={(r) => (
          <>
            <RoleText role={r.role} /> · <span dir="ltr">{r.email}</span>
          </>
        )}
      >
        <TextField source="name" />
        <FunctionField<AccountRow>
          source="email"
          render={(r) => <span dir="ltr">{r.email}</span>}
        />
        <FunctionField<AccountRow>
          source="phone"
          render={(r) => <span dir="ltr">{r.phone}</span>}
        />
        <FunctionField<AccountRow> source="role" render={(r) => <RoleText role={r.role} />} />
        <FunctionField<AccountRow> source="created_at" render={(r) => formatDate(r.created_at)} />
      </ResponsiveList>
    </List>
  );
}

/**
 * The teacher profile a teacher's login works as (ADR 048): asked for when the role is teacher
 * (the server refuses a teacher's login without one, 422 on this field).
 */
function TeacherOfAccount() {
  const role = useWatch({ name: 'role' }) as string | undefined;
  if (role !== 'teacher') return null;
  return (
    <ReferenceInput source="teacher_id" reference="teachers" perPage={100}>
      <AutocompleteInput
        optionText="name"
        validate={required()}
        helperText={ACCOUNT_TEXTS.teacherHelp}
      />
    </ReferenceInput>
  );
}

/** '' (an untouched or cleared password box) is no change, never a blank password. */
const optional = (value: string) => (value ? value : undefined);

function AccountForm({ creating }: { creating?: boolean }) {
  const roles = useRoleChoices();
  return (
    <SimpleForm toolbar={creating ? undefined : <AccountToolbar />}>
      <TextInput source="name" validate={required()} />
      <TextInput source="email" validate={required()} slotProps={LTR_EMAIL} />
      <TextInput source="phone" validate={required()} slotProps={LTR} />
      <SelectInput
        source="role"
        choices={roles}
        validate={required()}
        helperText={ACCOUNT_TEXTS.roleHelp}
      />
      <TeacherOfAccount />
      <PasswordInput
        source="password"
        autoComplete="new-password"
        parse={optional}
        validate={creating ? required() : undefined}
        helperText={creating ? ACCOUNT_TEXTS.passwordNew : ACCOUNT_TEXTS.passwordKeep}
      />
    </SimpleForm>
  );
}

function AccountToolbar() {
  const record = useRecordContext<AccountRow>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        label={ACCOUNT_TEXTS.remove}
        mutationMode="pessimistic"
        confirmTitle={ACCOUNT_TEXTS.removeTitle.replace('%{name}', record?.name ?? '')}
        confirmContent={ACCOUNT_TEXTS.removeContent}
        successMessage={ACCOUNT_TEXTS.removed}
      />
    </Toolbar>
  );
}

export function AccountCreate() {
  return (
    <Create redirect="list">
      <AccountForm creating />
    </Create>
  );
}

export function AccountEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect="list">
      <AccountForm />
    </Edit>
  );
}
