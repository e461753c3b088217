/**
 * Numbers are shown with Western digits, Arabic wording around them (the platform's
 * audience reads prices as "1,250.00 جنيه"), and `,` as thousands separator.
 */
export const LOCALE = 'ar-EG-u-nu-latn';

/** The currency word after an amount. */
export const CURRENCY = 'جنيه';

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 });
const moneyFormat = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A number with thousands separators and at most two decimals.
 * @example formatNumber(12500) // '12,500'
 */
export function formatNumber(value: number): string {
  return integerFormat.format(value);
}

/**
 * An amount of pounds with two decimals, thousands separators and the word 'جنيه'.
 * @example formatMoney(1250.5) // '1,250.50 جنيه'
 */
export function formatMoney(pounds: number): string {
  return `${moneyFormat.format(pounds)} ${CURRENCY}`;
}

const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Africa/Cairo',
});
const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Africa/Cairo',
});

function toDate(moment: Date | string | number): Date | null {
  const date = moment instanceof Date ? moment : new Date(moment);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A moment as the school reads it: day, Arabic month name, year and time, in Cairo's time;
 * '' for a value that is not a date.
 * @example formatDateTime('2026-03-01T10:05:00Z') // '1 مارس 2026 في 12:05 م'
 */
export function formatDateTime(moment: Date | string | number): string {
  const date = toDate(moment);
  return date ? dateTimeFormat.format(date) : '';
}

/**
 * A day as the school reads it, in Cairo's time; '' for a value that is not a date.
 * @example formatDate('2026-03-01T10:05:00Z') // '1 مارس 2026'
 */
export function formatDate(moment: Date | string | number): string {
  const date = toDate(moment);
  return date ? dateFormat.format(date) : '';
}

// A spreadsheet cell's time: digits in a fixed order Excel reads as a date and time.
const sheetFormat = new Intl.DateTimeFormat('en-GB', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Africa/Cairo',
});

/**
 * A moment as a spreadsheet cell: `YYYY-MM-DD HH:mm` in Cairo's time (summer time included),
 * which Excel reads as a date and time in any language; '' for null or a value that is not a
 * date. Exports write this instead of the stored UTC instant, which a school would misread.
 * @example formatSheetDateTime('2026-11-28T12:05:00Z') // '2026-11-28 14:05'
 */
export function formatSheetDateTime(moment: Date | string | number | null): string {
  const date = moment === null ? null : toDate(moment);
  if (!date) return '';
  const part = Object.fromEntries(sheetFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/**
 * The forms of an Arabic noun after a count (spec §9: 1, 2, 3 to 10, and above).
 * `one` and `two` stand alone (Arabic drops the number there); `few` and `many` follow the
 * number. `zero` is optional: without it 0 reads as `0 <many>`. `other` is optional too: the
 * form after 100–102, 200… (`Intl.PluralRules('ar')` 'other', «100 طالب»); without it those
 * take `many`.
 */
export interface PluralForms {
  readonly zero?: string;
  readonly one: string;
  readonly two: string;
  readonly few: string;
  readonly many: string;
  readonly other?: string;
}

const arabicPlural = new Intl.PluralRules('ar');

/**
 * A count with the Arabic plural form that fits it. The spec's rule is followed for 1, 2,
 * 3–10 and 11–99; above 99 the last two digits decide as `Intl.PluralRules('ar')` does (103
 * takes `few` like 3, 111 `many` like 11, 100–102 `other`). Fractions and negatives use their
 * absolute value; a fraction takes the `many` form.
 * @example pluralize(2, { one: 'دورة', two: 'دورتان', few: 'دورات', many: 'دورة' }) // 'دورتان'
 * @example pluralize(7, { one: 'دورة', two: 'دورتان', few: 'دورات', many: 'دورة' }) // '7 دورات'
 * @example pluralize(25, { one: 'دورة', two: 'دورتان', few: 'دورات', many: 'دورة' }) // '25 دورة'
 * @example pluralize(100, { one: 'طالب واحد', two: 'طالبان', few: 'طلاب', many: 'طالبًا', other: 'طالب' }) // '100 طالب'
 */
export function pluralize(count: number, forms: PluralForms): string {
  const n = Math.abs(count);
  if (n === 0 && forms.zero !== undefined) return forms.zero;
  if (n === 1) return forms.one;
  if (n === 2) return forms.two;
  return `${formatNumber(count)} ${pluralWord(n, forms)}`;
}

/** The word after a number above 2 (see pluralize). */
function pluralWord(n: number, forms: PluralForms): string {
  if (!Number.isInteger(n)) return forms.many;
  if (n <= 10) return n >= 3 ? forms.few : forms.many;
  const rule = arabicPlural.select(n);
  if (rule === 'few') return forms.few;
  if (rule === 'other') return forms.other ?? forms.many;
  return forms.many;
}

/** The words of a file size's units, as each app's catalogue writes them. */
export interface FileSizeUnits {
  readonly bytes: string;
  readonly kilobytes: string;
  readonly megabytes: string;
  readonly gigabytes: string;
}

const fileSizeFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 1 });

/**
 * A file size in the largest unit it reaches (1024 steps, up to gigabytes), with at most one
 * decimal, Western digits and the app's unit word; a negative size reads as 0.
 * @example formatFileSize(1536, { bytes: 'بايت', kilobytes: 'كيلوبايت', megabytes: 'ميجابايت', gigabytes: 'جيجابايت' }) // '1.5 كيلوبايت'
 */
export function formatFileSize(bytes: number, units: FileSizeUnits): string {
  const words = [units.bytes, units.kilobytes, units.megabytes, units.gigabytes];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < words.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${fileSizeFormat.format(value)} ${words[unit]}`;
}
