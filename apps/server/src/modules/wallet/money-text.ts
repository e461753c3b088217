import { CURRENCY_SUFFIX, fromPiasters } from '@dars/contract';

// As the web client shows money (spec §9): Western digits, thousands separators, two decimals.
const format = new Intl.NumberFormat('ar-EG-u-nu-latn', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * An amount of piasters as a student reads it in a notification.
 * @example moneyText(125_050) // '1,250.50 جنيه'
 */
export function moneyText(piasters: number): string {
  return `${format.format(fromPiasters(piasters))} ${CURRENCY_SUFFIX}`;
}
