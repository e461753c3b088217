import { Link } from 'react-router-dom';
import { Button } from '@mui/material';
import ReceiptIcon from '@mui/icons-material/ReceiptLong';
import GroupIcon from '@mui/icons-material/Group';
import {
  BooleanInput,
  Create,
  Edit,
  NumberInput,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useRole } from '../components/use-role';
import { staffEndpoints } from '@dars/contract';
import { CountField } from '../components/count-field';
import { LTR, LTR_URL, LTR_EMAIL } from '../components/ltr';
import { ImageUpload } from '../components/image-upload';
import { ResponsiveList } from '../components/responsive-list';

const LINKS = [
  'whatsapp_url',
  'facebook_url',
  'messenger_url',
  'twitter_url',
  'youtube_url',
  'telegram_url',
] as const;

const filters = [<SearchInput key="q" source="q" alwaysOn />];

export function TeacherList() {
  return (
    <List filters={filters} sort={{ field: 'name', order: 'ASC' }} exporter={false}>
      <ResponsiveList<{ id: number; name: string; phone: string | null }>
        primaryText={(r) => r.name}
        secondaryText={(r) => r.phone ?? ''}
      >
        <TextField source="name" />
        <TextField source="phone" />
        <TextField source="email" />
        <CountField source="courses_count" />
      </ResponsiveList>
    </List>
  );
}

/**
 * A teacher's share of their courses' sales and whether their login sets prices (ADR 048): the
 * admin's; anyone else sees them disabled with the reason (the server refuses a change, 403).
 */
function TeacherTerms() {
  const translate = useTranslate();
  const admin = useRole() === 'admin';
  const lock = admin ? {} : { disabled: true, helperText: translate('dars.teacher_terms_admin') };
  return (
    <>
      <NumberInput source="revenue_share_percent" min={0} max={100} step={1} {...lock} />
      <BooleanInput source="may_set_prices" {...lock} />
    </>
  );
}

/**
 * The teacher's monthly statement (the admin's, and the teacher's own) and students (anyone who
 * reads students, and the teacher their own), from their page.
 */
function StatementLink() {
  const translate = useTranslate();
  const record = useRecordContext<{ id: number }>();
  const role = useRole();
  if (!record || role === undefined) return null;
  return (
    <>
      {(role === 'admin' || role === 'teacher') && (
        <Button
          component={Link}
          to={`/teachers/${record.id}/statement`}
          startIcon={<ReceiptIcon />}
        >
          {translate('dars.statement.open')}
        </Button>
      )}
      <Button component={Link} to={`/teachers/${record.id}/students`} startIcon={<GroupIcon />}>
        {translate('dars.teacher_students.open')}
      </Button>
    </>
  );
}

function TeacherForm({ withImages }: { withImages?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TeacherTerms />
      <TextInput source="bio" multiline minRows={3} />
      <TextInput source="phone" slotProps={LTR} />
      <TextInput source="email" slotProps={LTR_EMAIL} />
      {LINKS.map((field) => (
        <TextInput key={field} source={field} slotProps={LTR_URL} />
      ))}
      {withImages && (
        <>
          <ImageUpload
            source="avatar_url"
            label={translate('resources.teachers.fields.avatar_url')}
            upload={staffEndpoints.staffUploadTeacherAvatar}
          />
          <ImageUpload
            source="banner_url"
            label={translate('resources.teachers.fields.banner_url')}
            upload={staffEndpoints.staffUploadTeacherBanner}
          />
        </>
      )}
    </SimpleForm>
  );
}

export function TeacherCreate() {
  return (
    <Create redirect="edit">
      <TeacherForm />
    </Create>
  );
}

export function TeacherEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false} actions={<StatementLink />}>
      <TeacherForm withImages />
    </Edit>
  );
}
