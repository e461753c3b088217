import {
  AutocompleteInput,
  FunctionField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  useTranslate,
} from 'react-admin';
import { endpoints, PAY_BY_LABELS, type StaffPurchase } from '@dars/contract';
import { formatDateTime, formatMoney } from '@dars/ui/format';
import { ExportedList } from '../../components/export-button';
import { ResponsiveList } from '../../components/responsive-list';
import { DayMonthYearInput } from '../../components/day-month-year-input';
import { choicesOf } from '../../components/choices';
import { DateTimeField, MoneyField } from '../../components/formatted-fields';

// Lecture purchases and grants of every student (issue 23, ADR 034), admins only: the list a
// school filters by student, course, how it was paid and days, and downloads for Excel.

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <ReferenceInput key="course_id" source="course_id" reference="courses">
    <AutocompleteInput optionText="name" />
  </ReferenceInput>,
  <SelectInput
    key="pay_by"
    source="pay_by"
    choices={choicesOf('dars.people.purchases.by', Object.keys(PAY_BY_LABELS))}
    alwaysOn
  />,
  <DayMonthYearInput key="from" source="from" filter="from" />,
  <DayMonthYearInput key="to" source="to" filter="to" />,
];

/** The purchases, newest first. */
export function PurchaseList() {
  const translate = useTranslate();
  const payBy = (r: StaffPurchase) =>
    translate(`dars.people.purchases.by.${r.pay_by}`, { _: r.pay_by }) +
    (r.granted_by ? ` — ${r.granted_by}` : '');
  return (
    <ExportedList
      endpoint={endpoints.staffExportPurchases}
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
    >
      <ResponsiveList<StaffPurchase>
        link={false}
        primaryText={(r) => `${r.student.name} — ${r.lecture.name}`}
        secondaryText={(r) =>
          `${formatMoney(r.price_paid)} · ${payBy(r)} · ${formatDateTime(r.created_at)}`
        }
      >
        <TextField source="student.name" sortable={false} />
        <TextField source="course.name" sortable={false} />
        <TextField source="lecture.name" sortable={false} />
        <MoneyField source="price_paid" />
        <FunctionField<StaffPurchase> source="pay_by" sortable={false} render={payBy} />
        <DateTimeField source="created_at" />
        <DateTimeField source="expires_at" sortable={false} />
      </ResponsiveList>
    </ExportedList>
  );
}
