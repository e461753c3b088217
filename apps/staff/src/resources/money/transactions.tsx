import { FunctionField, SearchInput, SelectInput, TextField, useTranslate } from 'react-admin';
import { endpoints, TRANSACTION_TYPES, type StaffTransaction } from '@dars/contract';
import { formatDateTime, formatMoney } from '@dars/ui/format';
import { ExportedList } from '../../components/export-button';
import { ResponsiveList } from '../../components/responsive-list';
import { DayMonthYearInput } from '../../components/day-month-year-input';
import { choicesOf } from '../../components/choices';
import { DateTimeField, MoneyField } from '../../components/formatted-fields';

// The wallet ledger of every student (issue 23, ADR 034), admins only: filtered by type and
// days, searched by serial or student, and downloaded for Excel.

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="type"
    source="type"
    choices={choicesOf('dars.people.ledger.types', TRANSACTION_TYPES)}
    alwaysOn
  />,
  <DayMonthYearInput key="from" source="from" filter="from" />,
  <DayMonthYearInput key="to" source="to" filter="to" />,
];

const signed = (r: StaffTransaction) => `${r.value > 0 ? '+' : ''}${formatMoney(r.value)}`;

/** The ledger, newest first. */
export function TransactionList() {
  const translate = useTranslate();
  const type = (r: StaffTransaction) =>
    translate(`dars.people.ledger.types.${r.type}`, { _: r.type });
  return (
    <ExportedList
      endpoint={endpoints.staffExportTransactions}
      filters={filters}
      sort={{ field: 'id', order: 'DESC' }}
    >
      <ResponsiveList<StaffTransaction>
        link={false}
        primaryText={(r) => `${r.student.name} — ${signed(r)}`}
        secondaryText={(r) => `${type(r)} · ${formatDateTime(r.created_at)}`}
      >
        <FunctionField<StaffTransaction>
          source="serial"
          sortable={false}
          render={(r) => (
            <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>
              {r.serial}
            </span>
          )}
        />
        <TextField source="student.name" sortable={false} />
        <FunctionField<StaffTransaction> source="type" sortable={false} render={type} />
        <FunctionField<StaffTransaction> source="value" render={signed} />
        <MoneyField source="balance_after" sortable={false} />
        <FunctionField<StaffTransaction>
          source="comment"
          sortable={false}
          render={(r) =>
            [r.comment, r.lecture?.name ?? r.course?.name].filter(Boolean).join(' — ') || '—'
          }
        />
        <DateTimeField source="created_at" />
      </ResponsiveList>
    </ExportedList>
  );
}
