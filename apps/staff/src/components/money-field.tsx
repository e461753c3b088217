import { FunctionField, type RaRecord } from 'react-admin';
import { formatMoney } from '@dars/ui/format';

/** A price in pounds as the student app writes it ('1,250.50 جنيه'). */
export function MoneyField({ source, label }: { source: string; label?: string }) {
  return (
    <FunctionField<RaRecord>
      source={source}
      label={label}
      render={(record) =>
        typeof record[source] === 'number' ? formatMoney(record[source] as number) : ''
      }
    />
  );
}
