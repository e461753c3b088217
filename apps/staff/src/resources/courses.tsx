import {
  ArrayInput,
  AutocompleteArrayInput,
  BooleanField,
  ChipField,
  Labeled,
  ReferenceArrayField,
  ReferenceField,
  SimpleFormIterator,
  SingleFieldList,
  BooleanInput,
  Create,
  Edit,
  NullableBooleanInput,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  SimpleForm,
  TextField,
  TextInput,
  TopToolbar,
  required,
  useTranslate,
} from 'react-admin';
import { Typography } from '@mui/material';
import { CountField } from '../components/count-field';
import { formatMoney } from '@dars/ui/format';
import { ImageUpload } from '../components/image-upload';
import { MoneyField } from '../components/formatted-fields';
import { ResponsiveList } from '../components/responsive-list';
import { useRole } from '../components/use-role';
import { LectureOrder } from './lecture-order';
import { endpoints } from '@dars/contract';
import { ExportedList } from '../components/export-button';
import { choicesOf } from '../components/choices';
import { PriceInput, useMaySetPrices, withoutPricesFor } from '../components/amount-input';
import { CourseProgressButton } from './progress/progress-pages';

export const PAY_TYPES = choicesOf('dars.pay_type', ['course', 'lectures']);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput
    key="grade_id"
    source="grade_id"
    reference="grades"
    sort={{ field: 'position', order: 'ASC' }}
  >
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <ReferenceInput
    key="category_id"
    source="category_id"
    reference="categories"
    sort={{ field: 'position', order: 'ASC' }}
  >
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <ReferenceInput key="teacher_id" source="teacher_id" reference="teachers">
    <SelectInput optionText="name" />
  </ReferenceInput>,
  <NullableBooleanInput key="published" source="published" />,
  <NullableBooleanInput key="featured" source="featured" />,
];

type CourseRow = { id: number; name: string; price: number; free: boolean };

export function CourseList() {
  return (
    <ExportedList
      endpoint={endpoints.staffExportCourses}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <ResponsiveList<CourseRow>
        primaryText={(r) => r.name}
        secondaryText={(r) => formatMoney(r.price)}
      >
        <TextField source="name" />
        <MoneyField source="price" />
        <SelectField source="pay_type" choices={PAY_TYPES} />
        <BooleanField source="published" />
        <BooleanField source="featured" />
        <CountField source="lectures_count" />
        <CountField source="users_count" />
      </ResponsiveList>
    </ExportedList>
  );
}

/**
 * Each of the course's teachers' share of its sales (ADR 048), the admin's: empty for the
 * teacher's own percent. Saved teachers only (a teacher added is listed after saving).
 */
function CourseShares() {
  const translate = useTranslate();
  return (
    <ArrayInput
      source="teacher_shares"
      label={translate('dars.course_shares')}
      helperText={translate('dars.course_shares_help')}
    >
      <SimpleFormIterator disableAdd disableRemove disableReordering inline>
        <ReferenceField source="teacher_id" reference="teachers" link={false}>
          <TextField source="name" />
        </ReferenceField>
        <NumberInput
          source="share_percent"
          label={translate('resources.teachers.fields.revenue_share_percent')}
          min={0}
          max={100}
          step={1}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
}

/**
 * A course's fields (spec §3 / issue 12). The price is the admin's: a leader sees it disabled
 * with the reason under it, and the server refuses a leader's price change (403) anyway.
 */
function CourseForm({ edit }: { edit?: boolean }) {
  const translate = useTranslate();
  // Who teaches a course decides whose console sees it: the school's, not a teacher's (ADR 048).
  const role = useRole();
  const teacher = role === 'teacher';
  return (
    <SimpleForm>
      <TextInput source="name" validate={required()} />
      <TextInput source="description" multiline minRows={3} />
      <SelectInput source="pay_type" choices={PAY_TYPES} validate={required()} />
      <PriceInput source="price" />
      <BooleanInput source="published" />
      <BooleanInput source="featured" />
      <BooleanInput source="show_preview" />
      <NumberInput source="users_limit" min={1} step={1} />
      <ReferenceArrayInput
        source="grade_ids"
        reference="grades"
        sort={{ field: 'position', order: 'ASC' }}
        perPage={100}
      >
        <AutocompleteArrayInput optionText="name" />
      </ReferenceArrayInput>
      <ReferenceArrayInput
        source="category_ids"
        reference="categories"
        sort={{ field: 'position', order: 'ASC' }}
        perPage={100}
      >
        <AutocompleteArrayInput optionText="name" />
      </ReferenceArrayInput>
      {teacher ? (
        // Read, not a disabled input: the names stay legible, with the reason under them.
        edit && (
          <Labeled source="teacher_ids">
            <>
              <ReferenceArrayField source="teacher_ids" reference="teachers">
                <SingleFieldList linkType={false}>
                  <ChipField source="name" size="small" />
                </SingleFieldList>
              </ReferenceArrayField>
              <Typography variant="caption" color="text.secondary">
                {translate('dars.course_teachers_school')}
              </Typography>
            </>
          </Labeled>
        )
      ) : (
        <ReferenceArrayInput source="teacher_ids" reference="teachers" perPage={100}>
          <AutocompleteArrayInput optionText="name" />
        </ReferenceArrayInput>
      )}
      {edit && role === 'admin' && <CourseShares />}
      {edit && (
        <ImageUpload
          source="image_url"
          label={translate('resources.courses.fields.image_url')}
          upload={endpoints.staffUploadCourseImage}
        />
      )}
    </SimpleForm>
  );
}

/** A new course's defaults, one object (react-admin resets the form when it changes). */
const NEW_COURSE = { pay_type: 'lectures', price: 0, published: false };

export function CourseCreate() {
  const role = useRole();
  const mayPrice = useMaySetPrices();
  return (
    <Create
      redirect="edit"
      // A teacher's new course is theirs: the server lists them as its teacher.
      transform={(data: Record<string, unknown>) => {
        const { teacher_ids, ...rest } = withoutPricesFor(mayPrice, ['price'])(data);
        return role === 'teacher' ? rest : { ...rest, teacher_ids };
      }}
      record={NEW_COURSE}
    >
      <CourseForm />
    </Create>
  );
}

export function CourseEdit() {
  return (
    <Edit
      mutationMode="pessimistic"
      redirect={false}
      // Its students' progress report (issue 28), for the course's teacher too.
      actions={
        <TopToolbar>
          <CourseProgressButton />
        </TopToolbar>
      }
    >
      <CourseForm edit />
      <LectureOrder />
    </Edit>
  );
}
