import {
  Create,
  Edit,
  List,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
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

function TeacherForm({ withImages }: { withImages?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
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
    <Edit mutationMode="pessimistic" redirect={false}>
      <TeacherForm withImages />
    </Edit>
  );
}
