import type { ReactNode } from 'react';
import { Datagrid, SimpleList, type RaRecord } from 'react-admin';
import { useIsPhone } from './phone-cards';

/**
 * A list's rows: a table from the `sm` breakpoint, one line per record on a phone (a table
 * there would scroll sideways). Both open the record's edit page.
 */
export function ResponsiveList<T extends RaRecord>({
  primaryText,
  secondaryText,
  children,
}: {
  primaryText: (record: T) => ReactNode;
  secondaryText?: (record: T) => ReactNode;
  children: ReactNode;
}) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <SimpleList<T> primaryText={primaryText} secondaryText={secondaryText} linkType="edit" />
    );
  }
  return (
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      {children}
    </Datagrid>
  );
}
