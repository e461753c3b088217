import { useMemo } from 'react';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  Create,
  Edit,
  List,
  NumberInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SimpleForm,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { CountField } from '../components/count-field';
import { useLocation } from 'react-router-dom';
import { formatMoney } from '@dars/ui/format';
import { MoneyField } from '../components/formatted-fields';
import { ResponsiveList } from '../components/responsive-list';
import { LectureContents } from './lecture-contents';
import {
  PriceInput,
  useMaySetPrices,
  usePriceLock,
  withoutPricesFor,
} from '../components/amount-input';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="course_id" source="course_id" reference="courses" alwaysOn>
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
];

type LectureRow = { id: number; name: string; price: number };

export function LectureList() {
  return (
    <List filters={filters} sort={{ field: 'position', order: 'ASC' }} exporter={false}>
      <ResponsiveList<LectureRow>
        primaryText={(r) => r.name}
        secondaryText={(r) => formatMoney(r.price)}
      >
        <TextField source="name" />
        <ReferenceField source="course_id" reference="courses" link={false} />
        <CountField source="position" />
        <MoneyField source="price" />
        <BooleanField source="free" />
        <BooleanField source="preview" />
      </ResponsiveList>
    </List>
  );
}

const PRICE_FIELDS = ['price', 'repurchase_price'] as const;

function LectureForm({ edit }: { edit?: boolean }) {
  const priceLock = usePriceLock();
  return (
    <SimpleForm>
      <ReferenceInput source="course_id" reference="courses">
        <AutocompleteInput optionText="name" validate={required()} disabled={edit} />
      </ReferenceInput>
      <TextInput source="name" validate={required()} />
      <PriceInput source="price" />
      <BooleanInput source="free" />
      <BooleanInput source="preview" />
      <NumberInput source="expiry_days" min={1} step={1} />
      <BooleanInput source="repurchasable" />
      <NumberInput source="repurchase_price" min={0} step={0.01} {...priceLock} />
      <BooleanInput source="paycard_disabled" />
    </SimpleForm>
  );
}

export function LectureCreate() {
  const mayPrice = useMaySetPrices();
  // "إضافة محاضرة" on a course's page opens /lectures/create?course_id=7.
  const courseId = Number(new URLSearchParams(useLocation().search).get('course_id')) || undefined;
  // One object per course: react-admin resets the form when its default record changes, and a
  // new literal on each render would wipe what was typed.
  const record = useMemo(
    () => ({ course_id: courseId, price: 0, free: false, preview: false }),
    [courseId],
  );
  return (
    <Create
      redirect={(_resource, _id, data) =>
        data?.course_id ? `courses/${data.course_id}` : 'lectures'
      }
      record={record}
      transform={withoutPricesFor(mayPrice, PRICE_FIELDS)}
    >
      <LectureForm />
    </Create>
  );
}

export function LectureEdit() {
  return (
    <Edit mutationMode="pessimistic" redirect={false}>
      <LectureForm edit />
      <LectureContents />
    </Edit>
  );
}
