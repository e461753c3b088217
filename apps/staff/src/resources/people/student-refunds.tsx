import { useState } from 'react';
import {
  NumberInput,
  RadioButtonGroupInput,
  TextInput,
  required,
  useNotify,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { Button } from '@mui/material';
import { PAID_SALE_METHODS, PAY_BY_LABELS, type StaffStudentRefund } from '@dars/contract';
import { formatDateTime, formatMoney } from '@dars/ui/format';
import { peopleCalls } from '../../data/people-calls';
import { FormDialog, useRefusal } from './student-actions';

const R = 'dars.people.refunds';

const PAID: ReadonlySet<string> = new Set(PAID_SALE_METHODS);

/** A row of the courses or purchases tab that can be refunded: it took money. */
export const refundable = (row: { pay_by: string; price_paid: number }) =>
  PAID.has(row.pay_by) && row.price_paid > 0;

/**
 * «رد المبلغ» on a course or lecture the student paid for (ADR 050): asks how much (all that was
 * paid unless changed), to the wallet or in cash, and why; then the page's lists are read again.
 * The server checks the role and the sale again.
 */
export function RefundButton({
  studentId,
  target,
  item,
  paid,
  onDone,
}: {
  studentId: number;
  target: { course_id: number } | { purchase_id: number };
  /** The course's or lecture's name. */
  item: string;
  /** pounds */
  paid: number;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const refusal = useRefusal();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        aria-label={translate(`${R}.button_label`, { item })}
        onClick={() => setOpen(true)}
      >
        {translate(`${R}.button`)}
      </Button>
      <FormDialog
        open={open}
        title={translate(`${R}.title`, { item })}
        help={translate(`${R}.help`, { amount: formatMoney(paid) })}
        submitLabel={translate(`${R}.button`)}
        onClose={() => setOpen(false)}
        onSubmit={async (values) => {
          let amount: number;
          try {
            ({ amount } = (
              await peopleCalls.refund(studentId, {
                ...target,
                // A number goes to the server as typed, which checks it against what was paid.
                ...(typeof values.amount === 'number' ? { amount: values.amount } : {}),
                to: values.to as 'wallet' | 'cash',
                reason: String(values.reason ?? ''),
              })
            ).data);
          } catch (e) {
            return refusal(e);
          }
          notify(`${R}.done`, { type: 'success', messageArgs: { amount: formatMoney(amount) } });
          setOpen(false);
          refresh();
          onDone();
          return undefined;
        }}
      >
        <NumberInput
          source="amount"
          label={translate(`${R}.amount`)}
          helperText={translate(`${R}.amount_help`)}
          defaultValue={paid}
          fullWidth
        />
        <RadioButtonGroupInput
          source="to"
          label={translate(`${R}.to`)}
          defaultValue="wallet"
          choices={[
            { id: 'wallet', name: `${R}.to_wallet` },
            { id: 'cash', name: `${R}.to_cash` },
          ]}
        />
        <TextInput
          source="reason"
          label={translate(`${R}.reason`)}
          validate={required()}
          multiline
          fullWidth
        />
      </FormDialog>
    </>
  );
}

/** What a refund gave back, for its tab's row: the item, then the sale it undid. */
export function refundItem(r: StaffStudentRefund, translate: (key: string, o?: object) => string) {
  return r.lecture
    ? `${r.lecture.name} — ${r.course.name}`
    : translate(`${R}.whole_course`, { course: r.course.name });
}

export function refundSale(r: StaffStudentRefund, translate: (key: string, o?: object) => string) {
  return translate(`${R}.sale_line`, {
    amount: formatMoney(r.sale_amount),
    method: PAY_BY_LABELS[r.sale_pay_by as keyof typeof PAY_BY_LABELS] ?? r.sale_pay_by,
    at: formatDateTime(r.sale_at),
  });
}
