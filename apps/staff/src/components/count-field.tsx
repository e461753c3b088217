import { NumberField, type NumberFieldProps } from 'react-admin';
import { LOCALE } from '@dars/ui/format';

/**
 * react-admin's NumberField in the console's one numeral style (ADR 035): Western digits and
 * `,` thousands, whatever the browser's language (NumberField alone follows the browser, so an
 * Arabic one would write ١٢٣).
 * @example <CountField source="users_count" />
 */
export function CountField(props: NumberFieldProps) {
  return <NumberField locales={LOCALE} {...props} />;
}
