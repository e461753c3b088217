import { useState } from 'react';
import {
  Datagrid,
  FunctionField,
  SearchInput,
  SelectInput,
  TextField,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Button, Chip } from '@mui/material';
import {
  endpoints,
  PAYMENT_ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  RECHARGE_METHODS,
  type StaffPaymentOrder,
} from '@dars/contract';
import { formatDateTime, formatMoney } from '@dars/ui/format';
import { moneyCalls } from '../../data/money-calls';
import { PhoneCards, useIsPhone } from '../../components/phone-cards';
import { ExportedList } from '../../components/export-button';
import { choicesOf } from '../../components/choices';
import { DateTimeField, MoneyField } from '../../components/formatted-fields';
import { failureOf } from '../../data/failure';

// Gateway orders (issue 13, ADR 030), admins only: the list with filters, and a re-check of an
// order that is not paid against its provider's status call.

const choices = (prefix: string, ids: readonly string[]) =>
  choicesOf(`dars.money.orders.${prefix}`, ids);

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput
    key="status"
    source="status"
    choices={choices('status', PAYMENT_ORDER_STATUSES)}
    alwaysOn
  />,
  <SelectInput key="provider" source="provider" choices={choices('provider', PAYMENT_PROVIDERS)} />,
  <SelectInput
    key="method"
    source="method"
    choices={choices(
      'method',
      RECHARGE_METHODS.filter((m) => m !== 'recharge_card' && m !== 'mobile_wallets'),
    )}
  />,
];

function StatusChip({ status }: { status: StaffPaymentOrder['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'paid' ? 'success' : status === 'failed' ? 'error' : 'default'}
      variant={status === 'pending' ? 'outlined' : 'filled'}
      label={translate(`dars.money.orders.status.${status}`)}
    />
  );
}

/** Asks the provider again about an order that is not paid; says what came of it. */
export function RecheckButton() {
  const order = useRecordContext<StaffPaymentOrder>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (!order || order.status === 'paid') return null;
  async function recheck() {
    setBusy(true);
    try {
      const answer = await moneyCalls.recheck(order!.id);
      notify(answer.meta.message, {
        type: answer.meta.result === 'credited' ? 'success' : 'info',
      });
      refresh();
    } catch (error) {
      notify(failureOf(error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={busy}
      aria-label={translate('dars.money.orders.recheck_of', { id: order.id })}
      onClick={(e) => {
        e.stopPropagation();
        void recheck();
      }}
    >
      {translate(busy ? 'dars.money.orders.rechecking' : 'dars.money.orders.recheck')}
    </Button>
  );
}

/** A phone: a card per order, its re-check button under it. */
function OrderCards() {
  const translate = useTranslate();
  const field = (name: string) => translate(`resources.payment-orders.fields.${name}`);
  return (
    <PhoneCards<StaffPaymentOrder>
      title={(o) => `${o.student.name} · ${formatMoney(o.amount)}`}
      lines={(o) => [
        { label: field('status'), value: <StatusChip status={o.status} /> },
        {
          label: field('provider'),
          value: `${translate(`dars.money.orders.provider.${o.provider}`, { _: o.provider })} · ${translate(`dars.money.orders.method.${o.method}`, { _: o.method })}`,
        },
        { label: field('id'), value: <span dir="ltr">{o.id}</span> },
        { label: field('created_at'), value: formatDateTime(o.created_at) },
        { label: field('paid_at'), value: o.paid_at ? formatDateTime(o.paid_at) : '—' },
      ]}
      actions={<RecheckButton />}
    />
  );
}

/** The orders, newest first. */
export function PaymentOrderList() {
  const isPhone = useIsPhone();
  return (
    <ExportedList
      endpoint={endpoints.staffExportPaymentOrders}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      {isPhone ? <OrderCards /> : <OrderTable />}
    </ExportedList>
  );
}

/** From `sm` up: a table, an order a row, its re-check button in the last column. */
function OrderTable() {
  const translate = useTranslate();
  return (
    <Datagrid bulkActionButtons={false} rowClick={false}>
      <FunctionField<StaffPaymentOrder>
        source="id"
        sortable={false}
        render={(o) => <span dir="ltr">{o.id}</span>}
      />
      <TextField source="student.name" sortable={false} />
      <FunctionField<StaffPaymentOrder>
        source="provider"
        sortable={false}
        render={(o) => translate(`dars.money.orders.provider.${o.provider}`, { _: o.provider })}
      />
      <FunctionField<StaffPaymentOrder>
        source="method"
        sortable={false}
        render={(o) => translate(`dars.money.orders.method.${o.method}`, { _: o.method })}
      />
      <MoneyField source="amount" />
      <FunctionField<StaffPaymentOrder>
        source="status"
        sortable={false}
        render={(o) => <StatusChip status={o.status} />}
      />
      <DateTimeField source="created_at" />
      <DateTimeField source="paid_at" sortable={false} />
      <RecheckButton />
    </Datagrid>
  );
}
