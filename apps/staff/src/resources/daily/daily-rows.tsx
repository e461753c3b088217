import type { ReactNode } from 'react';
import { Datagrid, SimpleList, type RaRecord } from 'react-admin';
import { useIsPhone } from '../../components/phone-cards';

/**
 * A daily list's rows: a table from `sm` up, one line per record on a phone (no sideways
 * scrolling). Rows open the record's show page (these records are worked on, not edited), or
 * nothing when `link` is false.
 */
export function DailyRows<T extends RaRecord>({
  primaryText,
  secondaryText,
  link = 'show',
  children,
}: {
  primaryText: (record: T) => ReactNode;
  secondaryText?: (record: T) => ReactNode;
  link?: 'show' | false;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <SimpleList<T> primaryText={primaryText} secondaryText={secondaryText} linkType={link} />
    );
  }
  return (
    <Datagrid rowClick={link} bulkActionButtons={false}>
      {children}
    </Datagrid>
  );
}
