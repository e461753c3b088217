import type { ReactNode } from 'react';
import { Datagrid, SimpleList, type RaRecord } from 'react-admin';
import { useIsPhone } from './phone-cards';

/**
 * A list's rows: a table from the `sm` breakpoint, one line per record on a phone (a table
 * there would scroll sideways). Both open the record's `link` page (edit by default), or
 * nothing when it is false.
 */
export function ResponsiveList<T extends RaRecord>({
  primaryText,
  secondaryText,
  link = 'edit',
  children,
}: {
  primaryText: (record: T) => ReactNode;
  secondaryText?: (record: T) => ReactNode;
  link?: 'edit' | 'show' | false;
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
