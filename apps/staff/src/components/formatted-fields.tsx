import { FunctionField, type RaRecord } from 'react-admin';
import { formatDateTime, formatMoney } from '@dars/ui/format';

type FieldProps = { source: string; label?: string; sortable?: boolean };

/** A column of `source` written by `format` (react-admin's header, label and sort as given). */
function FormattedField({ format, ...props }: FieldProps & { format: (value: unknown) => string }) {
  return <FunctionField<RaRecord> {...props} render={(record) => format(record[props.source])} />;
}

/** A price in pounds as the student app writes it ('1,250.50 جنيه'). */
export function MoneyField(props: FieldProps) {
  return (
    <FormattedField
      {...props}
      format={(value) => (typeof value === 'number' ? formatMoney(value) : '')}
    />
  );
}

/**
 * A moment as the console writes dates and times, or '—' when the record has none yet (an
 * order not paid, a session still running).
 * @example <DateTimeField source="created_at" />
 */
export function DateTimeField(props: FieldProps) {
  return (
    <FormattedField
      {...props}
      format={(value) => (typeof value === 'string' && value ? formatDateTime(value) : '—')}
    />
  );
}
