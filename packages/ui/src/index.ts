export { BRAND_PRIMARY, FONT_FAMILY, themeOptions } from './theme';
export { createRtlCache } from './rtl-cache';
export {
  CURRENCY,
  LOCALE,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatSheetDateTime,
  pluralize,
  type PluralForms,
} from './format';
